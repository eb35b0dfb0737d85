import { expect, test } from '@playwright/test';
import { createIsolatedUser, createUserViaApi, mainNav, signIn, toast, unique } from './support';

test.describe('API keys page', () => {
  test('an admin creates a key (shown once), the list never shows it, the key works, then is deactivated and deleted', async ({
    page,
    request,
  }) => {
    // Alone in a workspace: the list holds this test's key only.
    const admin = await createIsolatedUser(request, 'admin');
    const name = unique('Integração ');
    await signIn(page, admin.email, admin.password);
    await mainNav(page).getByRole('link', { name: 'Chaves de API' }).click();
    await expect(page).toHaveURL(/\/api-keys$/);
    await expect(page.getByText('Nenhuma chave de API')).toBeVisible();

    await page.getByRole('button', { name: 'Nova Chave' }).click();
    const dialog = page.getByRole('dialog');
    // The one schema of form and server: a name and at least one permission.
    await dialog.getByRole('button', { name: 'Criar Chave' }).click();
    await expect(dialog.getByText('Nome da chave é obrigatório')).toBeVisible();
    await dialog.getByLabel('Nome').fill(name);
    await dialog.getByRole('button', { name: 'Criar Chave' }).click();
    await expect(dialog.getByText('Escolha ao menos uma permissão.')).toBeVisible();
    await dialog.getByTestId('permission-devices').click();
    await page.getByRole('option', { name: 'Leitura', exact: true }).click();
    await dialog.getByTestId('permission-media').click();
    await page.getByRole('option', { name: 'Leitura e escrita' }).click();
    await dialog.getByRole('button', { name: 'Criar Chave' }).click();
    await expect(toast(page, 'Chave de API criada com sucesso.')).toBeVisible();

    await expect(dialog).toContainText('não será mostrada de novo');
    const key = await dialog.getByTestId('created-api-key').inputValue();
    expect(key).toMatch(/^snz_[A-Za-z0-9_-]{43}$/);
    await dialog.getByRole('button', { name: 'Concluído' }).click();
    await expect(dialog).toBeHidden();

    const card = page
      .getByRole('list', { name: 'Lista de chaves de API' })
      .getByRole('listitem')
      .filter({ hasText: name });
    await expect(card.getByTestId('api-key-prefix')).toHaveText(`${key.slice(0, 12)}…`);
    await expect(card).toContainText('Dispositivos: Leitura');
    await expect(card).toContainText('Mídias: Leitura e escrita');
    await expect(card).toContainText('Nunca usada');
    await expect(card.getByTestId('api-key-status')).toHaveText('Ativa');
    // Never again on screen, not even after a reload.
    await page.reload();
    await expect(card).toBeVisible();
    expect(await page.content()).not.toContain(key);

    // The key reads devices; it is refused once deactivated.
    const asKey = () => request.get('/api/devices', { headers: { authorization: `Bearer ${key}` } });
    expect((await asKey()).status()).toBe(200);
    await page.getByRole('button', { name: `Desativar a chave ${name}` }).click();
    await expect(toast(page, 'Chave de API atualizada com sucesso.')).toBeVisible();
    await expect(card.getByTestId('api-key-status')).toHaveText('Desativada');
    expect((await asKey()).status()).toBe(401);
    await page.getByRole('button', { name: `Ativar a chave ${name}` }).click();
    await expect(card.getByTestId('api-key-status')).toHaveText('Ativa');

    await page.getByRole('button', { name: `Remover a chave ${name}` }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText('Tem certeza que deseja remover esta chave?');
    await confirm.getByRole('button', { name: 'Remover' }).click();
    await expect(toast(page, 'Chave de API removida com sucesso.')).toBeVisible();
    await expect(card).toHaveCount(0);
    expect((await asKey()).status()).toBe(401);
  });

  test('a regular user has no Chaves de API entry and sees Acesso Negado', async ({ page, request }) => {
    const user = await createUserViaApi(request);
    await signIn(page, user.email, user.password);
    await expect(mainNav(page).getByRole('link', { name: 'Dashboard' })).toBeVisible();
    await expect(mainNav(page).getByRole('link', { name: 'Chaves de API' })).toHaveCount(0);
    await page.goto('/api-keys');
    await expect(page.getByText('Acesso Negado')).toBeVisible();
    await expect(page.getByText('Apenas administradores podem gerenciar chaves de API.')).toBeVisible();
  });
});
