import { expect, test } from '@playwright/test';
import { createUserViaApi, E2E_ADMIN, mainNav, signIn, toast } from './support';

test.describe('sign-in', () => {
  test('shows the failure toast for wrong credentials and stays on the login screen', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Email').fill(E2E_ADMIN.email);
    await page.getByLabel('Senha', { exact: true }).fill('senha-errada');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(toast(page, 'Erro no login')).toContainText('Usuário ou senha inválidos');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('requires both fields', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page.getByText('Email é obrigatório')).toBeVisible();
    await expect(page.getByText('Senha é obrigatória')).toBeVisible();
  });

  test('toggles the password visibility', async ({ page }) => {
    await page.goto('/login');
    const password = page.getByLabel('Senha', { exact: true });
    await expect(password).toHaveAttribute('type', 'password');
    await page.getByRole('button', { name: 'Mostrar senha' }).click();
    await expect(password).toHaveAttribute('type', 'text');
    await page.getByRole('button', { name: 'Ocultar senha' }).click();
    await expect(password).toHaveAttribute('type', 'password');
  });

  test('the first admin signs in, lands on the dashboard inside the shell, and logs out', async ({ page }) => {
    await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await expect(toast(page, 'Login realizado')).toContainText('Bem-vindo ao sistema!');
    const nav = mainNav(page);
    for (const entry of ['Dashboard', 'Dispositivos', 'Galeria', 'Playlists', 'Usuários']) {
      await expect(nav.getByRole('link', { name: entry, exact: true })).toBeVisible();
    }
    const docs = nav.getByRole('link', { name: /^Documentação/ });
    await expect(docs).toHaveAttribute('href', '/api-docs');
    await expect(docs).toHaveAttribute('target', '_blank');
    await expect(page.getByRole('link', { name: /admin.*Administrador/s })).toHaveAttribute('href', '/profile');

    await page.getByRole('button', { name: 'Sair' }).click();
    await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible();
    await page.goto('/dashboard');
    await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible();
  });

  test('an anonymous visitor of a private route sees the login screen on that URL', async ({ page }) => {
    await page.goto('/profile');
    await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible();
    await expect(page).toHaveURL(/\/profile$/);
  });

  test('remembers the email when asked, and forgets it when unticked', async ({ page, request }) => {
    const user = await createUserViaApi(request);
    await page.goto('/login');
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Senha', { exact: true }).fill(user.password);
    await page.getByLabel('Lembrar credenciais').check();
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    const stored = await page.evaluate(() => JSON.stringify(localStorage));
    expect(stored).toContain(user.email);
    expect(stored).not.toContain(user.password);

    await page.getByRole('button', { name: 'Sair' }).click();
    await page.goto('/login');
    await expect(page.getByLabel('Email')).toHaveValue(user.email);
    await expect(page.getByLabel('Lembrar credenciais')).toBeChecked();

    await page.getByLabel('Senha', { exact: true }).fill(user.password);
    await page.getByLabel('Lembrar credenciais').uncheck();
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.getByRole('button', { name: 'Sair' }).click();
    await page.goto('/login');
    await expect(page.getByLabel('Email')).toHaveValue('');
    await expect(page.getByLabel('Lembrar credenciais')).not.toBeChecked();
  });

  test('on a phone the sidebar becomes a slide-out menu', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await expect(mainNav(page)).toBeHidden();
    await page.getByRole('button', { name: 'Abrir menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await menu.getByRole('link', { name: 'Usuários', exact: true }).click();
    await expect(page).toHaveURL(/\/users$/);
    await expect(menu).toBeHidden();
    await expect(page.getByRole('heading', { name: 'Usuários', level: 1 })).toBeVisible();
  });
});
