/**
 * The devices page and the dashboard with 5,000 devices WHILE their TVs heartbeat (issue 12,
 * docs/benchmarks.md#targets): `GET /api/devices` p50/p99, then /devices and /dashboard in Debian's Chromium: first
 * card, DOM size, main-thread lag, and search keystroke → results on screen. The TVs live in
 * separate simulator processes (`fleet-worker.ts`) and beat every 3 s by default (the player beats
 * every 15 s: this is five times the normal heartbeat load, to stress the batching).
 *
 *   npm run build
 *   npm run bench:devices                      # PGlite (embedded default)
 *   npm run bench:devices -- --heartbeat-ms 15000 --devices 5000
 *
 * Targets: GET /api/devices < 100 ms; interactive (first card) < 1.5 s; lag p99 < 50 ms; search
 * results < 100 ms after the last key. Prints its figures last.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Page } from '@playwright/test';
import { CHROMIUM_ARGS } from './chromium-flags.mjs';
import pg from 'pg';
import { FLEET_ADMIN, requireBuiltServer, signIn, startBuiltServer } from './fleet-setup';
import { forkFleetWorkers, formatStats as fmt, pool, sleep, stats } from './lib';

const { values } = parseArgs({
  options: {
    devices: { type: 'string', default: '5000' },
    workers: { type: 'string', default: '2' },
    'heartbeat-ms': { type: 'string', default: '3000' },
    observe: { type: 'string', default: '15' },
  },
});
const N = Number(values.devices);
const WORKERS = Math.max(1, Number(values.workers));
const HEARTBEAT_MS = Number(values['heartbeat-ms']);
const OBSERVE_S = Number(values.observe);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
requireBuiltServer();

/**
 * Installed before the app's scripts: the time the first matching element is in the DOM, a
 * 50 ms `setInterval` drift probe (main-thread lag), long tasks, and a keystroke → results probe.
 */
const PROBE = `(() => {
  const b = (window.__bench = { first: null, lags: [], longTasks: [], lastKey: null, results: null, want: null });
  const tick = 50;
  let expected = performance.now() + tick;
  setInterval(() => { const now = performance.now(); b.lags.push(Math.max(0, now - expected)); expected = now + tick; }, tick);
  try { new PerformanceObserver((l) => { for (const e of l.getEntries()) b.longTasks.push(e.duration); }).observe({ type: 'longtask', buffered: true }); } catch {}
  document.addEventListener('keydown', () => { b.lastKey = performance.now(); b.results = null; setTimeout(check, 0); }, true);
  const check = () => {
    if (b.first === null && window.__firstSelector && document.querySelector(window.__firstSelector)) b.first = performance.now();
    if (b.want && b.results === null && b.lastKey !== null) {
      const cards = document.querySelectorAll('[data-testid^="device-card-"]');
      if (cards.length === b.want.count && document.querySelector(b.want.selector)) {
        const key = b.lastKey;
        requestAnimationFrame(() => { if (b.results === null && b.lastKey === key) b.results = performance.now() - key; });
      }
    }
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true });
})();`;

type Bench = { first: number | null; lags: number[]; longTasks: number[]; results: number | null };
const readBench = (page: Page) => page.evaluate(() => (window as unknown as { __bench: Bench }).__bench);
const resetLag = (page: Page) =>
  page.evaluate(() => {
    const b = (window as unknown as { __bench: Bench }).__bench;
    b.lags = [];
    b.longTasks = [];
  });
const domSize = (page: Page) => page.evaluate(() => document.getElementsByTagName('*').length);

async function openPage(page: Page, url: string, firstSelector: string) {
  await page.addInitScript(
    (selector) => ((window as unknown as { __firstSelector: string }).__firstSelector = selector),
    firstSelector,
  );
  await page.goto(url);
  await page.waitForSelector(firstSelector, { timeout: 60_000 });
  const nav = await page.evaluate(
    () => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).startTime,
  );
  const first = (await readBench(page)).first!;
  return Math.round(first - nav);
}

/** On PostgreSQL (DATABASE_URL set) the bench gets a database of its own, dropped and made anew. */
async function databaseUrl(): Promise<string> {
  if (!process.env.DATABASE_URL) return '';
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query('DROP DATABASE IF EXISTS sinalize_devices_bench WITH (FORCE)');
  await admin.query('CREATE DATABASE sinalize_devices_bench');
  await admin.end();
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = '/sinalize_devices_bench';
  return url.toString();
}

