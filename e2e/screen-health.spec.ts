import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { E2E_DATA_DIR } from '../playwright.config';
import type { Device } from '../src/contract/devices';
import type { HealthReport } from '../src/contract/screen-health';
import { apiSignIn, assignPlaylists, createDevice, createPlaylist, pairTv, uploadImage } from './api';
import { pairedPlayer } from './player-screen';
import { createIsolatedUser, unique } from './support';

/**
 * Screen health (issue 26 items 3 and 4, docs/screen-health.md): a real player reports itself soon
 * after it starts, and the device page's "Saúde da tela" shows what it said (its resolution the
 * output's in device pixels, the server's version, the browser's user agent, an uptime, the picture
 * that failed to play, also sent to the server as a playback error); the device
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
    test.setTimeout(180_000);
    const api = page.request;
    await apiSignIn(api, await createIsolatedUser(api, 'admin'));
    const tag = unique('saude');
    const image = await uploadImage(api, `${tag}.png`);
    // A picture whose stored file went bad (same size, other bytes): the TV cannot decode it.
    const broken = await uploadImage(api, `${tag}-quebrada.png`, '#dc2626');
    // Once processed (docs/media.md#processing): a file broken before would not be offered to TVs at all.
    const statusOf = async () =>
      ((await (await api.get('/api/media')).json()) as Array<{ id: number; status: string }>).find(
        (m) => m.id === broken.id,
      )?.status;
    await expect.poll(statusOf, { timeout: 30_000 }).toBe('ready');
    writeFileSync(path.join(E2E_DATA_DIR, 'media', broken.filename), randomBytes(broken.size));
    const playlist = await createPlaylist(api, `Saúde ${tag}`, [
      { mediaId: image.id, duration: 10 },
      { mediaId: broken.id, duration: 10 },
    ]);
    const device = await createDevice(api, { name: `TV Saúde ${tag}`, location: 'Loja' });
    await assignPlaylists(api, device.id, playlist.id);

    // A 1280×720 output at 1.5 device pixels per CSS pixel: 1920×1080 on the screen.
    const player = (
      await pairedPlayer(browser, device.authCode, { width: 1280, height: 720 }, { deviceScaleFactor: 1.5 })
    ).page;
    // The bad picture is tried again every 30 s: each failure goes to the server in a batch.
    const errorsSent = await player.waitForResponse((r) => r.url().endsWith('/api/tv/playback-errors'), {
      timeout: 45_000,
    });
    expect(errorsSent.status()).toBe(204);
    expect(errorsSent.request().postDataJSON()).toMatchObject({
      errors: [{ mediaId: broken.id, message: 'Não foi possível carregar a imagem' }],
    });
    // The first report comes 5 s after the start; the failure is in it, or in the next one a minute later.
    await expect
      .poll(async () => (await getDevice(api, device.id)).health?.lastError ?? null, { timeout: 80_000 })
      .not.toBeNull();
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
      oldVersion: false,
    } satisfies Partial<HealthReport> & { oldVersion: boolean });
    expect(health.lastError?.message).toBe('Não foi possível carregar a imagem');
    expect(health.uptimeSeconds).toBeGreaterThan(0);
    expect(health.freeStorageBytes).toBeGreaterThan(0);
    // The files the service worker holds (both are the right size), once it has said so.
    expect([null, image.size, broken.size, image.size + broken.size]).toContain(health.cacheBytes);

    await page.goto(`/devices/edit/${device.id}`);
    await expect(page.getByRole('heading', { name: 'Saúde da tela' })).toBeVisible();
    await expect(healthValue(page, 'Versão do player')).toHaveText(version);
    await expect(healthValue(page, 'Versão do app')).toHaveText('Não informado');
    await expect(healthValue(page, 'Resolução em uso')).toHaveText('1920x1080');
    await expect(healthValue(page, 'Navegador ou sistema')).toHaveText(browserSays.userAgent);
    await expect(healthValue(page, 'Tempo ligado')).toHaveText(/^\d+ (segundos?|minutos?)/);
    await expect(healthValue(page, 'IP local')).toHaveText('Não informado');
    await expect(healthValue(page, 'Último erro')).toHaveText(
      /^Não foi possível carregar a imagem em \d\d\/\d\d\/\d{4} às \d\d:\d\d:\d\d$/,
    );
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
