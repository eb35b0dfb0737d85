import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Browser } from '@playwright/test';
import sharp from 'sharp';
import type { Device } from '../src/contract/devices';
import type { PlayRecord } from '../src/contract/plays';
import { apiSignIn, assignPlaylists, createDevice, createPlaylist, uploadImage, uploadMedia } from './api';
import { ffmpegPath } from './own-server';
import { pairedPlayer } from './player-screen';
import { createIsolatedUser, unique } from './support';

/**
 * The screens seen from afar (issue 15 item 4) with the real player: a paired TV reports what each
 * window plays (`nowPlaying` on `GET /api/devices/:id`), sends a picture of its screen when the
 * admin asks for one (checked pixel by pixel with sharp: its colours where the windows are, its
 * size the device's logical screen scaled to 1280), and reloads its page when asked to, without
 * losing the play that was on screen.
 */

const RED = { hex: '#dc2626', rgb: [220, 38, 38] };
const BLUE = { hex: '#1d4ed8', rgb: [29, 78, 216] };
/** player.css's `--backdrop`: around a fitted picture and behind a panel's texts. */
const BACKDROP = [11, 20, 55];

let clip: Buffer | null = null;
/** A 4 s blue 16:9 VP8 WebM. */
function blueClip(): Buffer {
  if (clip) return clip;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sinalize-shot-'));
  const file = path.join(dir, 'azul.webm');
  execFileSync(ffmpegPath(), [
    '-y',
    '-loglevel',
    'error',
    '-f',
    'lavfi',
    '-i',
    `color=c=0x1d4ed8:s=320x180:d=4:r=15`,
    '-c:v',
    'libvpx',
    '-b:v',
    '200k',
    '-pix_fmt',
    'yuv420p',
    file,
  ]);
  clip = readFileSync(file);
  rmSync(dir, { recursive: true, force: true });
  return clip;
}

async function adminApi(request: APIRequestContext) {
  const user = await createIsolatedUser(request, 'admin');
  await apiSignIn(request, user);
  return request;
}

/** A player on a 1600×900 output, paired with `code`, playing, its socket up. */
const playerOn1600 = async (browser: Browser, code: string) =>
  (await pairedPlayer(browser, code, { width: 1600, height: 900 })).page;

const getDevice = async (api: APIRequestContext, id: number) => {
  const res = await api.get(`/api/devices/${id}`);
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as Device;
};

/** Asks the TV for a screenshot as the admin and fetches it once `screenshotAt` moved. */
async function screenshotOf(api: APIRequestContext, id: number): Promise<Buffer> {
  const before = (await getDevice(api, id)).screenshotAt;
  const asked = await api.post(`/api/devices/${id}/screenshot`);
  expect(asked.status(), await asked.text()).toBe(202);
  await expect.poll(async () => (await getDevice(api, id)).screenshotAt, { timeout: 20_000 }).not.toBe(before);
  const res = await api.get(`/api/devices/${id}/screenshot`);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toContain('image/jpeg');
  return res.body();
}

type Region = { left: number; top: number; width: number; height: number };

/** A region's channel statistics (sharp's `stats` reads its input, so the region is cut out first). */
const regionStats = async (jpeg: Buffer, region: Region) =>
  (await sharp(await sharp(jpeg).extract(region).toBuffer()).stats()).channels.slice(0, 3);

/** The mean colour of a region of the picture (JPEG blurs edges: regions keep off the borders). */
const meanColour = async (jpeg: Buffer, region: Region) =>
  (await regionStats(jpeg, region)).map((c) => Math.round(c.mean));

const expectColour = (actual: number[], expected: number[], what: string) => {
  actual.forEach((value, i) =>
    expect(Math.abs(value - expected[i]!), `${what}: ${actual.join(',')} vs ${expected.join(',')}`).toBeLessThan(20),
  );
};

