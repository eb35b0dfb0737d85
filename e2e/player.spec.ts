import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  expect,
  test,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type Locator,
  type Page,
} from '@playwright/test';
import { ffmpegPath, ownServerForSpec } from './own-server';
import {
  assignPlaylists,
  createDevice,
  createPlaylist,
  newApiUser,
  updatePlaylist,
  uploadImage,
  uploadMedia,
} from './api';
import { signIn, unique } from './support';

/**
 * The TV player (/player) and the app download page against the real server, in Chromium. The
 * spec runs its own server process (not the shared webServer) so it can stop it and start it again
 * on the same port and data folder: the player must keep playing from its service-worker cache and
 * resync when the server is back. Media are made at test time: PNGs with sharp, a WebM with ffmpeg.
 */

// ---------- the spec's own server ----------

/** Ports 4350–4399 (the shared e2e server uses 4310), or the 50 from `PLAYER_E2E_PORT_BASE`. */
let baseURL = '';
const own = ownServerForSpec({
  name: 'player',
  portBase: Number(process.env.PLAYER_E2E_PORT_BASE ?? 4350),
  env: (dataDir) => ({
    PAIRING_RATE_LIMIT: '1000',
    PAIRING_GLOBAL_RATE_LIMIT: '100000',
    APP_APK_PATH: path.join(dataDir, 'sinalize-tv.apk'),
  }),
  onStarted: (url) => (baseURL = url),
});
const apkPath = path.join(own.state.dataDir, 'sinalize-tv.apk');

// ---------- content through the API ----------

/** The player's images fill a 16:9 screen. */
const SCREEN_SIZE = { width: 320, height: 180 };

let webm: Buffer | null = null;
/** A 3 s VP8 WebM test pattern (Chromium plays it; the item cuts it at its own duration). */
function webmVideo(): Buffer {
  if (webm) return webm;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sinalize-webm-'));
  const file = path.join(dir, 'clip.webm');
  execFileSync(ffmpegPath(), [
    '-y',
    '-loglevel',
    'error',
    '-f',
    'lavfi',
    '-i',
    'testsrc=duration=3:size=320x240:rate=15',
    '-c:v',
    'libvpx',
    '-b:v',
    '300k',
    '-pix_fmt',
    'yuv420p',
    file,
  ]);
  webm = readFileSync(file);
  rmSync(dir, { recursive: true, force: true });
  return webm;
}

const deviceOf = async (api: APIRequestContext, id: number) =>
  (await (await api.get(`/api/devices/${id}`)).json()) as { status: string; activeSessionId: string | null };

// ---------- the player page ----------

