import { expect, test } from '@playwright/test';
import { apiSignIn, createDevice, pairTv, tvCall } from './api';
import { createIsolatedUser, mainNav, signIn, unique } from './support';

/**
 * Live status (issue "Live status"): a TV pairs, plays and is disconnected while the dashboard and
 * the device list are open; they change without a reload, through the /ws channel.
 */

test('the dashboard and the device list follow a TV from Offline to Aguardando to Executando and back, without reloading', async ({
  page,
  request,
}) => {
  const user = await createIsolatedUser(request);
  await apiSignIn(request, user);
  const name = unique('TV Ao Vivo ');
  const code = (await createDevice(request, { name, location: 'Vitrine' })).authCode;

  await signIn(page, user.email, user.password);
  await expect(page.locator('[data-realtime="connected"]')).toBeVisible();
  // Anything that reloads the page would reset this marker.
  await page.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true));
  await expect(page.getByTestId('summary-online')).toContainText('0');
  await expect(page.getByTestId('dashboard-offline')).toContainText(name);

  const token = await pairTv(request, code);
  await expect(page.getByTestId('summary-online')).toContainText('1');
  await expect(page.getByTestId('dashboard-online')).toContainText(name);

  await mainNav(page).getByRole('link', { name: 'Dispositivos' }).click();
  const card = page
    .getByRole('list', { name: 'Lista de dispositivos' })
    .getByRole('listitem')
    .filter({ hasText: name });
  await expect(card).toContainText('Aguardando');
  await tvCall(request, '/api/tv/status', token, { state: 'playing' });
  await expect(card).toContainText('Executando');
  await tvCall(request, '/api/tv/status', token, { state: 'idle' });
  await expect(card).toContainText('Aguardando');

  // The admin disconnects it: Offline here, and the TV is sent back to pairing (its token is dead).
  await page.getByRole('button', { name: `Ações de ${name}`, exact: true }).click();
  await page.getByRole('menuitem', { name: 'Desconectar' }).click();
  await expect(card).toContainText('Offline');
  expect((await request.get('/api/tv/content', { headers: { authorization: `Bearer ${token}` } })).status()).toBe(401);

  // A heartbeat-only TV paired again goes online again, live.
  await tvCall(request, '/api/tv/heartbeat', await pairTv(request, code));
  await expect(card).toContainText('Aguardando');
  expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);
});
