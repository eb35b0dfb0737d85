import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type APIRequestContext, type Locator } from '@playwright/test';
import jsQR from 'jsqr';
import sharp from 'sharp';
import type { Device } from '../src/contract/devices';
import type { Layout, LayoutInput } from '../src/contract/layouts';
import type { Media } from '../src/contract/media';
import { apiSignIn, createDevice, createPlaylist } from './api';
import { pairedPlayer } from './player-screen';
import { createIsolatedUser, unique } from './support';

/**
 * Issue 25 with the real player (docs/content.md#the-player): content items made through
 * `POST /api/media/content`, one per zone of a layout, drawn by a paired player: a ticker with
 * accents scrolling in a footer strip, a clock in the workspace's time zone (Asia/Tokyo, set through
 * the API: far from the machine's own), a QR code decoded back to its URL (from the page and from
 * Capturar tela), a text slide, and two web pages from a loopback server started here: one that may
 * be framed shows, one sent with `X-Frame-Options: DENY` gets the pt-BR notice. The refusing site
 * lets the player read its headers (CORS), the only way a page can tell a refused frame in Chrome.
 */

const TIME_ZONE = 'Asia/Tokyo';
const QR_VALUE = 'https://sinalize.example/cardapio?mesa=7&lingua=pt-BR';
const TICKER_LINES = ['Promoção de verão', 'Café com pão de queijo', 'Atenção: horário especial às 18h'];

