import { expect, test } from '@playwright/test';
import { createIsolatedUser, mainNav, signIn } from './support';

/**
 * A page whose code cannot be downloaded (the server restarting, the network gone) says so inside
 * the shell and offers a reload; it never blanks the whole app (a CI run of live.spec.ts found the
 * blank page when the server stopped while the devices page's chunks were loading).
 */
test('a page whose code fails to download shows a pt-BR notice with Recarregar, and the shell stays', async ({
  page,
  request,
}) => {
  const user = await createIsolatedUser(request);
  await signIn(page, user.email, user.password);
  await expect(page.locator('[data-realtime="connected"]')).toBeVisible();

  // The gallery's own chunk (and only it) cannot be fetched.
  await page.route(/\/assets\/gallery-page-[^/]+\.js$/, (route) => route.abort('connectionreset'));
  await mainNav(page).getByRole('link', { name: 'Galeria' }).click();
  const notice = page.getByRole('alert').filter({ hasText: 'Não foi possível abrir esta página' });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText('Verifique a conexão');
  await expect(mainNav(page)).toBeVisible();

  // Another page still opens from the menu: the notice belongs to the failed page only.
  await mainNav(page).getByRole('link', { name: 'Dispositivos' }).click();
  await expect(notice).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Dispositivos', level: 1 })).toBeVisible();

  // Back on the gallery with the network fixed, Recarregar opens it.
  await mainNav(page).getByRole('link', { name: 'Galeria' }).click();
  await expect(notice).toBeVisible();
  await page.unroute(/\/assets\/gallery-page-[^/]+\.js$/);
  await notice.getByRole('button', { name: 'Recarregar' }).click();
  await expect(page.getByRole('heading', { name: 'Galeria', level: 1 })).toBeVisible();
});
