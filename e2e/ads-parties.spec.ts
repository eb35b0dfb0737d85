import { expect, test, type Page } from '@playwright/test';
import { createDevice } from './api';
import { createIsolatedUser, createUserViaApi, mainNav, signIn, toast, unique } from './support';

/** The dialog of the page, and one of its fields. */
const dialog = (page: Page) => page.getByRole('dialog');
const field = (page: Page, label: string) => dialog(page).getByLabel(label, { exact: true });

// docs/ads.md#pages: the admins' Anunciantes and Parceiros pages and the device form's Anúncios card,
// against the real server; the rules themselves are the API tests' (src/server/features/ads).
test.describe('ad parties', () => {
  test('an admin registers an advertiser (a bad CNPJ refused first) and a partner, and sells a screen through the device form', async ({
    page,
    request,
  }) => {
    const admin = await createIsolatedUser(request, 'admin');
    await signIn(page, admin.email, admin.password);

    await mainNav(page).getByRole('link', { name: 'Anunciantes' }).click();
    await expect(page).toHaveURL(/\/advertisers$/);
    await expect(page.getByRole('heading', { name: 'Anunciantes', level: 1 })).toBeVisible();
    await expect(page.getByText('Nenhum anunciante cadastrado.')).toBeVisible();
    await page.getByRole('button', { name: 'Novo anunciante' }).click();
    await field(page, 'Nome').fill('Ótica Visão');
    await field(page, 'CPF ou CNPJ').fill('11.222.333/0001-82');
    await field(page, 'Email de contato').fill('vendas@otica.com.br');
    await dialog(page).getByRole('button', { name: 'Cadastrar' }).click();
    await expect(dialog(page).getByText('CPF ou CNPJ inválido: confira os números')).toBeVisible();
    expect(await (await page.request.get('/api/advertisers')).json()).toEqual([]);
    await field(page, 'CPF ou CNPJ').fill('11.222.333/0001-81');
    await dialog(page).getByRole('button', { name: 'Cadastrar' }).click();
    await expect(toast(page, 'Anunciante cadastrado.')).toBeVisible();
    const advertisers = page.getByRole('table', { name: 'Anunciantes' });
    await expect(advertisers.getByRole('row').nth(1)).toContainText('Ótica Visão');
    await expect(advertisers.getByRole('row').nth(1)).toContainText('11.222.333/0001-81');

    await mainNav(page).getByRole('link', { name: 'Parceiros' }).click();
    await expect(page).toHaveURL(/\/partners$/);
    await page.getByRole('button', { name: 'Novo parceiro' }).click();
    const partnerName = unique('Shopping ');
    await field(page, 'Nome').fill(partnerName);
    await field(page, 'CPF ou CNPJ').fill('04.252.011/0001-11');
    await field(page, 'Comissão padrão (%)').fill('100,5');
    await dialog(page).getByRole('button', { name: 'Cadastrar' }).click();
    await expect(dialog(page).getByText('CPF ou CNPJ inválido: confira os números')).toBeVisible();
    await expect(dialog(page).getByText('Comissão inválida: de 0 a 100 %, com até 2 casas decimais')).toBeVisible();
    expect(await (await page.request.get('/api/partners')).json()).toEqual([]);
    await field(page, 'CPF ou CNPJ').fill('04252011000110');
    await field(page, 'Comissão padrão (%)').fill('12,5');
    await dialog(page).getByRole('button', { name: 'Cadastrar' }).click();
    await expect(toast(page, 'Parceiro cadastrado.')).toBeVisible();
    const partners = page.getByRole('table', { name: 'Parceiros' });
    await expect(partners.getByRole('row').nth(1)).toContainText('04.252.011/0001-10');
    await expect(partners.getByRole('row').nth(1)).toContainText('12,5 %');

    const device = await createDevice(page.request, { name: unique('Tela ') });
    await page.goto(`/devices/edit/${device.id}`);
    const card = page.getByText('Anúncios', { exact: true });
    await expect(card).toBeVisible();
    await page.getByRole('combobox', { name: 'Parceiro' }).click();
    await page.getByRole('option', { name: partnerName }).click();
    await page.getByLabel('Preço por exibição (R$)').fill('1,50');
    await page.getByLabel('Público por exibição').fill('40');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(toast(page, 'Dispositivo atualizado com sucesso.')).toBeVisible();
    await expect(page).toHaveURL(/\/devices$/);

    await page.goto(`/devices/edit/${device.id}`);
    await page.reload();
    await expect(page.getByLabel('Preço por exibição (R$)')).toHaveValue('1,50');
    await expect(page.getByLabel('Público por exibição')).toHaveValue('40');
    await expect(page.getByRole('combobox', { name: 'Parceiro' })).toHaveText(partnerName);
    const partner = (await (await page.request.get('/api/partners')).json())[0];
    expect(await (await page.request.get(`/api/devices/${device.id}`)).json()).toMatchObject({
      partnerId: partner.id,
      pricePerPlayCents: 150,
      audiencePerPlay: 40,
    });

    // A user of the same workspace: no entry for either page, no Anúncios card, and saving the
    // device form keeps what the admin set.
    const user = await createUserViaApi(request, 'user', admin);
    await page.context().clearCookies();
    await signIn(page, user.email, user.password);
    await expect(mainNav(page).getByRole('link', { name: 'Dispositivos' })).toBeVisible();
    await expect(mainNav(page).getByRole('link', { name: 'Anunciantes' })).toHaveCount(0);
    await expect(mainNav(page).getByRole('link', { name: 'Parceiros' })).toHaveCount(0);
    await page.goto('/partners');
    await expect(page.getByText('Apenas administradores podem cadastrar anunciantes e parceiros.')).toBeVisible();
    await page.goto(`/devices/edit/${device.id}`);
    await expect(page.getByLabel('Nome do dispositivo')).toHaveValue(device.name);
    await expect(page.getByLabel('Preço por exibição (R$)')).toHaveCount(0);
    await page.getByLabel('Localização').fill('Corredor B');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(toast(page, 'Dispositivo atualizado com sucesso.')).toBeVisible();
    const kept = await (await page.request.get(`/api/devices/${device.id}`)).json();
    expect(kept).toMatchObject({
      location: 'Corredor B',
      partnerId: partner.id,
      pricePerPlayCents: 150,
      audiencePerPlay: 40,
    });
  });
});