const children: ChildProcess[] = [];
let browser: Awaited<ReturnType<typeof chromium.launch>> | null = null;
try {
  const server = await startBuiltServer({
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'sinalize-devices-bench-')),
    DATABASE_URL: await databaseUrl(),
    // One process: the in-process bus (a shared Redis would carry these events to other runs).
    REDIS_URL: '',
  });
  children.push(server.child);
  const { url, cookie, api } = await signIn(server.url);

  // 5,000 devices through the API (names "TV 0001"…; a few cities so the search has work to do).
  const seedStarted = Date.now();
  const cities = ['São Paulo', 'Recife', 'Curitiba', 'Manaus', 'Porto Alegre', 'Salvador', 'Belém', 'Goiânia'];
  const offset = Math.floor(Math.random() * 1_000_000);
  const devices: Array<{ id: number; code: string; name: string }> = [];
  await pool([...Array(N).keys()], 16, async (i) => {
    const code = String((offset + i * 7919) % 1_000_000).padStart(6, '0');
    const name = `TV ${String(i + 1).padStart(4, '0')}`;
    const row = await api<{ id: number }>('/api/devices', 'POST', {
      name,
      location: `Loja ${cities[i % cities.length]}`,
      resolution: '1920x1080',
      authCode: code,
    });
    devices.push({ id: row.id, code, name });
  });
  console.log(`${N} dispositivos criados em ${((Date.now() - seedStarted) / 1000).toFixed(1)} s`);

  const timeList = async (count: number) => {
    const times: number[] = [];
    for (let i = 0; i < count; i++) {
      const started = performance.now();
      const res = await fetch(`${url}/api/devices`, { headers: { cookie } });
      await res.arrayBuffer();
      times.push(performance.now() - started);
    }
    return stats(times);
  };
  /**
   * The list is kept between changes (device-list-cache.ts): an assignment PATCH and a rename (`PUT`)
   * are applied to it (the rename placed by name, the embedded database ordering bytewise); a group
   * removed drops it, and the next GET reads the database. Each sample is the change (not timed),
   * then the GET.
   */
  let renames = 0;
  const changes = {
    assignment: (id: number) => api(`/api/devices/${id}`, 'PATCH', { assignedPlaylistId1: null }),
    rename: async (id: number) => {
      const d = await api<{
        name: string;
        location: string;
        resolution: string;
        orientation: string;
        layout: string;
        groupId: number | null;
        authCode: string;
      }>(`/api/devices/${id}`, 'GET');
      const { location, resolution, orientation, layout, groupId, authCode } = d;
      await api(`/api/devices/${id}`, 'PUT', {
        name: `${d.name.replace(/ \(\d+\)$/, '')} (${++renames})`,
        location,
        resolution,
        orientation,
        layout,
        groupId,
        authCode,
      });
    },
    groupRemoved: async () => {
      const group = await api<{ id: number }>('/api/device-groups', 'POST', { name: `Grupo ${++renames}` });
      await api(`/api/device-groups/${group.id}`, 'DELETE');
    },
  };
  const timeAfterChange = async (count: number, change: keyof typeof changes) => {
    const times: number[] = [];
    for (let i = 0; i < count; i++) {
      await changes[change](devices[i]!.id);
      const started = performance.now();
      await (await fetch(`${url}/api/devices`, { headers: { cookie } })).arrayBuffer();
      times.push(performance.now() - started);
    }
    return stats(times);
  };
  const afterChanges = async (when: string) => {
    const figures = {
      assignment: await timeAfterChange(10, 'assignment'),
      rename: await timeAfterChange(10, 'rename'),
      read: await timeAfterChange(10, 'groupRemoved'),
    };
    console.log(
      `GET /api/devices logo após uma atribuição (aplicada à lista mantida), ${when}: ${fmt(figures.assignment)}`,
    );
    console.log(`GET /api/devices logo após renomear (colocado na lista mantida), ${when}: ${fmt(figures.rename)}`);
    console.log(`GET /api/devices logo após remover um grupo (lê o banco), ${when}: ${fmt(figures.read)}`);
    return figures;
  };
  const idleChanges = await afterChanges('TVs paradas');
  const listIdle = await timeList(30);
  console.log(`GET /api/devices, TVs paradas: ${fmt(listIdle)}`);

  // The TVs: paired and heartbeating from separate processes.
  const { workers, ask } = forkFleetWorkers(WORKERS);
  children.push(...workers);
  const pairStarted = Date.now();
  const share = Math.ceil(N / WORKERS);
  const started = await Promise.all(
    workers.map((w, i) =>
      ask<{ held: number; errors: number }>(
        w,
        {
          type: 'start',
          baseUrl: url,
          devices: devices.slice(i * share, (i + 1) * share),
          heartbeatMs: HEARTBEAT_MS,
          concurrency: 16,
        },
        'started',
      ),
    ),
  );
  const held = started.reduce((n, s) => n + s.held, 0);
  console.log(
    `${held}/${N} TVs pareadas e batendo a cada ${HEARTBEAT_MS} ms (pareadas em ${((Date.now() - pairStarted) / 1000).toFixed(1)} s)`,
  );
  await sleep(HEARTBEAT_MS);
  const liveChanges = await afterChanges('TVs batendo');
  const listLive = await timeList(30);
  console.log(`GET /api/devices, TVs batendo: ${fmt(listLive)}`);

  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: CHROMIUM_ARGS,
  });
  const context = await browser.newContext({
    baseURL: url,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    viewport: { width: 1366, height: 900 },
  });
  await context.request.post('/api/auth/login', { data: FLEET_ADMIN });
  await context.addInitScript(PROBE);

  // /devices
  const page = await context.newPage();
  const devicesFirst = await openPage(page, '/devices', '[data-testid^="device-card-"]');
  await page.waitForSelector('[data-realtime="connected"]');
  await resetLag(page);
  await sleep(OBSERVE_S * 1000);
  const devicesIdle = await readBench(page);
  const devicesLag = stats(devicesIdle.lags);
  const devicesDom = await domSize(page);
  console.log(
    `/devices: primeiro card ${devicesFirst} ms; DOM ${devicesDom} nós; atraso do main thread em ${OBSERVE_S} s: ${fmt(devicesLag)}; long tasks ${devicesIdle.longTasks.length} (soma ${Math.round(devicesIdle.longTasks.reduce((a, b) => a + b, 0))} ms)`,
  );

  // Search: type "TV 4321" key by key; results = exactly that card, on screen (the frame after).
  // Its prefix one key earlier ("TV 432") still matches ten devices: the last key changes the screen.
  const target = devices.find(
    (d) => d.name === `TV ${String(N >= 4321 ? 4321 : 10 * Math.floor(N / 20)).padStart(4, '0')}`,
  )!;
  const searchTimes: number[] = [];
  const box = page
    .getByRole('searchbox')
    .or(page.getByPlaceholder(/Buscar/i))
    .first();
  for (let round = 0; round < 5; round++) {
    await box.fill('');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid^="device-card-"]').length > 1);
    await page.evaluate(
      (id) =>
        ((window as unknown as { __bench: { want: unknown } }).__bench.want = {
          count: 1,
          selector: `[data-testid="device-card-${id}"]`,
        }),
      target.id,
    );
    await resetLag(page);
    await box.pressSequentially(target.name, { delay: 120 });
    await page
      .waitForFunction(() => (window as unknown as { __bench: Bench }).__bench.results !== null, undefined, {
        timeout: 60_000,
      })
      .catch(async (error: unknown) => {
        console.error(
          await page.evaluate(() =>
            JSON.stringify({
              b: { ...(window as unknown as { __bench: Bench }).__bench, lags: 0 },
              cards: document.querySelectorAll('[data-testid^="device-card-"]').length,
              value: (document.querySelector('input[type=search]') as HTMLInputElement).value,
            }),
          ),
        );
        throw error;
      });
    searchTimes.push((await readBench(page)).results!);
  }
  const typingLag = stats((await readBench(page)).lags);
  const search = stats(searchTimes);
  console.log(
    `/devices busca (última tecla → resultado na tela): ${fmt(search)}; atraso do main thread digitando: ${fmt(typingLag)}`,
  );

  // /dashboard
  const dash = await context.newPage();
  await page.close();
  const dashFirst = await openPage(dash, '/dashboard', '[data-testid="dashboard-online"] li');
  await dash.waitForSelector('[data-realtime="connected"]');
  await resetLag(dash);
  await sleep(OBSERVE_S * 1000);
  const dashboard = await readBench(dash);
  const dashLag = stats(dashboard.lags);
  const dashDom = await domSize(dash);
  console.log(
    `/dashboard: primeiro item ${dashFirst} ms; DOM ${dashDom} nós; atraso do main thread em ${OBSERVE_S} s: ${fmt(dashLag)}; long tasks ${dashboard.longTasks.length}`,
  );

  const load = os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
  console.log(`carga da máquina (1/5/15 min): ${load}; ${os.cpus().length} núcleos`);
  console.log(
    `devices-5000 (${process.env.DATABASE_URL ? 'postgres' : 'pglite'}, ${held} TVs a cada ${HEARTBEAT_MS / 1000} s): ` +
      `GET /api/devices p50=${listLive.p50}ms p99=${listLive.p99}ms (paradas p50=${listIdle.p50}ms p99=${listIdle.p99}ms; ` +
      `após atribuição p99=${liveChanges.assignment.p99}ms, após renomear p99=${liveChanges.rename.p99}ms, lendo o banco p50=${liveChanges.read.p50}ms p99=${liveChanges.read.p99}ms; paradas: ${idleChanges.assignment.p99}/${idleChanges.rename.p99}/${idleChanges.read.p99}ms) | ` +
      `/devices primeiro card=${devicesFirst}ms DOM=${devicesDom} lag_p99=${devicesLag.p99}ms busca_p50=${search.p50}ms busca_max=${search.max}ms | ` +
      `/dashboard primeiro item=${dashFirst}ms DOM=${dashDom} lag_p99=${dashLag.p99}ms`,
  );
  for (const w of workers) w.send({ type: 'stop' });
} finally {
  await browser?.close();
  for (const child of children) child.kill('SIGKILL');
}
