import { expect, test } from '@playwright/test';
import { createIsolatedUser, signIn, toast } from './support';

test.describe('profile', () => {
  test('a user edits their details and changes the password only with the right current one', async ({
    page,
    request,
  }) => {
    const user = await createIsolatedUser(request);
    await signIn(page, user.email, user.password);
    await page.goto('/profile');
    await expect(page.getByRole('heading', { name: user.username, level: 1 })).toBeVisible();
    await expect(page.getByText(String(user.id), { exact: true })).toBeVisible();
    // The user's workspace (docs/security.md#roles-and-tenancy), on the profile and in the sidebar.
    await expect(page.getByTestId('profile-workspace')).toHaveText(user.workspace);
    await expect(page.getByTestId('sidebar-workspace')).toHaveText(user.workspace);

    await page.getByRole('button', { name: 'Editar Perfil' }).click();
    await page.getByLabel('Telefone').fill('21 97777-6666');
    await page.getByRole('button', { name: 'Salvar Alterações' }).click();
    await expect(toast(page, 'Suas informações foram atualizadas com sucesso.')).toBeVisible();
    await expect(page.getByText('21 97777-6666')).toBeVisible();

    // Cancel restores the server values.
    await page.getByRole('button', { name: 'Editar Perfil' }).click();
    await page.getByLabel('Telefone').fill('00 0000-0000');
    await page.getByRole('button', { name: 'Cancelar' }).click();
    await expect(page.getByText('21 97777-6666')).toBeVisible();

    // Mismatched confirmation.
    await page.getByRole('button', { name: 'Editar Perfil' }).click();
    await page.getByLabel('Senha atual').fill(user.password);
    await page.getByLabel('Nova senha', { exact: true }).fill('nova-senha-forte-1');
    await page.getByLabel('Confirmar nova senha').fill('outra-coisa-123');
    await page.getByRole('button', { name: 'Salvar Alterações' }).click();
    await expect(page.getByText('A confirmação de senha não confere.').first()).toBeVisible();

    // New password without the current one.
    await page.getByLabel('Senha atual').fill('');
    await page.getByLabel('Confirmar nova senha').fill('nova-senha-forte-1');
    await page.getByRole('button', { name: 'Salvar Alterações' }).click();
    await expect(toast(page, 'Erro de validação')).toContainText('Senha atual é obrigatória para alterar a senha.');

    // Wrong current password: refused by the server.
    await page.getByLabel('Senha atual').fill('nao-e-a-senha');
    await page.getByRole('button', { name: 'Salvar Alterações' }).click();
    await expect(toast(page, 'Erro ao atualizar perfil')).toContainText('Senha atual incorreta.');

    // Right current password.
    await page.getByLabel('Senha atual').fill(user.password);
    await page.getByRole('button', { name: 'Salvar Alterações' }).click();
    await expect(toast(page, 'Suas informações foram atualizadas com sucesso.')).toBeVisible();

    await page.getByRole('button', { name: 'Sair' }).click();
    await signIn(page, user.email, 'nova-senha-forte-1');
  });
});
