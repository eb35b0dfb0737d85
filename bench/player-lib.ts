/**
 * What the player benchmarks share (bench/player-transitions.ts, bench/player-zones-4.ts): the
 * built server on an embedded database of its own, an admin's API, test media made here (PNG with
 * sharp, WebM with ffmpeg), a device with a layout and a playlist per zone, and Debian's Chromium
 * (bench/chromium-flags.mjs) with a player paired to it.
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, request, type Browser, type Page } from 'playwright-core';
import sharp from 'sharp';
import { CHROMIUM_ARGS } from './chromium-flags.mjs';
import { freePort, sleep, waitForOk } from './lib';

const ADMIN = { email: 'admin@player-bench.local', password: 'senha-do-benchmark' };

/** The machine's load, printed with every figure (docs/benchmarks.md). */
export const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

export async function startServer() {
  if (!existsSync('dist/server/main.js') || !existsSync('dist/web/player/index.html'))
    throw new Error('Rode `npm run build` antes (o benchmark mede o player compilado).');
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sinalize-player-bench-'));
  const server = spawn(process.execPath, ['dist/server/main.js'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      PAIRING_RATE_LIMIT: '1000',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const origin = `http://127.0.0.1:${port}`;
  await waitForOk(`${origin}/api/health`, 180_000);
  const login = await fetch(`${origin}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  if (!login.ok) throw new Error(`sign-in failed: ${login.status}`);
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;

  async function api<T>(method: string, url: string, body?: unknown): Promise<T> {
    const res = await fetch(`${origin}${url}`, {
      method,
      headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${text}`);
    return (text ? JSON.parse(text) : undefined) as T;
  }
  // Uploads go through Playwright's client, as in e2e/api.ts: Node's fetch with a FormData body of
  // a few hundred KB broke off here (EPIPE) where curl and Playwright send the same file fine.
  const uploader = await request.newContext({ baseURL: origin, extraHTTPHeaders: { cookie } });
  async function upload(name: string, mimeType: string, buffer: Buffer): Promise<number> {
    const res = await uploader.post('/api/media/upload', { multipart: { file: { name, mimeType, buffer } } });
    if (res.status() !== 201) throw new Error(`upload ${name}: ${res.status()} ${await res.text()}`);
    return ((await res.json()) as { id: number }).id;
  }
  const stop = async () => {
    await uploader.dispose();
    server.kill('SIGTERM');
    await new Promise((r) => (server.exitCode !== null ? r(null) : server.once('exit', r)));
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { origin, api, upload, stop };
}
export type Server = Awaited<ReturnType<typeof startServer>>;

/** A one-colour PNG. */
export const png = (hex: string, size = { width: 320, height: 180 }) =>
  sharp({ create: { ...size, channels: 3, background: hex } })
    .png()
    .toBuffer();

/** A one-colour VP8 WebM of `seconds` (ffmpeg: `apt-get install -y ffmpeg`). */
export function webm(hex: string, seconds: number, size = '320x180', rate = 15): Buffer {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sinalize-bench-webm-'));
  const file = path.join(dir, 'clip.webm');
  // A moving box over the colour: each frame differs, as in a real clip (a still one decodes too cheaply).
  execFileSync('ffmpeg', [
    '-y',
    '-loglevel',
    'error',
    '-f',
    'lavfi',
    '-i',
    `color=c=0x${hex.slice(1)}:s=${size}:d=${seconds}:r=${rate}`,
    '-vf',
    `drawbox=x='mod(t*97,iw-40)':y=4:w=40:h=12:color=white@0.9:t=fill`,
    '-c:v',
    'libvpx',
    '-b:v',
    '800k',
    '-pix_fmt',
    'yuv420p',
    file,
  ]);
  const bytes = readFileSync(file);
  rmSync(dir, { recursive: true, force: true });
  return bytes;
}

/** A device on the layout `layoutId` (a built-in's negative id), one playlist per zone; its pairing code. */
export async function screenDevice(server: Server, name: string, layoutId: number, playlists: number[]) {
  const authCode = String(100_000 + Math.floor(Math.random() * 800_000));
  const device = await server.api<{ id: number }>('POST', '/api/devices', {
    name,
    location: 'Bench',
    resolution: '1920x1080',
    authCode,
    layoutId,
  });
  await server.api('PATCH', `/api/devices/${device.id}`, { zonePlaylistIds: playlists });
  return authCode;
}

export const playlist = (server: Server, name: string, items: Array<{ mediaId: number; duration: number }>) =>
  server.api<{ id: number }>('POST', '/api/playlists', {
    name,
    items: items.map((item, order) => ({ ...item, order })),
  });

export async function launch(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
}

/** A player page of `viewport`, paired with `code`, once every window plays. */
export async function pairedPlayer(
  browser: Browser,
  origin: string,
  code: string,
  windows: number,
  viewport = { width: 1280, height: 720 },
): Promise<Page> {
  const page = await browser.newPage({ viewport });
  await page.goto(`${origin}/player`);
  await page.getByRole('heading', { name: 'Conecte esta TV' }).waitFor();
  await page.keyboard.type(code);
  await page.keyboard.press('Enter');
  await page.waitForFunction(
    (count) => document.querySelectorAll('[data-window-state="playing"]').length === count,
    windows,
    { timeout: 60_000 },
  );
  // Every file in the cache first: the figures are the player's, not the first download's.
  await page.waitForFunction(
    () => {
      const main = document.querySelector<HTMLElement>('main.player');
      return main?.dataset.cacheMissing === '0' && Number(main.dataset.cacheCached) > 0;
    },
    undefined,
    { timeout: 60_000 },
  );
  await sleep(500);
  return page;
}
