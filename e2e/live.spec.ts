import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { assignPlaylists, createDevice, createPlaylist, newApiUser, uploadImage } from './api';
import { ownServerForSpec } from './own-server';
import { signIn, unique } from './support';

/**
 * Issue 12, "the admin screens stay true": a change made in another session reaches an open page
 * without a reload, and the shell says when the live connection is down and refetches when it is
 * back. The spec runs its own server (like player.spec.ts) so it can stop it and start it again on
 * the same port and data folder.
 */

let baseURL = '';
const own = ownServerForSpec({ name: 'live', portBase: 4700, onStarted: (url) => (baseURL = url) });

/** A fresh user, an API session of theirs (the "other browser"), and a page signed in as them on /devices. */
async function userOnDevicesPage(browser: Browser): Promise<{ api: APIRequestContext; page: Page }> {
  const { user, api } = await newApiUser(baseURL);
  const context = await browser.newContext({ baseURL, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
  const page = await context.newPage();
  await signIn(page, user.email, user.password);
  await page
    .getByRole('navigation', { name: 'Navegação principal' })
    .getByRole('link', { name: 'Dispositivos' })
    .click();
  await expect(page.locator('[data-realtime="connected"]')).toBeVisible();
  // The page's own code is in too: a stop while it downloads would test something else
  // (page-load-failure.spec.ts).
  await expect(page.getByRole('heading', { name: 'Dispositivos', level: 1 })).toBeVisible();
  // Anything that reloads the page would reset this marker.
  await page.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true));
  return { api, page };
}
const notReloaded = (page: Page) => page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload);
const newDevice = (api: APIRequestContext, name: string) => createDevice(api, { name, location: 'Outra sessão' });

test('a device created in another session appears on an open /devices page, and one removed disappears, without reload', async ({
  browser,
}) => {
  const { api, page } = await userOnDevicesPage(browser);
  const list = page.getByRole('list', { name: 'Lista de dispositivos' });
  const name = unique('TV Outra Sessão ');
  const device = await newDevice(api, name);
  await expect(list.getByTestId(`device-card-${device.id}`)).toContainText(name);

  // A playlist assigned elsewhere and then removed: the card goes back to "Nenhuma", never "Playlist #id".
  const media = await uploadImage(api, 'a.png', '#0f766e', { width: 32, height: 18 });
  const playlistId = (await createPlaylist(api, 'Lista Remota', [{ mediaId: media.id, duration: 5 }])).id;
  await assignPlaylists(api, device.id, playlistId);
  await expect(list.getByTestId(`device-card-${device.id}`)).toContainText('Lista Remota');
  expect((await api.delete(`/api/playlists/${playlistId}`)).status()).toBe(204);
  await expect(list.getByTestId(`device-card-${device.id}`)).toContainText('Nenhuma');
  await expect(list.getByTestId(`device-card-${device.id}`)).not.toContainText('Playlist #');

  expect((await api.delete(`/api/devices/${device.id}`)).status()).toBe(204);
  await expect(page.getByTestId(`device-card-${device.id}`)).toHaveCount(0);
  expect(await notReloaded(page)).toBe(true);
  await api.dispose();
});

test('the shell shows when the live connection is down, and refetches what it shows when it is back', async ({
  browser,
}) => {
  // Down, then the first retry (5 s) or the second (15 s) finds the server back.
  test.setTimeout(120_000);
  const { api, page } = await userOnDevicesPage(browser);
  const indicator = page.getByRole('status').filter({ hasText: 'Sem conexão ao vivo' });
  await expect(indicator).toHaveCount(0);

  await own.stop();
  // The page hears the close once the busy machine lets it (a CI run once saw it after 7 s).
  await expect(indicator).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('[data-realtime="connected"]')).toHaveCount(0);

  const refetched = page.waitForResponse(
    (r) => r.url() === `${baseURL}/api/devices` && r.request().method() === 'GET' && r.ok(),
    { timeout: 60_000 },
  );
  await own.start();
  await expect(indicator).toHaveCount(0, { timeout: 60_000 });
  await expect(page.locator('[data-realtime="connected"]')).toBeVisible();
  await refetched;
  // And live again: a device made now shows up.
  const again = await newDevice(api, unique('TV Depois Da Queda '));
  await expect(page.getByTestId(`device-card-${again.id}`)).toBeVisible();
  expect(await notReloaded(page)).toBe(true);
  await api.dispose();
});
