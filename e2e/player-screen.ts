import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import jsQR from 'jsqr';
import sharp from 'sharp';
import type { Device } from '../src/contract/devices';
import type { Layout, LayoutInput } from '../src/contract/layouts';

/**
 * What a paired player shows, logged in its page on every change (an init script), for specs that
 * assert the order of what happened and the instant of each switch rather than how long it took.
 */
export interface ScreenEntry {
  /** The device's clock (the page's `Date.now()`, Playwright's when a page clock is installed). */
  t: number;
  /** The server's clock minus the device's, as the player stored it (`sinalize.player.clockOffset`). */
  offset: number;
  connection: string;
  fullScreen: string;
  campaigns: string;
  campaignId: string;
  /** One per window: `source:campaignId:playlistId:mediaIdOnScreen`. */
  windows: string[];
}

/** For `page.addInitScript`: logs every change of source, campaign, playlist, item on screen or connection. */
export const SCREEN_LOG_SCRIPT = () => {
  const log: ScreenEntry[] = [];
  (window as unknown as { __screen: ScreenEntry[] }).__screen = log;
  let last = '';
  const record = () => {
    const main = document.querySelector<HTMLElement>('main.player');
    if (!main?.dataset.deviceId) return;
    const windows = [...main.querySelectorAll<HTMLElement>('[data-window]')].map(
      (w) => `${w.dataset.source}:${w.dataset.campaignId}:${w.dataset.playlistId}:${w.dataset.mediaId ?? ''}`,
    );
    const entry = {
      t: Date.now(),
      offset: Number(localStorage.getItem('sinalize.player.clockOffset') ?? 0),
      connection: main.dataset.connection ?? '',
      fullScreen: main.dataset.fullScreen ?? '',
      campaigns: main.dataset.campaigns ?? '',
      campaignId: main.dataset.campaignId ?? '',
      windows,
    };
    const key = JSON.stringify({ ...entry, t: 0, offset: 0 });
    if (key === last) return;
    last = key;
    log.push(entry);
  };
  new MutationObserver(record).observe(document, { subtree: true, childList: true, attributes: true });
};

export const screenLog = (page: Page) =>
  page.evaluate(() => (window as unknown as { __screen: ScreenEntry[] }).__screen);

/** The log reduced to what each window plays, repeats merged: e.g. `playlist::12` → `campaign:5:13`. */
export const sources = (log: ScreenEntry[]) =>
  log
    .map(
      (e) =>
        `${e.fullScreen === 'true' ? 'full ' : ''}${e.windows.map((w) => w.split(':').slice(0, 3).join(':')).join(' | ')}`,
    )
    .filter((s, i, all) => i === 0 || s !== all[i - 1]);

/** For `addInitScript`: logs `mediaId:adId` of window 0 on every change (an ad's creative carries `data-ad-id`). */
export const AD_LOG_SCRIPT = () => {
  const log: string[] = [];
  (window as unknown as { __shown: string[] }).__shown = log;
  new MutationObserver(() => {
    const win = document.querySelector<HTMLElement>('[data-window="0"]');
    const entry = win?.dataset.mediaId ? `${win.dataset.mediaId}:${win.dataset.adId ?? ''}` : null;
    if (entry && entry !== log.at(-1)) log.push(entry);
  }).observe(document, { subtree: true, childList: true, attributes: true });
};
/** What `AD_LOG_SCRIPT` logged in the page. */
export const shownLog = (page: Page) => page.evaluate(() => (window as unknown as { __shown: string[] }).__shown);

/** An entry's instant on the player's clock corrected by the server's (the clock it decides by). */
export const correctedTime = (e: ScreenEntry) => e.t + e.offset;

/**
 * Resolves once the player's device socket has a heartbeat answered: from then on the server can
 * pass the admin's requests (Capturar tela, Recarregar) on to it.
 */
export const deviceSocketUp = (page: Page) =>
  new Promise<void>((resolve) => {
    page.on('websocket', (socket) => {
      if (socket.url().endsWith('/ws/device'))
        socket.on('framereceived', (frame) => String(frame.payload).includes('heartbeat_ack') && resolve());
    });
  });

/**
 * A player in a context of its own (a TV's output of `viewport`, at `deviceScaleFactor` device pixels
 * per CSS pixel, 1 unless given; on a spec's own server when `baseURL` is given; `initScript` run in
 * its pages before theirs), paired with `code`, playing, its socket up.
 */
export async function pairedPlayer(
  browser: Browser,
  code: string,
  viewport: { width: number; height: number },
  { initScript, ...options }: { deviceScaleFactor?: number; baseURL?: string; initScript?: () => void } = {},
) {
  const context = await browser.newContext({ viewport, ...options });
  if (initScript) await context.addInitScript(initScript);
  const page = await context.newPage();
  const socketUp = deviceSocketUp(page);
  await page.goto('/player');
  await expect(page.getByRole('heading', { name: 'Conecte esta TV' })).toBeVisible();
  await page.keyboard.type(code);
  await page.keyboard.press('Enter');
  await expect(page.locator('main.player')).toHaveAttribute('data-state', 'playing', { timeout: 15_000 });
  await socketUp;
  return { context, page };
}

export async function createLayout(api: APIRequestContext, layout: LayoutInput): Promise<Layout> {
  const res = await api.post('/api/layouts', { data: layout });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as Layout;
}

/** `PUT /api/devices/{id}` with the device's own form and `changes` over it (a layout, opening hours). */
export const putDevice = (api: APIRequestContext, device: Device, changes: Record<string, unknown>) =>
  api.put(`/api/devices/${device.id}`, {
    data: {
      name: device.name,
      location: device.location,
      resolution: device.resolution,
      orientation: device.orientation,
      layout: device.layout,
      groupId: device.groupId,
      authCode: device.authCode,
      ...changes,
    },
  });

/** The device takes the layout (`PUT`), then one playlist per zone (`PATCH … zonePlaylistIds`). */
export async function giveLayout(api: APIRequestContext, device: Device, layoutId: number, playlists: number[]) {
  const put = await putDevice(api, device, { layoutId });
  expect(put.status(), await put.text()).toBe(200);
  const patch = await api.patch(`/api/devices/${device.id}`, { data: { zonePlaylistIds: playlists } });
  expect(patch.status(), await patch.text()).toBe(200);
}

/** Asks the TV for a screenshot as the admin (Capturar tela) and fetches it once `screenshotAt` moved. */
export async function screenshotOf(api: APIRequestContext, id: number): Promise<Buffer> {
  const device = async () => ((await (await api.get(`/api/devices/${id}`)).json()) as Device).screenshotAt;
  const before = await device();
  expect((await api.post(`/api/devices/${id}/screenshot`)).status()).toBe(202);
  await expect.poll(device, { timeout: 20_000 }).not.toBe(before);
  const res = await api.get(`/api/devices/${id}/screenshot`);
  expect(res.status()).toBe(200);
  return res.body();
}

/** The QR code in a PNG or JPEG (a region of it, in its pixels), decoded; null when none reads. */
export async function decodeQr(image: Buffer, region?: { left: number; top: number; width: number; height: number }) {
  const cropped = region ? sharp(image).extract(region) : sharp(image);
  const { data, info } = await cropped.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data ?? null;
}
