import { expect, test } from '@playwright/test';
import { createUserViaApi, E2E_ADMIN, E2E_OTHER_ADMIN, mainNav, signIn, toast, unique } from './support';

// The admin of another workspace: the other specs' changes (the e2e admin's workspace) send
// this page no realtime message, so no toast of theirs can stand in for the ones checked here.
test.describe('users page', () => {
  test('an admin creates, edits and deletes a user of their workspace, and cannot delete an admin', async ({
    page,
  }) => {
    const username = unique('ana');
    await signIn(page, E2E_OTHER_ADMIN.email, E2E_OTHER_ADMIN.password);
    await expect(page.getByTestId('sidebar-workspace')).toHaveText(E2E_OTHER_ADMIN.workspace);
    await mainNav(page).getByRole('link', { name: 'Usuários', exact: true }).click();
    await expect(page).toHaveURL(/\/users$/);
    // Only this workspace's users: the e2e admin (another workspace) is not listed.
    await expect(page.getByRole('list', { name: 'Lista de usuários' })).toContainText(E2E_OTHER_ADMIN.email);
    await expect(page.getByRole('list', { name: 'Lista de usuários' })).not.toContainText(E2E_ADMIN.email);

    // Validation toasts of docs/product.md#validation.
    await page.getByRole('button', { name: 'Novo Usuário' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Criar Usuário' }).click();
    await expect(toast(page, 'Campos obrigatórios')).toContainText('Nome de usuário e email são obrigatórios.');
    await dialog.getByLabel('Nome de usuário').fill(username);
    await dialog.getByLabel('Email', { exact: true }).fill(`${username}@exemplo.com.br`);
    await dialog.getByRole('button', { name: 'Criar Usuário' }).click();
    await expect(toast(page, 'Senha obrigatória')).toContainText('A senha é obrigatória para novos usuários.');

    await dialog.getByLabel('Senha', { exact: true }).fill('senha-da-ana-1');
    await dialog.getByRole('button', { name: 'Criar Usuário' }).click();
    await expect(toast(page, 'O usuário foi criado com sucesso.')).toBeVisible();
    await expect(dialog).toBeHidden();

    const cards = page.getByRole('list', { name: 'Lista de usuários' }).getByRole('listitem');
    const card = cards.filter({ hasText: username });
    await expect(card).toContainText(`${username}@exemplo.com.br`);
    await expect(card).toContainText('Usuário');
    await expect(card).toContainText('Ativo');

    // Search by username.
    await page.getByPlaceholder('Buscar usuários...').fill(username.toUpperCase());
    await expect(cards).toHaveCount(1);
    await page.getByPlaceholder('Buscar usuários...').fill('ninguem-com-esse-nome');
    await expect(page.getByText('Nenhum usuário encontrado')).toBeVisible();
    await page.getByPlaceholder('Buscar usuários...').fill('');

    // Edit: an empty password keeps the current one.
    await page.getByRole('button', { name: `Editar usuário ${username}` }).click();
    await expect(dialog.getByLabel('Nome de usuário')).toHaveValue(username);
    await dialog.getByLabel('Email', { exact: true }).fill(`${username}.novo@exemplo.com.br`);
    await dialog.getByRole('button', { name: 'Salvar Alterações' }).click();
    await expect(toast(page, 'O usuário foi atualizado com sucesso.')).toBeVisible();
    await expect(card).toContainText(`${username}.novo@exemplo.com.br`);

    // One's own password changes on the profile (where the current one is asked), not here.
    await page.getByRole('button', { name: 'Editar usuário admin', exact: true }).click();
    await expect(dialog).toContainText('Para alterar a sua própria senha, use a página Perfil');
    await expect(dialog.getByLabel('Senha', { exact: true })).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Cancelar' }).click();

    // Admin cards cannot be deleted.
    await expect(page.getByRole('button', { name: 'Remover usuário admin', exact: true })).toBeDisabled();

    // Delete with confirmation.
    await page.getByRole('button', { name: `Remover usuário ${username}` }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText('Tem certeza que deseja remover este usuário?');
    await confirm.getByRole('button', { name: 'Remover' }).click();
    await expect(toast(page, 'O usuário foi removido com sucesso.')).toBeVisible();
    await expect(card).toHaveCount(0);
  });

  test('a taken email shows the server message (emails are unique on the whole server)', async ({ page, request }) => {
    const existing = await createUserViaApi(request);
    await signIn(page, E2E_OTHER_ADMIN.email, E2E_OTHER_ADMIN.password);
    await page.goto('/users');
    await page.getByRole('button', { name: 'Novo Usuário' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Nome de usuário').fill(unique('outro'));
    await dialog.getByLabel('Email', { exact: true }).fill(existing.email);
    await dialog.getByLabel('Senha', { exact: true }).fill('senha-qualquer-1');
    await dialog.getByRole('button', { name: 'Criar Usuário' }).click();
    await expect(toast(page, 'Erro ao criar usuário')).toContainText('Este email já está em uso.');
    await expect(dialog).toBeVisible();
  });

  test('a regular user sees Acesso Negado on /users and no admin entries', async ({ page, request }) => {
    const user = await createUserViaApi(request);
    await signIn(page, user.email, user.password);
    const nav = mainNav(page);
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Usuários', exact: true })).toHaveCount(0);
    await expect(nav.getByRole('link', { name: /^Documentação/ })).toHaveCount(0);
    await expect(page.getByRole('link', { name: new RegExp(`${user.username}.*Usuário`, 's') })).toBeVisible();

    await page.goto('/users');
    await expect(page.getByText('Acesso Negado')).toBeVisible();
    await page.getByRole('button', { name: 'Voltar ao Dashboard' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});