test.describe('a TV seen from afar', () => {
  test('a single TV reports its playlist and sends a picture of its screen: red, 1280×720 for a 1600×900 output', async ({
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    const api = await adminApi(request);
    const tag = unique('shot');
    const red = await uploadImage(api, `${tag}-vermelho.png`, RED.hex, { width: 320, height: 180 });
    const playlist = await createPlaylist(api, `Vermelha ${tag}`, [{ mediaId: red.id, duration: 10 }]);
    const device = await createDevice(api, { name: `TV Captura ${tag}`, location: 'Loja' });
    await assignPlaylists(api, device.id, playlist.id);
    const page = await playerOn1600(browser, device.authCode);
    await expect(page.locator('[data-window="0"]')).toHaveAttribute('data-media-id', String(red.id));

    await expect
      .poll(async () => (await getDevice(api, device.id)).nowPlaying, { timeout: 15_000 })
      .toEqual({ fullScreen: false, windows: [{ playlistId: playlist.id, campaignId: null }] });

    const jpeg = await screenshotOf(api, device.id);
    const meta = await sharp(jpeg).metadata();
    expect(meta.format).toBe('jpeg');
    expect([meta.width, meta.height]).toEqual([1280, 720]);
    expectColour(await meanColour(jpeg, { left: 0, top: 0, width: 1280, height: 720 }), RED.rgb, 'the whole screen');
    await page.context().close();
  });

  test('a dual vertical TV on a landscape output comes out upright: red window above, blue below, and reports both playlists', async ({
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    const api = await adminApi(request);
    const tag = unique('shot2');
    // Each window of a 900×1600 portrait screen is 900×800: pictures of that shape fill it.
    const red = await uploadImage(api, `${tag}-vermelho.png`, RED.hex, { width: 360, height: 320 });
    const blue = await uploadImage(api, `${tag}-azul.png`, BLUE.hex, { width: 360, height: 320 });
    const top = await createPlaylist(api, `Topo ${tag}`, [{ mediaId: red.id, duration: 10 }]);
    const bottom = await createPlaylist(api, `Base ${tag}`, [{ mediaId: blue.id, duration: 10 }]);
    const device = await createDevice(api, {
      name: `TV Vertical ${tag}`,
      location: 'Entrada',
      layout: 'dual',
      orientation: 'vertical',
    });
    await assignPlaylists(api, device.id, top.id, bottom.id);
    const page = await playerOn1600(browser, device.authCode);
    await expect(page.locator('.stage')).toHaveAttribute('data-rotated', 'true');
    await expect(page.locator('[data-window="0"]')).toHaveAttribute('data-media-id', String(red.id));
    await expect(page.locator('[data-window="1"]')).toHaveAttribute('data-media-id', String(blue.id));

    await expect
      .poll(async () => (await getDevice(api, device.id)).nowPlaying, { timeout: 15_000 })
      .toEqual({
        fullScreen: false,
        windows: [
          { playlistId: top.id, campaignId: null },
          { playlistId: bottom.id, campaignId: null },
        ],
      });

    const jpeg = await screenshotOf(api, device.id);
    const meta = await sharp(jpeg).metadata();
    expect([meta.width, meta.height]).toEqual([720, 1280]);
    expectColour(await meanColour(jpeg, { left: 0, top: 0, width: 720, height: 620 }), RED.rgb, 'the upper window');
    expectColour(await meanColour(jpeg, { left: 0, top: 660, width: 720, height: 620 }), BLUE.rgb, 'the lower window');
    await page.context().close();
  });

  test("a video's current frame is drawn fitted as on screen, and a window with nothing to play as its panel: background and texts", async ({
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    const api = await adminApi(request);
    const tag = unique('shot3');
    const video = await uploadMedia(api, `${tag}-azul.webm`, 'video/webm', blueClip());
    const red = await uploadImage(api, `${tag}-vermelho.png`, RED.hex, { width: 320, height: 180 });
    const clips = await createPlaylist(api, `Vídeo ${tag}`, [{ mediaId: video.id, duration: 30 }]);
    // Its own dates start in 2030: the window shows "Fora do período da campanha".
    const later = await createPlaylist(api, `Futura ${tag}`, [{ mediaId: red.id, duration: 10 }], {
      startDate: '2030-01-01',
      durationDays: 1,
    });
    const device = await createDevice(api, { name: `TV Dupla ${tag}`, location: 'Praça', layout: 'dual' });
    await assignPlaylists(api, device.id, clips.id, later.id);
    const page = await playerOn1600(browser, device.authCode);
    // The clip comes through the service worker (Range answers from its cache): still our origin.
    await expect(page.locator('main.player')).toHaveAttribute('data-sw', 'controlled', { timeout: 15_000 });
    await expect(page.locator('main.player')).toHaveAttribute('data-cache-missing', '0', { timeout: 30_000 });
    await expect(page.locator('[data-window="0"]')).toHaveAttribute('data-media-type', 'video', { timeout: 30_000 });
    await expect(page.locator('[data-window="1"]')).toHaveAttribute('data-window-state', 'idle');
    await expect(page.locator('[data-window="1"]')).toContainText('Fora do período da campanha');

    await expect
      .poll(async () => (await getDevice(api, device.id)).nowPlaying, { timeout: 15_000 })
      .toEqual({
        fullScreen: false,
        windows: [
          { playlistId: clips.id, campaignId: null },
          { playlistId: null, campaignId: null },
        ],
      });

    const jpeg = await screenshotOf(api, device.id);
    const meta = await sharp(jpeg).metadata();
    expect([meta.width, meta.height]).toEqual([1280, 720]);
    // The left window is 640×720 in the picture: the 16:9 clip fits its width, 360 high, centred.
    expectColour(await meanColour(jpeg, { left: 20, top: 200, width: 600, height: 320 }), BLUE.rgb, 'the video frame');
    expectColour(
      await meanColour(jpeg, { left: 20, top: 10, width: 600, height: 160 }),
      BACKDROP,
      'above the fitted frame',
    );
    // The right window: the panel's background, and its light texts across the middle.
    expectColour(await meanColour(jpeg, { left: 660, top: 10, width: 600, height: 200 }), BACKDROP, 'the idle window');
    const middle = await regionStats(jpeg, { left: 660, top: 300, width: 600, height: 120 });
    expect(Math.min(...middle.map((c) => c.max)), 'text drawn in the middle of the idle window').toBeGreaterThan(200);
    await page.context().close();
  });

  test('a reload asked by the admin reloads the player page, which plays again and has kept the play that was on screen', async ({
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    const api = await adminApi(request);
    const tag = unique('reload');
    const red = await uploadImage(api, `${tag}-vermelho.png`, RED.hex, { width: 320, height: 180 });
    // Longer than the test: the item on screen at the reload is still the first one shown.
    const playlist = await createPlaylist(api, `Recarga ${tag}`, [{ mediaId: red.id, duration: 300 }]);
    const device = await createDevice(api, { name: `TV Recarga ${tag}`, location: 'Loja' });
    await assignPlaylists(api, device.id, playlist.id);
    const page = await playerOn1600(browser, device.authCode);
    const sent: PlayRecord[] = [];
    page.on('request', (req) => {
      if (req.method() === 'POST' && req.url().endsWith('/api/tv/plays'))
        sent.push(...(req.postDataJSON() as { plays: PlayRecord[] }).plays);
    });
    await page.evaluate(() => ((window as unknown as { __beforeReload: boolean }).__beforeReload = true));

    const reloaded = page.waitForEvent('load');
    const asked = await api.post(`/api/devices/${device.id}/reload`);
    expect(asked.status(), await asked.text()).toBe(202);
    const askedAt = Date.now();
    await reloaded;
    expect(await page.evaluate(() => '__beforeReload' in window)).toBe(false);
    await expect(page.locator('main.player')).toHaveAttribute('data-state', 'playing', { timeout: 15_000 });
    await expect(page.locator('[data-window="0"]')).toHaveAttribute('data-media-id', String(red.id));

    // The item cut by the reload was stored before it and goes out once the link is back.
    await expect
      .poll(() => sent.filter((p) => !p.completed && p.mediaId === red.id).length, { timeout: 30_000 })
      .toBe(1);
    const cut = sent.find((p) => !p.completed)!;
    expect(cut).toMatchObject({ playlistId: playlist.id, campaignId: null, window: 0 });
    expect(Date.parse(cut.startedAt)).toBeLessThan(askedAt);
    expect(cut.durationMs).toBeGreaterThan(0);
    await page.context().close();
  });
});
