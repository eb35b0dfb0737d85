// A Chromium performance trace of the signed-in /dashboard (docs/benchmarks.md#targets: dashboard Lighthouse ≥ 0.90),
// to see what its long tasks are. Lighthouse gives a score and a list of long tasks that all point
// into react-dom's chunk; this trace says which of our source files ran in each one (the CPU profile
// mapped through the build's hidden source maps) and what the browser did (style, layout, paint).
//
//   npm run build
//   npm run bench:trace:dashboard               # RUNS=3 DEVICES=50 CPU=4 NET=slow4g (or NET=none)
//   TRACE_DIR=/tmp/traces npm run bench:trace:dashboard   # also keeps each trace (open in DevTools)
//
// Like Lighthouse's mobile run: a fresh browser context (no storage, only the session cookie), a
// Moto G Power viewport, the CPU slowed CPU× through CDP and, by default, Lighthouse's Slow 4G
// figures applied to the network. Real throttling, not Lighthouse's simulation: the figures are the
// tasks as they ran here, so compare builds with each other, not with Lighthouse's TBT.
// Prints per run: FCP, LCP, the long tasks (> 50 ms) with their top source files, and the TBT
// (sum of the part beyond 50 ms of every task after FCP); the medians last.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { SourceMapConsumer } from 'source-map-js';
import { CHROMIUM_ARGS } from './chromium-flags.mjs';
import { ADMIN } from './lighthouse-lib.mjs';

const RUNS = Math.max(1, Number(process.env.RUNS ?? 3));
const DEVICES = Math.max(0, Number(process.env.DEVICES ?? 50));
const CPU = Math.max(1, Number(process.env.CPU ?? 4));
const NET = process.env.NET ?? 'slow4g';
const WEB = path.resolve('dist/web');
if (!existsSync(path.join(WEB, 'index.html')) || !existsSync('dist/server/main.js'))
  throw new Error('Run `npm run build` first.');

const freePort = async () => {
  const net = await import('node:net');
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
};

