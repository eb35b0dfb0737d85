import { expect, test, type Page, type Request } from '@playwright/test';
import type { PlayRecord, PlaysBatchResult } from '../src/contract/plays';
import { assignPlaylists, createDevice, createPlaylist, newApiUser, uploadImage } from './api';
import { ownServerForSpec } from './own-server';
import { unique } from './support';

/**
 * Proof of play from the real player (docs/proof-of-play.md#plays): a paired TV sends what it showed in batches to
 * `POST /api/tv/plays`; with the server stopped it keeps its records (in IndexedDB, through a
 * reload) and sends them once the server is back. There is no read API for plays in this part, so
 * the test reads what the player sent and what the server answered.
 */

/** Ports 4800–4849 (other specs' own servers use 4350, 4700 and 4750), or the 50 from `PLAYS_E2E_PORT_BASE`. */
let baseURL = '';
const own = ownServerForSpec({
  name: 'plays',
  portBase: Number(process.env.PLAYS_E2E_PORT_BASE ?? 4800),
  onStarted: (url) => (baseURL = url),
});

interface Sent {
  plays: PlayRecord[];
  status: number | null;
  answer: PlaysBatchResult | null;
}

/** Every `POST /api/tv/plays` the page makes, with the server's answer (null: no answer, server down). */
function recordPlayRequests(page: Page): Sent[] {
  const sent: Sent[] = [];
  const take = async (request: Request, failed: boolean) => {
    if (request.method() !== 'POST' || !request.url().endsWith('/api/tv/plays')) return;
    const entry: Sent = {
      plays: (request.postDataJSON() as { plays: PlayRecord[] }).plays,
      status: null,
      answer: null,
    };
    sent.push(entry);
    if (failed) return;
    const response = await request.response();
    entry.status = response?.status() ?? null;
    entry.answer = response?.ok() ? ((await response.json()) as PlaysBatchResult) : null;
  };
  page.on('requestfinished', (request) => void take(request, false));
  page.on('requestfailed', (request) => void take(request, true));
  return sent;
}

const accepted = (sent: Sent[]) =>
  sent.filter((s) => s.answer && s.answer.accepted + s.answer.duplicates === s.plays.length);

test('the player sends what it showed, keeps it while the server is down (through a reload) and sends it when the server is back', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const { api } = await newApiUser(baseURL);
  const tag = unique('pop');
  const red = await uploadImage(api, `${tag}-vermelho.png`, '#dc2626', { width: 320, height: 180 });
  const blue = await uploadImage(api, `${tag}-azul.png`, '#1d4ed8', { width: 320, height: 180 });
  const playlist = await createPlaylist(api, `Prova ${tag}`, [
    { mediaId: red.id, duration: 1 },
    { mediaId: blue.id, duration: 1 },
  ]);
  const device = await createDevice(api, { name: `TV Prova ${tag}`, location: 'Loja' });
  await assignPlaylists(api, device.id, playlist.id);

  const context = await browser.newContext({
    baseURL,
    viewport: { width: 640, height: 360 },
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
  });
  const page = await context.newPage();
  const sent = recordPlayRequests(page);
  await page.goto('/player');
  await page.keyboard.type(device.authCode);
  await page.keyboard.press('Enter');
  const root = page.locator('main.player');
  const win = page.locator('[data-window="0"]');
  await expect(win).toHaveAttribute('data-window-state', 'playing', { timeout: 15_000 });
  await expect(root).toHaveAttribute('data-sw', 'controlled', { timeout: 15_000 });
  await expect(root).toHaveAttribute('data-cache-missing', '0', { timeout: 15_000 });

  // Online: the first round (every 30 s) carries the items shown so far, and the server takes them.
  await expect.poll(() => accepted(sent).length, { timeout: 60_000 }).toBeGreaterThan(0);
  const first = accepted(sent)[0]!;
  expect(first.status).toBe(200);
  expect(first.answer!.accepted).toBe(first.plays.length);
  for (const play of first.plays) {
    expect(play).toMatchObject({ playlistId: playlist.id, campaignId: null, window: 0 });
    expect([red.id, blue.id]).toContain(play.mediaId);
    if (play.completed) expect(play.durationMs).toBeGreaterThanOrEqual(1000);
  }
  expect(new Set(first.plays.map((p) => p.mediaId))).toEqual(new Set([red.id, blue.id]));

  // Offline: items go on playing and their records wait on the device, through a reload too.
  await own.stop();
  const stoppedAt = Date.now();
  await expect(root).toHaveAttribute('data-connection', 'offline', { timeout: 15_000 });
  const shown = Number(await win.getAttribute('data-shown-count'));
  await expect
    .poll(async () => Number(await win.getAttribute('data-shown-count')), { timeout: 15_000 })
    .toBeGreaterThanOrEqual(shown + 3);
  const reloadedAt = Date.now();
  await page.reload();
  await expect(win).toHaveAttribute('data-window-state', 'playing', { timeout: 15_000 });
  await expect
    .poll(async () => Number(await win.getAttribute('data-shown-count')), { timeout: 15_000 })
    .toBeGreaterThanOrEqual(3);
  const before = sent.length;

  await own.start();
  const restartedAt = Date.now();
  await expect(root).toHaveAttribute('data-connection', 'online', { timeout: 60_000 });
  // Back online, the buffered records go at once (not at the next 30 s round) and are taken.
  const outage = (s: Sent) =>
    s.plays.filter((p) => Date.parse(p.startedAt) > stoppedAt && Date.parse(p.startedAt) < restartedAt);
  await expect
    .poll(() => accepted(sent.slice(before)).flatMap(outage).length, { timeout: 30_000 })
    .toBeGreaterThanOrEqual(3);
  const resent = accepted(sent.slice(before));
  expect(resent.reduce((n, s) => n + s.answer!.accepted, 0)).toBeGreaterThanOrEqual(3);
  // Records the page made before the reload are among them: kept in IndexedDB.
  const outagePlays = resent.flatMap(outage);
  expect(outagePlays.filter((p) => Date.parse(p.startedAt) < reloadedAt).length).toBeGreaterThanOrEqual(2);
  const oldest = Math.min(...outagePlays.map((p) => Date.parse(p.startedAt)));
  expect(oldest - stoppedAt).toBeLessThan(10_000);
  await context.close();
  await api.dispose();
});
