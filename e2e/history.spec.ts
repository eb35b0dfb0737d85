import { expect, test, type Page } from '@playwright/test';
import * as factories from '../src/server/test/api-factories';
import { apiSignIn, client, createCampaign, createPlaylist, uploadImage } from './api';
import { createIsolatedUser, mainNav, signIn, toast, unique } from './support';

/**
 * The Histórico page (issue 15) against the real server, in a pool workspace of its own: a device
 * created and removed in the UI, a campaign published over the API, each in the history with its
 * text and author; the filters; the removed device's entries kept; a change made elsewhere shown
 * while the page is open.
 */

const entries = (page: Page) => page.getByTestId('activity');
const entry = (page: Page, text: string) => entries(page).filter({ hasText: text });

async function choose(page: Page, combobox: string, option: string) {
  await page.getByRole('combobox', { name: combobox }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test.describe('history', () => {
  test('shows what was done in the UI and over the API, filters it, and keeps a removed device’s entries', async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const user = await createIsolatedUser(request);
    const tag = unique('h');
    await signIn(page, user.email, user.password);

    // A device created in the UI.
    const device = `TV Recepção ${tag}`;
    await mainNav(page).getByRole('link', { name: 'Dispositivos' }).click();
    await page.getByRole('link', { name: 'Adicionar Dispositivo' }).first().click();
    await page.getByLabel('Nome do dispositivo').fill(device);
    await page.getByLabel('Localização').fill('Loja Centro');
    await page.getByRole('button', { name: 'Criar Dispositivo' }).click();
    await expect(toast(page, 'Sucesso!')).toContainText('Dispositivo criado com sucesso.');

    // A campaign on it, created and published over the API as the same user.
    await apiSignIn(request, user);
    const playlist = await createPlaylist(request, `Vitrine ${tag}`, [(await uploadImage(request, `${tag}.png`)).id]);
    const devices = (await (await request.get('/api/devices')).json()) as Array<{ id: number; name: string }>;
    const deviceId = devices.find((d) => d.name === device)!.id;
    const campaign = await createCampaign(request, {
      name: `Verão ${tag}`,
      playlistId: playlist.id,
      deviceIds: [deviceId],
    });
    await factories.setCampaignStatus(client(request), campaign.id, 'published');

    // The device removed in the UI.
    await page.goto('/devices');
    await page.getByRole('button', { name: `Ações de ${device}`, exact: true }).click();
    await page.getByRole('menuitem', { name: 'Remover' }).click();
    await page
      .getByRole('alertdialog', { name: 'Remover Dispositivo' })
      .getByRole('button', { name: 'Remover Dispositivo' })
      .click();
    await expect(toast(page, 'Dispositivo removido')).toBeVisible();

    await mainNav(page).getByRole('link', { name: 'Histórico' }).click();
    await expect(page).toHaveURL(/\/history$/);
    await expect(page.getByRole('heading', { name: 'Histórico', level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Hoje', level: 2 })).toBeVisible();
    const ours = [
      `Dispositivo "${device}" removido`,
      `Campanha "Verão ${tag}": Publicada`,
      `Campanha "Verão ${tag}" criada`,
      `Playlist "Vitrine ${tag}" criada`,
      `Mídia "${tag}.png" enviada`,
      `Dispositivo "${device}" criado`,
    ];
    // Newest first; each names its author and its time.
    const texts = (await entries(page).locator('p.font-medium').allTextContents()).filter((text) =>
      ours.includes(text),
    );
    expect(texts).toEqual(ours);
    await expect(entry(page, `Dispositivo "${device}" criado`)).toContainText(user.username);
    await expect(entry(page, `Dispositivo "${device}" criado`).locator('time')).toHaveText(/^\d{2}:\d{2}$/);

    // The search box is usable beside the filters (next to the sidebar at 1280 px it was a few pixels wide).
    expect((await page.getByRole('searchbox', { name: 'Buscar no histórico' }).boundingBox())!.width).toBeGreaterThan(
      300,
    );

    // Filters: entity type, search (accents and case ignored), user, period.
    await choose(page, 'Tipo', 'Dispositivos');
    await expect(entries(page)).toHaveCount(2);
    await expect(entries(page).first()).toContainText(`Dispositivo "${device}" removido`);
    await expect(entries(page).last()).toContainText(`Dispositivo "${device}" criado`);
    await choose(page, 'Tipo', 'Todos os tipos');
    await page.getByRole('searchbox', { name: 'Buscar no histórico' }).fill(`verao ${tag.toUpperCase()}`);
    await expect(entries(page)).toHaveCount(2);
    await expect(entries(page).first()).toContainText('Publicada');
    await page.getByRole('searchbox', { name: 'Buscar no histórico' }).fill('nada-disso-existe');
    await expect(page.getByText('Nenhuma atividade encontrada')).toBeVisible();
    await page.getByRole('button', { name: 'Limpar filtros' }).click();
    await expect(entry(page, `Dispositivo "${device}" criado`)).toBeVisible();
    await choose(page, 'Usuário', user.username);
    await expect(entries(page).filter({ hasNotText: user.username })).toHaveCount(0);
    await page.getByLabel('De', { exact: true }).fill('2020-01-01');
    await page.getByLabel('Até', { exact: true }).fill('2020-01-31');
    await expect(page.getByText('Nenhuma atividade encontrada')).toBeVisible();
    await page.getByRole('button', { name: 'Limpar filtros' }).click();

    // A change made elsewhere shows while the page is open (the admin socket's message refetches it).
    const group = `Lojas ${tag}`;
    await factories.createGroup(client(request), { name: group });
    await expect(entries(page).first()).toContainText(`Grupo "${group}" criado`);

    // Still there after a reload: the removed device's history stays.
    await page.reload();
    await expect(entry(page, `Dispositivo "${device}" criado`)).toBeVisible();
    await expect(entry(page, `Dispositivo "${device}" removido`)).toBeVisible();
  });
});