async function startServer() {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sinalize-trace-'));
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
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const origin = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (server.exitCode !== null) throw new Error(`the server exited with code ${server.exitCode}`);
    try {
      if ((await fetch(`${origin}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (i > 240) throw new Error('the server did not start');
    await new Promise((r) => setTimeout(r, 250));
  }
  const stop = async () => {
    server.kill('SIGTERM');
    await new Promise((r) => (server.exitCode !== null ? r() : server.once('exit', r)));
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { origin, stop };
}

async function signInAndSeed(origin) {
  const login = await fetch(`${origin}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  if (!login.ok) throw new Error(`sign-in failed: ${login.status}`);
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0];
  for (let i = 0; i < DEVICES; i++) {
    const body = {
      name: `TV ${String(i + 1).padStart(2, '0')} · Recepção`,
      location: `Loja ${(i % 7) + 1}`,
      resolution: '1920x1080',
      authCode: String(200000 + i),
    };
    const res = await fetch(`${origin}/api/devices`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`adding a device failed: ${res.status}`);
  }
  const [name, value] = cookie.split('=');
  return { name, value };
}

// Source maps of the built chunks, to name the original file of a profiled function.
const maps = new Map();
function originalFile(url, line, column) {
  const file = url.split('/assets/')[1];
  if (!file) return url ? url.replace(/^.*\//, '') || '(page)' : '(native)';
  if (!maps.has(file)) {
    const mapPath = path.join(WEB, 'assets', `${file}.map`);
    maps.set(file, existsSync(mapPath) ? new SourceMapConsumer(JSON.parse(readFileSync(mapPath, 'utf8'))) : null);
  }
  const map = maps.get(file);
  const pos = map?.originalPositionFor({ line: line + 1, column });
  if (!pos?.source) return file;
  return pos.source
    .replace(/^.*node_modules\//, '')
    .replace(/^(\.\.\/)+/, '')
    .replace(/^src\/web\//, '');
}

/** The CPU profile's samples as [time µs, node] on the traced renderer's main thread. */
function samplesOf(events, pid) {
  const nodes = new Map();
  const samples = [];
  for (const e of events) {
    if (e.pid !== pid || e.name !== 'ProfileChunk' || e.__start === undefined) continue;
    const data = e.args?.data;
    if (!data) continue;
    for (const n of data.cpuProfile?.nodes ?? []) nodes.set(n.id, n);
    const ids = data.cpuProfile?.samples ?? [];
    const deltas = data.timeDeltas ?? [];
    // Each chunk's deltas continue from where the previous chunk of the profile ended (`__start`).
    let t = e.__start;
    for (let i = 0; i < ids.length; i++) {
      t += deltas[i] ?? 0;
      samples.push([t, ids[i]]);
    }
  }
  return { nodes, samples: samples.sort((a, b) => a[0] - b[0]) };
}

function analyse(trace) {
  const events = trace.traceEvents ?? trace;
  const threadName = new Map();
  for (const e of events) if (e.name === 'thread_name') threadName.set(`${e.pid}:${e.tid}`, e.args.name);
  // The page's main thread: the renderer main thread that ran our scripts.
  const counts = new Map();
  for (const e of events) {
    if (e.name !== 'EvaluateScript' && e.name !== 'v8.evaluateModule' && e.name !== 'FunctionCall') continue;
    const key = `${e.pid}:${e.tid}`;
    if (threadName.get(key) === 'CrRendererMain') counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const main = [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
  if (!main) throw new Error('no renderer main thread in the trace');
  const [pid, tid] = main.split(':').map(Number);
  const mine = events.filter((e) => e.pid === pid && e.tid === tid);
  const navStart =
    mine
      .filter(
        (e) =>
          e.name === 'navigationStart' &&
          e.args?.data?.isLoadingMainFrame &&
          e.args?.data?.documentLoaderURL?.includes('/dashboard'),
      )
      .map((e) => e.ts)[0] ?? mine.find((e) => e.name === 'navigationStart')?.ts;
  const ms = (ts) => (ts - navStart) / 1000;
  const fcp = mine.find((e) => e.name === 'firstContentfulPaint' && e.ts >= navStart);
  const lcps = mine.filter((e) => e.name === 'largestContentfulPaint::Candidate' && e.ts >= navStart);
  const lcp = lcps.at(-1);
  const tasks = mine
    .filter((e) => e.ph === 'X' && e.name === 'RunTask' && e.ts >= navStart)
    .sort((a, b) => a.ts - b.ts);

  // Profile chunks: their start comes from the 'Profile' event with the same id.
  // (only the main thread's profile: a worker's would be another id).
  const profileStart = new Map();
  for (const e of events)
    if (e.name === 'Profile' && e.pid === pid && e.tid === tid) profileStart.set(e.id, e.args.data.startTime);
  const chunkTime = new Map();
  for (const e of events) {
    if (e.name !== 'ProfileChunk' || e.pid !== pid || !profileStart.has(e.id)) continue;
    const start = chunkTime.get(e.id) ?? profileStart.get(e.id);
    e.__start = start;
    chunkTime.set(e.id, start + (e.args.data.timeDeltas ?? []).reduce((a, b) => a + b, 0));
  }
  const { nodes, samples } = samplesOf(events, pid);

  const long = [];
  for (const task of tasks) {
    if (task.dur < 50_000) continue;
    const end = task.ts + task.dur;
    // What the browser did inside the task (self time by event name, one level below RunTask).
    const children = mine.filter((e) => e.ph === 'X' && e.ts >= task.ts && e.ts + (e.dur ?? 0) <= end && e !== task);
    const byName = new Map();
    for (const c of children)
      if (
        [
          'Layout',
          'UpdateLayoutTree',
          'Paint',
          'PrePaint',
          'Layerize',
          'ParseHTML',
          'v8.compileModule',
          'v8.parseOnBackground',
          'MajorGC',
          'MinorGC',
          'V8.GC_SCAVENGER',
          'ParseAuthorStyleSheet',
        ].includes(c.name)
      )
        byName.set(c.name, (byName.get(c.name) ?? 0) + c.dur / 1000);
    // The JavaScript by original source file (self time from the CPU profile's samples).
    const files = new Map();
    let prev = null;
    for (const [t, id] of samples) {
      if (t < task.ts || t > end) {
        prev = t;
        continue;
      }
      const node = nodes.get(id);
      const f = node?.callFrame;
      const name = !f
        ? '?'
        : f.url
          ? originalFile(f.url, f.lineNumber, f.columnNumber)
          : `(${f.functionName || 'native'})`;
      const w = prev === null || prev < task.ts ? 0 : (t - prev) / 1000;
      files.set(name, (files.get(name) ?? 0) + w);
      prev = t;
    }
    long.push({
      at: ms(task.ts),
      dur: task.dur / 1000,
      browser: [...byName].sort((a, b) => b[1] - a[1]),
      js: [...files].sort((a, b) => b[1] - a[1]),
    });
  }
  const fcpAt = fcp ? fcp.ts : navStart;
  const tbt = tasks.filter((t) => t.ts >= fcpAt).reduce((sum, t) => sum + Math.max(0, t.dur / 1000 - 50), 0);
  const busy = tasks.reduce((sum, t) => sum + t.dur / 1000, 0);
  return {
    fcp: fcp ? ms(fcp.ts) : NaN,
    lcp: lcp ? ms(lcp.ts) : NaN,
    lcpNode: lcp?.args?.data?.type,
    long,
    tbt,
    busy,
    lastTask: tasks.length ? ms(tasks.at(-1).ts + tasks.at(-1).dur) : 0,
  };
}

const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.frame',
  'toplevel',
  'blink.user_timing',
  'loading',
  'latencyInfo',
  'v8.execute',
  'disabled-by-default-v8.cpu_profiler',
  'disabled-by-default-lighthouse',
];

const fmt = (n) => (Number.isFinite(n) ? Math.round(n) : '–');
const { origin, stop } = await startServer();
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: CHROMIUM_ARGS.filter((a) => a !== '--headless'),
});
const results = [];
try {
  const cookie = await signInAndSeed(origin);
  console.log(
    `/dashboard with ${DEVICES} devices, CPU ${CPU}×, network ${NET}, load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  for (let run = 0; run <= RUNS; run++) {
    // Like Lighthouse's mobile preset: Moto G Power screen, no storage, only the session cookie.
    const context = await browser.newContext({
      viewport: { width: 412, height: 823 },
      deviceScaleFactor: 1.75,
      isMobile: true,
      hasTouch: true,
    });
    await context.addCookies([{ ...cookie, url: origin }]);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU });
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    if (NET === 'slow4g')
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 562.5,
        downloadThroughput: (1474.56 * 1024) / 8,
        uploadThroughput: (675 * 1024) / 8,
      });
    await browser.startTracing(page, { categories: CATEGORIES });
    await page.goto(`${origin}/dashboard`, { waitUntil: 'load' });
    // A plain wait: Playwright's own polling for an element would run scripts in the traced page.
    await page.waitForTimeout(Number(process.env.SETTLE_MS ?? 8000));
    const buffer = await browser.stopTracing();
    if (!(await page.getByTestId('dashboard-online').isVisible()))
      console.log(`  (run ${run}: the device lists were not on screen when the trace stopped; raise SETTLE_MS)`);
    await context.close();
    if (run === 0) continue; // warm-up: server, disk cache and Chromium start cold
    if (process.env.TRACE_DIR) {
      mkdirSync(process.env.TRACE_DIR, { recursive: true });
      writeFileSync(path.join(process.env.TRACE_DIR, `dashboard-${run}.json`), buffer);
    }
    const r = analyse(JSON.parse(buffer.toString()));
    results.push(r);
    console.log(
      `\nrun ${run}: FCP ${fmt(r.fcp)} ms · LCP ${fmt(r.lcp)} ms (${r.lcpNode ?? '?'}) · TBT ${fmt(r.tbt)} ms · main thread busy ${fmt(r.busy)} ms · last task ends ${fmt(r.lastTask)} ms`,
    );
    for (const t of r.long) {
      const js = t.js
        .filter(([, v]) => v >= 2)
        .slice(0, 6)
        .map(([k, v]) => `${k} ${fmt(v)}`)
        .join(', ');
      const br = t.browser
        .filter(([, v]) => v >= 2)
        .map(([k, v]) => `${k} ${fmt(v)}`)
        .join(', ');
      console.log(
        `  long task at ${fmt(t.at)} ms: ${fmt(t.dur)} ms — js: ${js || '–'}${br ? ` — browser: ${br}` : ''}`,
      );
    }
  }
} finally {
  await browser.close();
  await stop();
}
const med = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
console.log(
  `\ndashboard trace (median of ${results.length}, CPU ${CPU}×, ${NET}): TBT ${fmt(med(results.map((r) => r.tbt)))} ms (runs ${results.map((r) => fmt(r.tbt)).join(', ')}) · long tasks ${med(results.map((r) => r.long.length))} (runs ${results.map((r) => r.long.length).join(', ')}) · busy ${fmt(med(results.map((r) => r.busy)))} ms · FCP ${fmt(med(results.map((r) => r.fcp)))} ms · LCP ${fmt(med(results.map((r) => r.lcp)))} ms (load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')})`,
);