/** Records every item start of every window (attribute changes), with page-clock times. */
const TIMELINE_SCRIPT = () => {
  const log: Array<{ window: string; media: string; count: number; t: number }> = [];
  (window as unknown as { __timeline: typeof log }).__timeline = log;
  new MutationObserver((mutations) => {
    for (const m of mutations) {
      const el = m.target as HTMLElement;
      if (!el.dataset || el.dataset.windowState !== 'playing') continue;
      log.push({
        window: el.dataset.window ?? '',
        media: el.dataset.mediaId ?? '',
        count: Number(el.dataset.shownCount),
        t: performance.now(),
      });
    }
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-shown-count'] });
};

/** `fakeClock`: the page's timers and clocks are Playwright's (running until the test pauses them). */
async function openPlayer(
  browser: Browser,
  viewport = { width: 1280, height: 720 },
  { fakeClock = false } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL, viewport, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
  const page = await context.newPage();
  await page.addInitScript(TIMELINE_SCRIPT);
  if (fakeClock) await page.clock.install();
  await page.goto('/player');
  await expect(page.locator('[data-state="pairing"]')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Conecte esta TV' })).toBeVisible();
  return { context, page };
}

const playerRoot = (page: Page) => page.locator('main.player');
const windowOf = (page: Page, index = 0) => page.locator(`[data-window="${index}"]`);
const timeline = (page: Page) =>
  page.evaluate(
    () =>
      (window as unknown as { __timeline: Array<{ window: string; media: string; count: number; t: number }> })
        .__timeline,
  );
const shownCount = async (win: Locator) => Number(await win.getAttribute('data-shown-count'));

/** Types the code like a keyboard or a remote with number keys, then OK. */
async function pairWithKeys(page: Page, code: string) {
  await page.keyboard.type(code);
  await page.keyboard.press('Enter');
}

/** Only arrows and OK, like the simplest remote: ▲ from an empty cell gives 0, ▼ gives 9. */
async function pairWithArrows(page: Page, code: string) {
  for (const [i, digit] of [...code].entries()) {
    const n = Number(digit);
    if (n <= 5) for (let k = 0; k <= n; k++) await page.keyboard.press('ArrowUp');
    else for (let k = 0; k < 10 - n; k++) await page.keyboard.press('ArrowDown');
    if (i < code.length - 1) await page.keyboard.press('ArrowRight');
  }
  await expect(page.locator('.code-cell')).toHaveText([...code]);
  await page.keyboard.press('Enter');
}

/** Waits until the service worker controls the page and holds every file of the manifest. */
async function expectFullyCached(page: Page, files: number) {
  await expect(playerRoot(page)).toHaveAttribute('data-sw', 'controlled', { timeout: 15_000 });
  await expect(playerRoot(page)).toHaveAttribute('data-cache-cached', String(files), { timeout: 15_000 });
  await expect(playerRoot(page)).toHaveAttribute('data-cache-missing', '0');
}

// ---------- the tests ----------

test.describe('TV player', () => {
  test('pairs with the keyboard after clear errors, shows the first item at once and advances at exactly the item durations', async ({
    browser,
  }, testInfo) => {
    test.setTimeout(60_000);
    const { api } = await newApiUser(baseURL);
    const tag = unique('pl');
    const red = await uploadImage(api, `${tag}-vermelho.png`, '#dc2626', SCREEN_SIZE);
    const green = await uploadImage(api, `${tag}-verde.png`, '#16a34a', SCREEN_SIZE);
    const blue = await uploadImage(api, `${tag}-azul.png`, '#1d4ed8', SCREEN_SIZE);
    const playlist = await createPlaylist(api, `Vitrine ${tag}`, [
      { mediaId: red.id, duration: 2 },
      { mediaId: green.id, duration: 1 },
      { mediaId: blue.id, duration: 1 },
    ]);
    const device = await createDevice(api, { name: `TV Vitrine ${tag}`, location: 'Loja Centro' });
    await assignPlaylists(api, device.id, playlist.id);

    const { context, page } = await openPlayer(browser, undefined, { fakeClock: true });
    await page.screenshot({ path: testInfo.outputPath('pairing.png') });

    // A wrong code: the server's message, big and red; the TV stays on the pairing screen.
    await pairWithKeys(page, device.authCode === '000000' ? '000001' : '000000');
    await expect(page.getByRole('alert')).toHaveText(
      'Código inválido. Confira o código de 6 dígitos cadastrado para esta TV.',
    );
    // Server out of reach.
    await page.route('**/api/tv/authenticate', (route) => route.abort('connectionrefused'), { times: 1 });
    await page.keyboard.press('Enter');
    await expect(page.getByRole('alert')).toHaveText(
      'Não foi possível falar com o servidor. Verifique a conexão de rede da TV e tente novamente.',
    );
    // Too short.
    await page.keyboard.press('Backspace');
    await page.keyboard.press('End');
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('alert')).toHaveText('Digite os 6 dígitos do código.');
    await page.screenshot({ path: testInfo.outputPath('pairing-error.png') });

    // The right code (typing starts over at the first cell after an error), with the page's clock
    // stopped: the first item must come without any of the player's timers running.
    await page.keyboard.press('Home');
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
    const pausedAt = await page.evaluate(() => performance.now());
    await pairWithKeys(page, device.authCode);
    await expect(windowOf(page)).toHaveAttribute('data-window-state', 'playing');
    await expect(windowOf(page)).toHaveAttribute('data-media-id', String(red.id));
    await expect(playerRoot(page)).toHaveAttribute('data-state', 'playing');
    expect(await page.evaluate(() => localStorage.getItem('sinalize.player.token'))).toMatch(/^[\w-]{20,}$/);

    // Two whole loops on the page's clock: red 2 s, green 1 s, blue 1 s, red… Each item is still
    // on screen 1 ms before its time is up and the next one starts on the dot.
    const durations = [2000, 1000, 1000, 2000, 1000, 1000];
    for (const [i, ms] of durations.entries()) {
      await page.clock.runFor(ms - 1);
      expect((await timeline(page)).length, `item ${i + 1} still on screen 1 ms before its end`).toBe(i + 1);
      await page.clock.runFor(1);
      await expect.poll(async () => (await timeline(page)).length, { message: `item ${i + 2} on screen` }).toBe(i + 2);
    }
    const starts = await timeline(page);
    expect(starts.map((s) => Number(s.media))).toEqual([red.id, green.id, blue.id, red.id, green.id, blue.id, red.id]);
    expect(starts.map((s) => s.t - pausedAt)).toEqual([0, 2000, 3000, 4000, 6000, 7000, 8000]);
    await page.clock.resume();
    // The admin sees Executando: online with a session.
    await expect
      .poll(async () => deviceOf(api, device.id))
      .toMatchObject({ status: 'online', activeSessionId: expect.any(String) });
    await page.screenshot({ path: testInfo.outputPath('single-playing.png') });

    // A reload keeps the pairing (the token is on the device) and plays again.
    await page.reload();
    await expect(windowOf(page)).toHaveAttribute('data-window-state', 'playing');
    await context.close();
    await api.dispose();
  });

  test('pairs with only the remote arrows; a dual device shows two windows, side by side or stacked', async ({
    browser,
  }, testInfo) => {
    test.setTimeout(60_000);
    const { api } = await newApiUser(baseURL);
    const tag = unique('dual');
    const left = await uploadImage(api, `${tag}-laranja.png`, '#ea580c', SCREEN_SIZE);
    const right = await uploadImage(api, `${tag}-roxo.png`, '#7c3aed', SCREEN_SIZE);
    const first = await createPlaylist(api, `Janela 1 ${tag}`, [{ mediaId: left.id, duration: 5 }]);
    const second = await createPlaylist(api, `Janela 2 ${tag}`, [{ mediaId: right.id, duration: 5 }]);

    const horizontal = await createDevice(api, { name: `TV Dupla ${tag}`, location: 'Loja Centro', layout: 'dual' });
    await assignPlaylists(api, horizontal.id, first.id, second.id);
    const tv = await openPlayer(browser);
    await pairWithArrows(tv.page, horizontal.authCode);
    await expect(windowOf(tv.page, 0)).toHaveAttribute('data-media-id', String(left.id));
    await expect(windowOf(tv.page, 1)).toHaveAttribute('data-media-id', String(right.id));
    const [a, b] = [(await windowOf(tv.page, 0).boundingBox())!, (await windowOf(tv.page, 1).boundingBox())!];
    expect(a.width).toBeCloseTo(640, -1);
    expect(b.x).toBeCloseTo(a.x + a.width, 0);
    expect(b.y).toBeCloseTo(a.y, 0);
    await tv.page.screenshot({ path: testInfo.outputPath('dual-horizontal.png') });
    await tv.context.close();

    // Vertical on a portrait screen: stacked. (On a landscape output the stage is turned 90°.)
    const vertical = await createDevice(api, {
      name: `TV Totem ${tag}`,
      location: 'Loja Centro',
      layout: 'dual',
      orientation: 'vertical',
    });
    await assignPlaylists(api, vertical.id, first.id, second.id);
    const totem = await openPlayer(browser, { width: 405, height: 720 });
    await pairWithKeys(totem.page, vertical.authCode);
    await expect(windowOf(totem.page, 1)).toHaveAttribute('data-window-state', 'playing');
    const [top, bottom] = [
      (await windowOf(totem.page, 0).boundingBox())!,
      (await windowOf(totem.page, 1).boundingBox())!,
    ];
    expect(bottom.y).toBeCloseTo(top.y + top.height, 0);
    expect(bottom.x).toBeCloseTo(top.x, 0);
    await expect(totem.page.locator('.stage')).toHaveAttribute('data-rotated', 'false');
    await totem.page.screenshot({ path: testInfo.outputPath('dual-vertical.png') });
    await totem.page.setViewportSize({ width: 1280, height: 720 });
    await expect(totem.page.locator('.stage')).toHaveAttribute('data-rotated', 'true');
    await totem.context.close();

    // A window whose campaign has not started shows the neutral screen, never black.
    const future = await createPlaylist(api, `Futura ${tag}`, [{ mediaId: left.id, duration: 5 }], {
      startDate: '2099-01-01',
      durationDays: 7,
    });
    await assignPlaylists(api, horizontal.id, future.id, second.id);
    // A code pairs one TV (docs/tv-protocol.md#pairing): Desconectar re-arms it for the next one.
    expect((await api.post(`/api/devices/${horizontal.id}/disconnect`)).ok()).toBeTruthy();
    const again = await openPlayer(browser);
    await pairWithKeys(again.page, horizontal.authCode);
    await expect(windowOf(again.page, 1)).toHaveAttribute('data-window-state', 'playing');
    await expect(windowOf(again.page, 0)).toHaveAttribute('data-window-state', 'idle');
    await expect(windowOf(again.page, 0)).toContainText('Fora do período da campanha');
    await again.page.screenshot({ path: testInfo.outputPath('dual-campaign-idle.png') });
    await again.context.close();
    await api.dispose();
  });

  test('a playlist edit made in the admin UI reaches the player without a reload', async ({ browser }) => {
    test.setTimeout(60_000);
    const { user, api } = await newApiUser(baseURL);
    const tag = unique('edit');
    const before = await uploadImage(api, `${tag}-antes.png`, '#0891b2', SCREEN_SIZE);
    const after = await uploadImage(api, `${tag}-depois.png`, '#db2777', SCREEN_SIZE);
    const playlist = await createPlaylist(api, `Promo ${tag}`, [{ mediaId: before.id, duration: 2 }]);
    const device = await createDevice(api, { name: `TV Promo ${tag}`, location: 'Loja Centro' });
    await assignPlaylists(api, device.id, playlist.id);

    const tv = await openPlayer(browser);
    await pairWithKeys(tv.page, device.authCode);
    await expect(windowOf(tv.page)).toHaveAttribute('data-media-id', String(before.id));
    await tv.page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
    // From here the TV cannot fetch its manifest: the new one must come on the socket (issue 12).
    await tv.context.route('**/api/tv/content', (route) => route.abort());

    // The admin, in another browser: the playlist wizard at /playlists/edit/{id}.
    const admin = await browser.newContext({ baseURL, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
    const page = await admin.newPage();
    await signIn(page, user.email, user.password);
    await page.goto(`/playlists/edit/${playlist.id}`);
    await expect(page.getByLabel('Nome da playlist')).toHaveValue(`Promo ${tag}`);
    await page.getByRole('button', { name: 'Próximo', exact: true }).click();
    await page.getByRole('checkbox', { name: after.originalName }).check();
    await page.getByLabel(`Duração de ${after.originalName} (segundos)`).fill('1');
    await page.getByRole('button', { name: `Remover ${before.originalName} da playlist` }).click();
    await page.getByRole('button', { name: 'Próximo', exact: true }).click();
    await page.getByRole('button', { name: 'Salvar Alterações' }).click();
    await expect(page).toHaveURL(/\/playlists$/);

    // Pushed over the socket, manifest included: the new item plays, the removed one is gone, same
    // document, no request (a fetch would wait PUSH_WAIT_MS first, and fail).
    await expect(windowOf(tv.page)).toHaveAttribute('data-media-id', String(after.id), { timeout: 5000 });
    expect(await tv.page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
    await admin.close();
    await tv.context.close();
    await api.dispose();
  });

  test('keeps cycling cached items, video included, while the server is down, and resyncs when it returns', async ({
    browser,
  }, testInfo) => {
    test.setTimeout(120_000);
    const { api } = await newApiUser(baseURL);
    const tag = unique('off');
    const photo = await uploadImage(api, `${tag}-foto.png`, '#65a30d', SCREEN_SIZE);
    const clip = await uploadMedia(api, `${tag}-clipe.webm`, 'video/webm', webmVideo());
    const banner = await uploadImage(api, `${tag}-banner.png`, '#9333ea', SCREEN_SIZE);
    const playlist = await createPlaylist(api, `Offline ${tag}`, [
      { mediaId: photo.id, duration: 1 },
      { mediaId: clip.id, duration: 2 },
      { mediaId: banner.id, duration: 1 },
    ]);
    const device = await createDevice(api, { name: `TV Offline ${tag}`, location: 'Loja Centro' });
    await assignPlaylists(api, device.id, playlist.id);

    const tv = await openPlayer(browser);
    await pairWithKeys(tv.page, device.authCode);
    await expect(windowOf(tv.page)).toHaveAttribute('data-window-state', 'playing');
    await expectFullyCached(tv.page, 3);
    await expect(playerRoot(tv.page)).toHaveAttribute('data-connection', 'online');

    await own.stop();
    await expect(playerRoot(tv.page)).toHaveAttribute('data-connection', 'offline', { timeout: 10_000 });
    const win = windowOf(tv.page);
    const countAtStop = await shownCount(win);
    // The video comes round again, from the cache, and really plays: one showing of it (one
    // element on screen) seen 0.2 s of media further on, however long the machine takes for it.
    const sample = await tv.page.evaluate(async (clipId) => {
      const tick = () => new Promise((r) => setTimeout(r, 50));
      let first = null as { video: HTMLVideoElement; t1: number } | null;
      for (let i = 0; i < 600; i++, await tick()) {
        const video = document.querySelector<HTMLVideoElement>(
          `[data-window="0"][data-media-id="${clipId}"] .layer[data-active="true"] video`,
        );
        if (!video || video.currentTime === 0) continue;
        if (first?.video !== video || video.currentTime < first.t1) first = { video, t1: video.currentTime };
        else if (video.currentTime > first.t1 + 0.2)
          return {
            t1: first.t1,
            t2: video.currentTime,
            paused: video.paused,
            error: video.error?.code ?? null,
            src: video.currentSrc,
          };
      }
      return null;
    }, clip.id);
    expect(sample, 'the clip played while the server was down').not.toBeNull();
    expect(sample).toMatchObject({ paused: false, error: null });
    await tv.page.screenshot({ path: testInfo.outputPath('offline-video.png') });
    // …and the cycle goes on: photo, clip, banner, photo…
    await expect.poll(() => shownCount(win), { timeout: 10_000 }).toBeGreaterThanOrEqual(countAtStop + 4);
    const offline = (await timeline(tv.page)).filter((s) => s.count > countAtStop).map((s) => Number(s.media));
    expect(offline).toEqual(expect.arrayContaining([photo.id, clip.id, banner.id]));

    // Even a reload with the server down plays: the page and the manifest come from the device.
    await tv.page.reload();
    await expect(windowOf(tv.page)).toHaveAttribute('data-window-state', 'playing', { timeout: 10_000 });
    await expect.poll(() => shownCount(windowOf(tv.page)), { timeout: 10_000 }).toBeGreaterThanOrEqual(3);

    // The server is back: the socket reconnects, and the next edit reaches the TV.
    await own.start();
    await expect(playerRoot(tv.page)).toHaveAttribute('data-connection', 'online', { timeout: 40_000 });
    const fresh = await uploadImage(api, `${tag}-novo.png`, '#facc15', SCREEN_SIZE);
    await updatePlaylist(api, playlist.id, `Offline ${tag}`, [{ mediaId: fresh.id, duration: 1 }]);
    await expect(windowOf(tv.page)).toHaveAttribute('data-media-id', String(fresh.id), { timeout: 10_000 });
    await expectFullyCached(tv.page, 1);
    await expect
      .poll(async () => deviceOf(api, device.id), { timeout: 10_000 })
      .toMatchObject({ status: 'online', activeSessionId: expect.any(String) });
    await tv.context.close();
    await api.dispose();
  });

  test('the admin sees Aguardando, then Executando; Desconectar sends the TV back to pairing', async ({
    browser,
  }, testInfo) => {
    test.setTimeout(60_000);
    const { user, api } = await newApiUser(baseURL);
    const tag = unique('disc');
    const image = await uploadImage(api, `${tag}.png`, '#0d9488', SCREEN_SIZE);
    const playlist = await createPlaylist(api, `Recepção ${tag}`, [{ mediaId: image.id, duration: 3 }]);
    const device = await createDevice(api, { name: `TV Recepção ${tag}`, location: 'Loja Centro' });

    const tv = await openPlayer(browser);
    await pairWithKeys(tv.page, device.authCode);
    // Nothing assigned yet: a neutral screen, and the server hears "idle".
    await expect(playerRoot(tv.page)).toHaveAttribute('data-state', 'idle');
    await expect(windowOf(tv.page)).toContainText('Nenhuma playlist atribuída');
    await tv.page.screenshot({ path: testInfo.outputPath('idle.png') });

    const admin = await browser.newContext({ baseURL, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
    const page = await admin.newPage();
    await signIn(page, user.email, user.password);
    await page.goto('/devices');
    const card = page
      .getByRole('list', { name: 'Lista de dispositivos' })
      .getByRole('listitem')
      .filter({ hasText: device.name });
    await expect(card).toContainText('Aguardando');

    await assignPlaylists(api, device.id, playlist.id);
    await expect(windowOf(tv.page)).toHaveAttribute('data-media-id', String(image.id));
    await expect(card).toContainText('Executando');

    await page.getByRole('button', { name: `Ações de ${device.name}`, exact: true }).click();
    await page.getByRole('menuitem', { name: 'Desconectar' }).click();
    await expect(tv.page.locator('[data-state="pairing"]')).toBeVisible({ timeout: 5000 });
    await expect(tv.page.getByRole('status').filter({ hasText: 'desconectada' })).toContainText(
      'Esta TV foi desconectada no painel.',
    );
    expect(await tv.page.evaluate(() => localStorage.getItem('sinalize.player.token'))).toBeNull();
    await expect(card).toContainText('Offline');
    await admin.close();
    await tv.context.close();
    await api.dispose();
  });
});

test.describe('inside the Android TV app', () => {
  test('hands the manifest files to window.SinalizeApp instead of registering a service worker', async ({
    browser,
  }) => {
    test.setTimeout(60_000);
    const { api } = await newApiUser(baseURL);
    const tag = unique('app');
    const red = await uploadImage(api, `${tag}-vermelho.png`, '#b91c1c', SCREEN_SIZE);
    const teal = await uploadImage(api, `${tag}-verde.png`, '#0f766e', SCREEN_SIZE);
    const playlist = await createPlaylist(api, `App ${tag}`, [
      { mediaId: red.id, duration: 1 },
      { mediaId: teal.id, duration: 1 },
      { mediaId: red.id, duration: 1 },
    ]);
    const device = await createDevice(api, { name: `TV App ${tag}`, location: 'Loja Centro' });
    await assignPlaylists(api, device.id, playlist.id);

    const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 720 }, locale: 'pt-BR' });
    const page = await context.newPage();
    // What the app's WebView injects (android/.../AppBridge.java): records what the player sends.
    await page.addInitScript(() => {
      const w = window as unknown as { __appSyncs: unknown[]; SinalizeApp: object };
      w.__appSyncs = [];
      w.SinalizeApp = {
        syncMedia: (json: string) => w.__appSyncs.push(JSON.parse(json)),
        cacheStatus: () => JSON.stringify({ cached: 1, missing: 1 }),
      };
    });
    await page.goto('/player');
    await pairWithKeys(page, device.authCode);
    await expect(windowOf(page)).toHaveAttribute('data-window-state', 'playing');
    await expect(playerRoot(page)).toHaveAttribute('data-sw', 'app');
    await expect(playerRoot(page)).toHaveAttribute('data-cache-cached', '1');
    await expect(playerRoot(page)).toHaveAttribute('data-cache-missing', '1');

    type Sent = { sha256: string; url: string; mimeType: string; size: number };
    const syncs = (await page.evaluate(() => (window as unknown as { __appSyncs: unknown[] }).__appSyncs)) as Sent[][];
    const files = syncs.at(-1)!;
    // Each distinct file once, with the hash in its URL (what the app's cache answers by).
    expect(files).toHaveLength(2);
    for (const file of files) {
      expect(file.url).toContain(`sha256=${file.sha256}`);
      expect(file.mimeType).toBe('image/png');
      // The app downloads exactly this URL and keeps it only if the hash matches.
      const body = await (await page.request.get(file.url)).body();
      expect(body.length).toBe(file.size);
      expect(createHash('sha256').update(body).digest('hex')).toBe(file.sha256);
    }
    expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length)).toBe(0);
    await context.close();
    await api.dispose();
  });

  test("shows a web page in the app's own WebView at its zone, and frees it when the item leaves", async ({
    browser,
  }) => {
    test.setTimeout(90_000);
    const { api } = await newApiUser(baseURL);
    const tag = unique('appweb');
    // A private address: the server saves it without reading its headers, and nothing here loads it.
    const url = 'http://192.168.0.99/painel?loja=7';
    const created = await api.post('/api/media/content', {
      data: { kind: 'webpage', name: `Painel ${tag}`, options: { url, zoom: 150 } },
    });
    expect(created.status(), await created.text()).toBe(201);
    const webpage = (await created.json()) as { id: number };
    const teal = await uploadImage(api, `${tag}-verde.png`, '#0f766e', SCREEN_SIZE);
    const red = await uploadImage(api, `${tag}-vermelho.png`, '#b91c1c', SCREEN_SIZE);
    const left = await createPlaylist(api, `Imagem ${tag}`, [{ mediaId: red.id, duration: 60 }]);
    const right = await createPlaylist(api, `Página ${tag}`, [
      { mediaId: webpage.id, duration: 3 },
      { mediaId: teal.id, duration: 3 },
    ]);
    const layoutRes = await api.post('/api/layouts', {
      data: {
        name: `App ${tag}`,
        orientation: 'horizontal',
        zones: [
          { key: 'imagem', name: 'Imagem', x: 0, y: 0, width: 50, height: 100, fit: 'contain' },
          { key: 'pagina', name: 'Página', x: 50, y: 25, width: 50, height: 75, fit: 'contain' },
        ],
      },
    });
    expect(layoutRes.status(), await layoutRes.text()).toBe(201);
    const layout = (await layoutRes.json()) as { id: number };
    const device = await createDevice(api, { name: `TV App Web ${tag}`, location: 'Loja Centro', layoutId: layout.id });
    const zones = await api.patch(`/api/devices/${device.id}`, { data: { zonePlaylistIds: [left.id, right.id] } });
    expect(zones.status(), await zones.text()).toBe(200);

    const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 720 }, locale: 'pt-BR' });
    const page = await context.newPage();
    // The app's bridge (android/.../AppBridge.java), recording the web-page calls; like the app, it
    // answers "loaded" (window.__sinalizeWebPage) once it has been asked to show a page.
    await page.addInitScript(() => {
      const w = window as unknown as {
        __webCalls: unknown[][];
        __sinalizeWebPage?: (key: string, state: string) => void;
        SinalizeApp: object;
      };
      w.__webCalls = [];
      const shown = new Set<string>();
      w.SinalizeApp = {
        syncMedia: () => undefined,
        cacheStatus: () => JSON.stringify({ cached: 0, missing: 0 }),
        showWebPage: (...args: unknown[]) => {
          w.__webCalls.push(['show', ...args]);
          const key = args[0] as string;
          if (!shown.has(key)) setTimeout(() => w.__sinalizeWebPage?.(key, 'loaded'), 50);
          shown.add(key);
        },
        reloadWebPage: (key: string) => w.__webCalls.push(['reload', key]),
        hideWebPage: (key: string) => {
          w.__webCalls.push(['hide', key]);
          shown.delete(key);
        },
      };
    });
    await page.goto('/player');
    await pairWithKeys(page, device.authCode);
    const pageZone = page.locator('section.window[data-zone="pagina"]');
    await expect(pageZone).toHaveAttribute('data-media-type', 'webpage', { timeout: 20_000 });
    const slot = pageZone.locator('.layer[data-active="true"] .content-webpage-app');
    await expect(slot).toHaveAttribute('data-state', 'shown');
    const key = await slot.getAttribute('data-web-page');
    const calls = () => page.evaluate(() => (window as unknown as { __webCalls: unknown[][] }).__webCalls);

    // The zone's rectangle on the 1280x720 screen (x 50 %, y 25 %, 50 % x 75 %), no turn, the item's zoom.
    const first = (await calls()).find((c) => c[0] === 'show' && c[1] === key)!;
    expect(first.slice(0, 3)).toEqual(['show', key, url]);
    const place = (first.slice(3) as number[]).map((n) => Math.round(n));
    expect(place).toEqual([640, 180, 640, 540, 0, 150]);
    // No frame: the app draws the page.
    await expect(page.locator('iframe')).toHaveCount(0);

    // The picture's turn: the page leaves the screen and the app frees it.
    await expect(pageZone).toHaveAttribute('data-media-type', 'image', { timeout: 10_000 });
    await expect.poll(async () => (await calls()).some((c) => c[0] === 'hide' && c[1] === key)).toBe(true);
    const log = await calls();
    expect(log.filter((c) => c[1] === key).at(-1)).toEqual(['hide', key]);
    // Every page shown was either freed or is the one on screen now; nothing was reloaded (no interval).
    expect(log.some((c) => c[0] === 'reload')).toBe(false);
    await expect(page.locator('iframe')).toHaveCount(0);
    await context.close();
    await api.dispose();
  });
});