/** A loopback site on a port of 4850–4899: `/ok` may be framed, `/deny` refuses frames. */
async function startSite(): Promise<{ origin: string; close: () => Promise<void> }> {
  const server = http.createServer((req, res) => {
    const cors = { 'access-control-allow-origin': '*', 'access-control-expose-headers': 'x-frame-options' };
    if (req.url?.startsWith('/deny')) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'x-frame-options': 'DENY', ...cors });
      res.end('<!doctype html><h1>Proibido em moldura</h1>');
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end('<!doctype html><body style="background:#fef3c7"><h1>Página de teste da loja</h1></body>');
  });
  for (
    let port = 4850 + Math.floor(Math.random() * 50), tries = 0;
    tries < 50;
    tries++, port = 4850 + ((port - 4849) % 50)
  ) {
    const ok = await new Promise<boolean>((resolve) => {
      server.once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => resolve(true));
    });
    if (ok) break;
  }
  const { port } = server.address() as AddressInfo;
  return { origin: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

async function createContent(api: APIRequestContext, kind: string, name: string, options: object): Promise<Media> {
  const res = await api.post('/api/media/content', { data: { kind, name, options } });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as Media;
}

/** The QR code in a PNG or JPEG (a region of it, in its pixels), decoded; null when none reads. */
async function decodeQr(image: Buffer, region?: { left: number; top: number; width: number; height: number }) {
  const cropped = region ? sharp(image).extract(region) : sharp(image);
  const { data, info } = await cropped.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data ?? null;
}

/** What a zone's visible layer shows. */
const onScreen = (zone: Locator) => zone.locator('.layer[data-active="true"]');

test('a paired player draws a ticker, a clock in the workspace zone, a QR code, a text and web pages', async ({
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  const site = await startSite();
  try {
    const user = await createIsolatedUser(request, 'admin');
    await apiSignIn(request, user);
    const api = request;
    const tz = await api.patch('/api/workspace', { data: { timeZone: TIME_ZONE } });
    expect(tz.status(), await tz.text()).toBe(200);
    const tag = unique('ct');

    const items = {
      text: await createContent(api, 'text', `Boas-vindas ${tag}`, {
        title: 'Bem-vindos à Loja',
        body: 'Promoções de verão até domingo',
        size: 'large',
        align: 'center',
      }),
      qr: await createContent(api, 'qrcode', `Cardápio ${tag}`, { value: QR_VALUE, caption: 'Aponte a câmera' }),
      clock: await createContent(api, 'clock', `Relógio ${tag}`, { style: 'digital', showDate: true }),
      page: await createContent(api, 'webpage', `Página ${tag}`, { url: `${site.origin}/ok` }),
      denied: await createContent(api, 'webpage', `Negada ${tag}`, { url: `${site.origin}/deny` }),
      ticker: await createContent(api, 'ticker', `Letreiro ${tag}`, { lines: TICKER_LINES, speed: 200 }),
    };
    const keys = Object.keys(items) as Array<keyof typeof items>;
    const playlists = await Promise.all(
      keys.map((key) => createPlaylist(api, `${key} ${tag}`, [{ mediaId: items[key].id, duration: 30 }])),
    );
    const zones: LayoutInput['zones'] = [
      { key: 'texto', name: 'Texto', x: 0, y: 0, width: 34, height: 45, fit: 'contain' },
      { key: 'qr', name: 'QR', x: 34, y: 0, width: 33, height: 45, fit: 'contain' },
      { key: 'relogio', name: 'Relógio', x: 67, y: 0, width: 33, height: 45, fit: 'contain' },
      { key: 'pagina', name: 'Página', x: 0, y: 45, width: 50, height: 40, fit: 'contain' },
      { key: 'negada', name: 'Negada', x: 50, y: 45, width: 50, height: 40, fit: 'contain' },
      { key: 'letreiro', name: 'Letreiro', x: 0, y: 85, width: 100, height: 15, fit: 'contain' },
    ];
    const layoutRes = await api.post('/api/layouts', {
      data: { name: `Conteúdos ${tag}`, orientation: 'horizontal', zones },
    });
    expect(layoutRes.status(), await layoutRes.text()).toBe(201);
    const layout = (await layoutRes.json()) as Layout;
    const device = await createDevice(api, { name: `TV Conteúdos ${tag}`, location: 'Loja' });
    const put = await api.put(`/api/devices/${device.id}`, {
      data: {
        name: device.name,
        location: device.location,
        resolution: device.resolution,
        orientation: device.orientation,
        layout: device.layout,
        groupId: device.groupId,
        authCode: device.authCode,
        layoutId: layout.id,
      },
    });
    expect(put.status(), await put.text()).toBe(200);
    const patch = await api.patch(`/api/devices/${device.id}`, {
      data: { zonePlaylistIds: playlists.map((p) => p.id) },
    });
    expect(patch.status(), await patch.text()).toBe(200);

    const { page, context } = await pairedPlayer(browser, device.authCode, { width: 1280, height: 720 });
    const zone = (key: string) => page.locator(`section.window[data-zone="${key}"]`);
    for (const [key, kind] of <Array<[string, string]>>[
      ['texto', 'text'],
      ['qr', 'qrcode'],
      ['relogio', 'clock'],
      ['pagina', 'webpage'],
      ['negada', 'webpage'],
      ['letreiro', 'ticker'],
    ])
      await expect(zone(key)).toHaveAttribute('data-media-type', kind, { timeout: 20_000 });

    // Text: title and body, in the zone.
    await expect(onScreen(zone('texto')).getByText('Bem-vindos à Loja')).toBeVisible();
    await expect(onScreen(zone('texto')).getByText('Promoções de verão até domingo')).toBeVisible();

    // Ticker: the lines with their accents, moved by a compositor animation of transform only.
    const ticker = onScreen(zone('letreiro')).locator('.content-ticker');
    await expect(ticker).toHaveAttribute(
      'data-text',
      'Promoção de verão  •  Café com pão de queijo  •  Atenção: horário especial às 18h  •  ',
    );
    await expect(ticker.locator('.content-ticker-copy').first()).toBeVisible();
    const motion = await ticker.locator('.content-ticker-track').evaluate(async (track) => {
      const animations = track.getAnimations();
      const keyframes = (animations[0]?.effect as KeyframeEffect | undefined)?.getKeyframes() ?? [];
      const x = () => new DOMMatrix(getComputedStyle(track).transform).m41;
      const before = x();
      await new Promise((resolve) => setTimeout(resolve, 400));
      return {
        count: animations.length,
        properties: [
          ...new Set(
            keyframes.flatMap((k) =>
              Object.keys(k).filter((p) => !['offset', 'easing', 'composite', 'computedOffset'].includes(p)),
            ),
          ),
        ],
        moved: x() < before || x() > before + 100, // left, or looped back to the start
      };
    });
    expect(motion).toEqual({ count: 1, properties: ['transform'], moved: true });

    // Clock: the workspace's zone, the time and the pt-BR date Intl gives for it now.
    const clock = onScreen(zone('relogio')).locator('.content-clock');
    await expect(clock).toHaveAttribute('data-time-zone', TIME_ZONE);
    const expected = (offsetMinutes: number) => {
      const at = new Date(Date.now() + offsetMinutes * 60_000);
      const time = new Intl.DateTimeFormat('pt-BR', {
        timeZone: TIME_ZONE,
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      }).format(at);
      const date = new Intl.DateTimeFormat('pt-BR', {
        timeZone: TIME_ZONE,
        weekday: 'long',
        day: 'numeric',
        month: 'long',
      }).format(at);
      return `${time}|${date}`;
    };
    const shown = async () =>
      `${await clock.locator('.content-clock-time').textContent()}|${await clock.locator('.content-clock-date').textContent()}`;
    await expect.poll(async () => [expected(0), expected(-1)].includes(await shown())).toBe(true);
    expect(await clock.locator('.content-clock-date').textContent()).toMatch(
      /^[a-zç-]+-feira, \d+ de [a-zç]+$|^(sábado|domingo), \d+ de [a-zç]+$/,
    );

    // QR code: the element's pixels decode back to the URL.
    const qr = onScreen(zone('qr')).locator('.content-qr-code');
    expect(await decodeQr(await qr.screenshot())).toBe(QR_VALUE);
    await expect(onScreen(zone('qr')).getByText('Aponte a câmera')).toBeVisible();

    // Web pages: the framable one shows in a sandbox without top navigation or pop-ups; the
    // refused one gets the notice, not a blank zone.
    const frame = onScreen(zone('pagina')).locator('iframe');
    await expect(frame).toHaveAttribute('sandbox', 'allow-scripts allow-same-origin allow-forms');
    await expect(
      page
        .frameLocator(`section.window[data-zone="pagina"] .layer[data-active="true"] iframe`)
        .getByText('Página de teste da loja'),
    ).toBeVisible({ timeout: 15_000 });
    const host = new URL(site.origin).host;
    await expect(onScreen(zone('negada')).getByText(`Não foi possível exibir a página ${host}`)).toBeVisible({
      timeout: 20_000,
    });

    // Capturar tela: the QR code is in the picture (decoded from it), the web page a grey placeholder.
    const before = ((await (await api.get(`/api/devices/${device.id}`)).json()) as Device).screenshotAt;
    expect((await api.post(`/api/devices/${device.id}/screenshot`)).status()).toBe(202);
    await expect
      .poll(async () => ((await (await api.get(`/api/devices/${device.id}`)).json()) as Device).screenshotAt, {
        timeout: 20_000,
      })
      .not.toBe(before);
    const shot = await (await api.get(`/api/devices/${device.id}/screenshot`)).body();
    await test.info().attach('capturar-tela', { body: shot, contentType: 'image/jpeg' });
    await test.info().attach('tela', { body: await page.screenshot(), contentType: 'image/png' });
    const meta = await sharp(shot).metadata();
    expect([meta.width, meta.height]).toEqual([1280, 720]);
    // The QR zone: 34–67 % × 0–45 % of the screen.
    expect(await decodeQr(shot, { left: 435, top: 0, width: 422, height: 324 })).toBe(QR_VALUE);
    const { data, info } = await sharp(shot).raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => [
      ...data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3),
    ];
    // Near the web page zone's corner (0–50 % × 45–85 %): the placeholder's grey (#4b5563).
    expect(pixel(20, 340).every((v, i) => Math.abs(v - [75, 85, 99][i]!) < 16)).toBe(true);
    // The ticker strip (85–100 %): its background (#0f172a), text drawn on it somewhere.
    const strip = Array.from({ length: 1280 }, (_, x) => pixel(x, 666));
    expect(strip.some((p) => p.every((v) => v > 150))).toBe(true);
    await context.close();
  } finally {
    await site.close();
  }
});
