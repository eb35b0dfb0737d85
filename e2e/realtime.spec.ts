import { expect, test, type APIRequestContext } from '@playwright/test';
import { createIsolatedUser, mainNav, signIn, unique } from './support';

/**
 * Live status (issue "Live status"): a TV pairs, plays and is disconnected while the dashboard and
 * the device list are open; they change without a reload, through the /ws channel.
 */
async function tvCall(request: APIRequestContext, path: string, token: string | null, data?: unknown) {
  return request.post(path, { headers: token ? { authorization: `Bearer ${token}` } : {}, data });
}

test('the dashboard and the device list follow a TV from Offline to Aguardando to Executando and back, without reloading', async ({ page, request }) => {
  const user = await createIsolatedUser(request);
  expect((await request.post('/api/auth/login', { data: { email: user.email, password: user.password } })).ok()).toBeTruthy();
  const name = unique('TV Ao Vivo ');
  const code = String(Math.floor(100_000 + Math.random() * 899_999));
  const created = await request.post('/api/devices', { data: { name, location: 'Vitrine', resolution: '1920x1080', authCode: code } });
  expect(created.status(), await created.text()).toBe(201);

  await signIn(page, user.email, user.password);
  await expect(page.locator('[data-realtime="connected"]')).toBeVisible();
  // Anything that reloads the page would reset this marker.
  await page.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true));
  await expect(page.getByTestId('summary-online')).toContainText('0');
  await expect(page.getByTestId('dashboard-offline')).toContainText(name);

  const paired = await tvCall(request, '/api/tv/authenticate', null, { code });
  const { token } = (await paired.json()) as { token: string };
  await expect(page.getByTestId('summary-online')).toContainText('1');
  await expect(page.getByTestId('dashboard-online')).toContainText(name);

  await mainNav(page).getByRole('link', { name: 'Dispositivos' }).click();
  const card = page.getByRole('list', { name: 'Lista de dispositivos' }).getByRole('listitem').filter({ hasText: name });
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
  const again = (await (await tvCall(request, '/api/tv/authenticate', null, { code })).json()) as { token: string };
  await tvCall(request, '/api/tv/heartbeat', again.token);
  await expect(card).toContainText('Aguardando');
  expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);
});
