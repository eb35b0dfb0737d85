import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { Device } from '../src/contract/devices';
import type { HealthReport } from '../src/contract/screen-health';
import { apiSignIn, assignPlaylists, createDevice, createPlaylist, pairTv, uploadImage } from './api';
import { pairedPlayer } from './player-screen';
import { createIsolatedUser, unique } from './support';

/**
 * Screen health (issue 26 items 3 and 4, docs/screen-health.md): a real player reports itself soon
 * after it starts, and the device page's "Saúde da tela" shows what it said (its resolution the
 * output's in device pixels, the server's version, the browser's user agent, an uptime); the device
 * list's "Pouco espaço" and "Versão antiga" keep the devices the server flagged.
 */

const getDevice = async (api: APIRequestContext, id: number) => {
  const res = await api.get(`/api/devices/${id}`);
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as Device;
};

/** What the card says for `term`. */
const healthValue = (page: Page, term: string) =>
  page
    .getByRole('region', { name: 'Saúde da tela' })
    .getByRole('term')
    .filter({ hasText: new RegExp(`^${term}$`) })
    .locator('xpath=following-sibling::dd');

test.describe('screen health', () => {
  test('the health panel shows the real player values, and the list filters by the server flags', async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    const api = page.request;
    await apiSignIn(api, await createIsolatedUser(api, 'admin'));
    const tag = unique('saude');
    const image = await uploadImage(api, `${tag}.png`);
    const playlist = await createPlaylist(api, `Saúde ${tag}`, [{ mediaId: image.id, duration: 10 }]);
    const device = await createDevice(api, { name: `TV Saúde ${tag}`, location: 'Loja' });
    await assignPlaylists(api, device.id, playlist.id);

    // A 1280×720 output at 1.5 device pixels per CSS pixel: 1920×1080 on the screen.
    const player = (await pairedPlayer(browser, device.authCode, { width: 1280, height: 720 }, 1.5)).page;
    await expect.poll(async () => (await getDevice(api, device.id)).health, { timeout: 30_000 }).not.toBeNull();
    const health = (await getDevice(api, device.id)).health!;
    const { version } = (await (await api.get('/api/health')).json()) as { version: string };
    const browserSays = await player.evaluate(() => ({
      userAgent: navigator.userAgent,
      deviceMemory: (navigator as { deviceMemory?: number }).deviceMemory ?? null,
    }));
    expect(health).toMatchObject({
      playerVersion: version,
      appVersion: null,
      platform: browserSays.userAgent,
      resolution: '1920x1080',
      memoryBytes: browserSays.deviceMemory === null ? null : browserSays.deviceMemory * 1024 ** 3,
      localIp: null,
      lastError: null,
      oldVersion: false,
    } satisfies Partial<HealthReport> & { oldVersion: boolean });
    expect(health.uptimeSeconds).toBeGreaterThan(0);
    expect(health.freeStorageBytes).toBeGreaterThan(0);
    // The only file the service worker holds, once it has said so (the first report may come before).
    expect([null, image.size]).toContain(health.cacheBytes);

    await page.goto(`/devices/edit/${device.id}`);
    await expect(page.getByRole('heading', { name: 'Saúde da tela' })).toBeVisible();
    await expect(healthValue(page, 'Versão do player')).toHaveText(version);
    await expect(healthValue(page, 'Versão do app')).toHaveText('Não informado');
    await expect(healthValue(page, 'Resolução em uso')).toHaveText('1920x1080');
    await expect(healthValue(page, 'Navegador ou sistema')).toHaveText(browserSays.userAgent);
    await expect(healthValue(page, 'Tempo ligado')).toHaveText(/^\d+ (segundos?|minutos?)/);
    await expect(healthValue(page, 'IP local')).toHaveText('Não informado');
    await expect(healthValue(page, 'Último erro')).toHaveText('Nenhum');
    await expect(healthValue(page, 'Espaço livre')).toHaveText(/^\d+(,\d\d)? (B|KB|MB|GB)$/);

    // Another TV of this company reports little storage and an old player: only it passes the filters.
    const old = await createDevice(api, { name: `TV Antiga ${tag}`, location: 'Depósito' });
    const token = await pairTv(api, old.authCode);
    const report: HealthReport = {
      playerVersion: '0.0.1',
      appVersion: null,
      platform: 'TV de teste',
      resolution: '1280x720',
      freeStorageBytes: 10 * 1024 * 1024,
      cacheBytes: null,
      memoryBytes: null,
      uptimeSeconds: 60,
      localIp: '192.168.0.20',
      lastError: null,
    };
    const sent = await api.post('/api/tv/health', { headers: { authorization: `Bearer ${token}` }, data: report });
    expect(sent.status(), await sent.text()).toBe(204);

    await page.goto('/devices');
    const list = page.getByRole('list', { name: 'Lista de dispositivos' });
    await expect(list.getByText(device.name)).toBeVisible();
    await expect(list.getByText(old.name)).toBeVisible();
    const filters = page.getByRole('group', { name: 'Filtrar por saúde' });
    await filters.getByRole('button', { name: 'Versão antiga' }).click();
    await expect(list.getByText(old.name)).toBeVisible();
    await expect(list.getByText(device.name)).toHaveCount(0);
    await filters.getByRole('button', { name: 'Versão antiga' }).click();
    await filters.getByRole('button', { name: 'Pouco espaço' }).click();
    await expect(list.getByText(old.name)).toBeVisible();
    // The real player's storage is the browser's quota: flagged only if that is really under 500 MB.
    await expect(list.getByText(device.name)).toHaveCount(health.lowStorage ? 1 : 0);

    await page.goto(`/devices/edit/${old.id}`);
    await expect(page.getByRole('region', { name: 'Saúde da tela' }).getByRole('status')).toContainText([
      'Pouco espaço',
    ]);
    await expect(healthValue(page, 'IP local')).toHaveText('192.168.0.20');
    await player.context().close();
  });
});