test.describe('download page', () => {
  test('without an APK it explains the player URL with a QR code; with one it offers the download', async ({
    browser,
  }, testInfo) => {
    test.setTimeout(60_000);
    const context = await browser.newContext({ baseURL, locale: 'pt-BR', acceptDownloads: true });
    const page = await context.newPage();
    try {
      unlinkSync(apkPath);
    } catch {
      // not there
    }
    await page.goto('/download-app');
    await expect(page.getByRole('heading', { level: 1, name: 'Baixar o app para TV' })).toBeVisible();
    const about = page.locator('dl[aria-label="Sobre o app"]');
    for (const text of ['1.2', 'Estável', '4.2 MB', 'Android 11+']) await expect(about).toContainText(text);
    const requirements = page.getByRole('region', { name: 'Requisitos técnicos' });
    for (const text of ['Android 11 ou superior', '2 GB', '1 GB', 'OpenGL ES 2.0', '5 Mbps', '80, 443 e 8080'])
      await expect(requirements).toContainText(text);
    const support = page.getByRole('region', { name: 'Horário de suporte' });
    for (const text of [
      'Segunda a sexta',
      '08:00–18:00',
      'Sábado',
      '08:00–12:00',
      'Emergências',
      '24 horas, 7 dias por semana',
    ])
      await expect(support).toContainText(text);

    await expect(page.getByRole('heading', { name: 'Use o player pelo navegador da TV' })).toBeVisible();
    await expect(page.getByTestId('player-url')).toHaveText(`${baseURL}/player`);
    await expect(page.getByRole('img', { name: `QR code do endereço do player: ${baseURL}/player` })).toBeVisible();
    await expect(page.getByRole('link', { name: /^Baixar o app \(APK/ })).toHaveCount(0);
    await page.screenshot({ path: testInfo.outputPath('download-without-apk.png'), fullPage: true });

    // The operator puts the installable file in APP_APK_PATH: the page offers it, with its real size and checksum.
    const apk = Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(2048, 1)]);
    writeFileSync(apkPath, apk);
    await page.reload();
    const link = page.getByRole('link', { name: 'Baixar o app (APK, 2,00 KB)' });
    await expect(link).toBeVisible();
    await expect(page.getByTestId('apk-sha256')).toHaveText(createHash('sha256').update(apk).digest('hex'));
    await expect(
      page.getByRole('img', { name: `QR code do download do app: ${baseURL}/api/app/download` }),
    ).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Use o player pelo navegador da TV' })).toHaveCount(0);
    await page.screenshot({ path: testInfo.outputPath('download-with-apk.png'), fullPage: true });
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toBe('sinalize-tv-1.2.apk');
    const saved = testInfo.outputPath('app.apk');
    await download.saveAs(saved);
    expect(readFileSync(saved).equals(apk)).toBe(true);
    unlinkSync(apkPath);
    await context.close();
  });
});
