/**
 * Refreshing 500 feeds against the TVs' manifest (issue 25, docs/benchmarks.md): the built server
 * on PGlite (FEEDS_ALLOW_PRIVATE=true, to read a feed server on loopback), 500 feeds of a local
 * feed server whose items change on every fetch (each refresh writes new items and rebuilds the
 * manifests showing it), 50 paired TVs each on a playlist of 10 of them.
 *
 * `GET /api/tv/content` is asked at a fixed rate (RATE/s, open loop: a slow answer does not slow
 * the next request), round-robin over the TVs, each with the ETag of its last answer as
 * `If-None-Match`, as the player does (304 while nothing changed, 200 when its feeds did); one
 * request in 10 goes without it (a TV starting, a full 200).
 *
 * After a warm-up window, PAIRS (5) pairs of windows in turn: a baseline of BENCH_SECONDS (30) with
 * nothing refreshing, then a refresh window. Before each refresh window its share of the feeds
 * (FEEDS / PAIRS) is asked to refresh, and that window lasts until they are served, so every feed
 * is refreshed under measure and no refresh runs into the next baseline; a drift of the machine
 * falls on both kinds alike. Target: the p99 of every refresh window's requests is at most 1.10 ×
 * the p99 of every baseline's. Prints the ratio last.
 *
 *   npm run build
 *   npm run bench:feeds-refresh                   # PAIRS=5 BENCH_SECONDS=30 RATE=100
 */
import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { cpuSeconds, formatStats, freePort, freshDatabase, pool, sleep, stats as statsOf, waitForOk } from './lib';

const SECONDS = Math.max(5, Number(process.env.BENCH_SECONDS ?? 30));
const RATE = Number(process.env.RATE ?? 100);
const PAIRS = Math.max(1, Number(process.env.PAIRS ?? 5));
const FEEDS = 500;
/** How many of them are refreshed over the pairs: 500 for the figure, fewer for a short profiling run. */
const REFRESHES = Math.min(FEEDS, Math.max(1, Number(process.env.REFRESHES ?? FEEDS)));
const TVS = 50;
const ITEMS = 20;
const ADMIN = { email: 'admin@feeds-bench.local', password: 'senha-do-benchmark' };
/** To the hundredth of a ms: 304s take about a millisecond. */
const stats = (values: number[]) => statsOf(values, 2);
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

/**
 * The feed server, in a process of its own (it must not share the measuring loop's event loop):
 * `/feed/{n}.xml` is an RSS 2.0 feed of ITEMS items whose titles carry the fetch's number, so every
 * fetch has new items; no ETag, so no 304. `/hits` answers how many feeds it has served, and
 * `/until/{n}` answers once it has served n: one request a window, where polling `/hits` from the
 * measuring loop put work in the refresh windows only (docs/benchmarks.md).
 */
const FEED_SERVER = `
const http = require('node:http');
let hits = 0;
let waiting = [];
const hitTimes = [];
const esc = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
const answerWaiting = () => {
  waiting = waiting.filter(([until, res]) => (hits >= until ? void res.end(String(hits)) : true));
};
http.createServer((req, res) => {
  if (req.url === '/hits') return res.end(String(hits));
  if (req.url === '/times') return res.end(JSON.stringify(hitTimes));
  const until = /^\\/until\\/(\\d+)$/.exec(req.url);
  if (until) return waiting.push([Number(until[1]), res]), answerWaiting();
  const m = /^\\/feed\\/(\\d+)\\.xml$/.exec(req.url);
  if (!m) { res.statusCode = 404; return res.end(); }
  const n = ++hits;
  hitTimes.push(Date.now());
  const items = Array.from({ length: ${ITEMS} }, (_, i) =>
    '<item><title>' + esc('Notícia ' + (i + 1) + ' do feed ' + m[1] + ' — edição nº ' + n) + '</title>' +
    '<description>' + esc('Resumo com acentuação: ação, informação, café e pão (busca ' + n + ').') + '</description>' +
    '<pubDate>' + new Date(Date.now() - i * 60000).toUTCString() + '</pubDate></item>').join('');
  res.setHeader('content-type', 'application/rss+xml; charset=utf-8');
  res.end('<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel><title>Feed ' + m[1] +
    '</title><link>http://127.0.0.1/</link><description>bench</description>' + items + '</channel></rss>');
  answerWaiting();
}).listen(Number(process.env.FEED_PORT), '127.0.0.1');
`;

async function startServer() {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sinalize-feeds-bench-'));
  // SERVER_NODE_ARGS: Node flags for the server only, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`
  // (Node refuses --cpu-prof in NODE_OPTIONS).
  const nodeArgs = (process.env.SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, 'dist/server/main.js'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
      // PGlite by default, as the other content benches; DATABASE_URL set: a PostgreSQL database of its own.
      DATABASE_URL: process.env.DATABASE_URL ? await freshDatabase('sinalize_feeds_refresh') : '',
      REDIS_URL: '',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      FEEDS_ALLOW_PRIVATE: 'true',
      PAIRING_RATE_LIMIT: '100000',
      PAIRING_GLOBAL_RATE_LIMIT: '100000',
      LOGIN_RATE_LIMIT: '1000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const origin = `http://127.0.0.1:${port}`;
  await waitForOk(`${origin}/api/health`, 180_000);
  return { origin, child, dataDir };
}

const stop = async (child: ChildProcess) => {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
};

const agent = new http.Agent({ keepAlive: true, maxSockets: 32 });
/** One `GET /api/tv/content`: status, ETag, when it was sent and the time to the whole answer (ms). */
function getContent(origin: string, token: string, etag: string | null) {
  return new Promise<{ status: number; etag: string | null; startedAt: number; ms: number }>((resolve, reject) => {
    const started = performance.now();
    const req = http.get(
      `${origin}/api/tv/content`,
      { agent, headers: { authorization: `Bearer ${token}`, ...(etag ? { 'if-none-match': etag } : {}) } },
      (res) => {
        res.resume();
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            etag: (res.headers.etag as string | undefined) ?? null,
            startedAt: started,
            ms: performance.now() - started,
          }),
        );
      },
    );
    req.on('error', reject);
  });
}

interface Tv {
  token: string;
  etag: string | null;
}

/** RATE requests/s for `seconds`, open loop, round-robin over the TVs. */
async function measure(origin: string, tvs: Tv[], seconds: number, done = () => false) {
  const latencies: number[] = [];
  const notModified: number[] = [];
  /** When each 304 was sent (epoch ms), to place the slow ones in the refresh cycle. */
  const notModifiedAt: number[] = [];
  const codes: Record<number, number> = {};
  const inFlight = new Set<Promise<void>>();
  const started = performance.now();
  let sent = 0;
  while (performance.now() - started < seconds * 1000 && !done()) {
    const due = Math.floor(((performance.now() - started) / 1000) * RATE);
    for (; sent < due; sent++) {
      const tv = tvs[sent % tvs.length]!;
      const conditional = sent % 10 !== 9;
      const p = getContent(origin, tv.token, conditional ? tv.etag : null).then((r) => {
        latencies.push(r.ms);
        if (r.status === 304) {
          notModified.push(r.ms);
          notModifiedAt.push(performance.timeOrigin + r.startedAt);
        }
        codes[r.status] = (codes[r.status] ?? 0) + 1;
        if (r.status === 200) tv.etag = r.etag;
      });
      inFlight.add(p);
      void p.finally(() => inFlight.delete(p));
    }
    await sleep(2);
  }
  await Promise.all(inFlight);
  const unexpected = Object.keys(codes).filter((c) => c !== '200' && c !== '304');
  if (unexpected.length) throw new Error(`unexpected answers: ${JSON.stringify(codes)}`);
  return {
    latencies,
    notModified,
    notModifiedAt,
    stats: stats(latencies),
    codes,
    seconds: (performance.now() - started) / 1000,
  };
}

const feedPort = await freePort();
const feeds = spawn(process.execPath, ['-e', FEED_SERVER], {
  env: { ...process.env, FEED_PORT: String(feedPort) },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const feedOrigin = `http://127.0.0.1:${feedPort}`;
const hits = async () => Number(await (await fetch(`${feedOrigin}/hits`)).text());
/** Resolves once the feed server has served `count` feeds in all: one request, answered then. */
const served = (count: number) =>
  new Promise<void>((resolve, reject) => {
    http
      .get(`${feedOrigin}/until/${count}`, { agent: false }, (res) => res.resume().on('end', resolve))
      .on('error', reject);
  });
const server = await startServer();

/** This machine's PostgreSQL processes (the bench's database is local): their CPU is the database's. */
const postgresPids = () =>
  readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .filter((d) => {
      try {
        return readFileSync(`/proc/${d}/comm`, 'utf8').trim() === 'postgres';
      } catch {
        return false; // gone meanwhile
      }
    })
    .map(Number);
const tryCpu = (pid: number) => {
  try {
    return cpuSeconds(pid);
  } catch {
    return 0; // gone meanwhile
  }
};
/**
 * CPU seconds so far of each part on this machine: the server, PostgreSQL (per process: its
 * backends come and go), the feed server and this measuring process. Read around each window,
 * they say which part a refresh's work lands on (2 cores here: another process's CPU can delay
 * the server too).
 */
const cpuNow = () => ({
  server: tryCpu(server.child.pid!),
  postgres: new Map((process.env.DATABASE_URL ? postgresPids() : []).map((pid) => [pid, tryCpu(pid)])),
  feeds: tryCpu(feeds.pid!),
  bench: (process.cpuUsage().user + process.cpuUsage().system) / 1e6,
});
const cpuTotals = {
  baseline: { seconds: 0, cpu: { server: 0, postgres: 0, feeds: 0, bench: 0 } },
  refresh: { seconds: 0, cpu: { server: 0, postgres: 0, feeds: 0, bench: 0 } },
};
/** Runs a window and adds its CPU seconds per part to its kind's totals. */
async function accounted<T extends { seconds: number }>(kind: keyof typeof cpuTotals, window: () => Promise<T>) {
  const before = cpuNow();
  const result = await window();
  const after = cpuNow();
  const { cpu } = cpuTotals[kind];
  cpuTotals[kind].seconds += result.seconds;
  cpu.server += after.server - before.server;
  cpu.feeds += after.feeds - before.feeds;
  cpu.bench += after.bench - before.bench;
  // A PostgreSQL process gone by the end is not counted; one new in the window counts whole.
  for (const [pid, seconds] of after.postgres) cpu.postgres += seconds - (before.postgres.get(pid) ?? 0);
  return result;
}
const cpuPerSecond = (kind: keyof typeof cpuTotals) =>
  Object.entries(cpuTotals[kind].cpu)
    .map(([part, s]) => `${part} ${((s * 1000) / cpuTotals[kind].seconds).toFixed(1)}`)
    .join(', ');
try {
  await waitForOk(`${feedOrigin}/hits`, 30_000);
  const login = await fetch(`${server.origin}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  if (!login.ok) throw new Error(`sign-in failed: ${login.status}`);
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
  const api = async <T>(method: string, url: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${server.origin}${url}`, {
      method,
      headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${text}`);
    return (text ? JSON.parse(text) : undefined) as T;
  };

  // 500 feeds, each fetched once at creation; their next turn is a day away (refreshMinutes max),
  // so `feeds.scan` queues nothing during the windows: the refreshes are the ones asked for.
  const feedIds: number[] = new Array<number>(FEEDS);
  await pool(
    Array.from({ length: FEEDS }, (_, i) => i),
    4,
    async (i) => {
      const created = await api<{ id: number }>('POST', '/api/media/content', {
        kind: 'feed',
        name: `Feed ${i + 1}`,
        options: { url: `${feedOrigin}/feed/${i + 1}.xml`, maxItems: ITEMS, refreshMinutes: 24 * 60 },
      });
      feedIds[i] = created.id;
    },
  );
  // 50 TVs, each on a playlist of 10 feeds: every feed is on one TV's screen.
  const tvs: Tv[] = [];
  await pool(
    Array.from({ length: TVS }, (_, i) => i),
    4,
    async (i) => {
      const list = await api<{ id: number }>('POST', '/api/playlists', {
        name: `Notícias ${i + 1}`,
        items: feedIds.slice(i * 10, i * 10 + 10).map((mediaId, order) => ({ mediaId, duration: 15, order })),
      });
      const authCode = String(200_000 + i);
      const device = await api<{ id: number }>('POST', '/api/devices', {
        name: `TV ${i + 1}`,
        location: 'Bench',
        resolution: '1920x1080',
        authCode,
      });
      await api('PATCH', `/api/devices/${device.id}`, { assignedPlaylistId1: list.id, assignedPlaylistId2: null });
      const paired = await fetch(`${server.origin}/api/tv/authenticate`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ code: authCode }),
      });
      if (!paired.ok) throw new Error(`pairing TV ${i + 1}: ${paired.status}`);
      tvs.push({ token: ((await paired.json()) as { token: string }).token, etag: null });
    },
  );
  console.log(
    `${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}, ${FEEDS} feeds (${ITEMS} items, new ones each fetch), ${TVS} TVs × 10 feeds; created, ${await hits()} fetches`,
  );

  // Warm-up, one whole window, not measured: every TV's manifest built, JIT. The first window after
  // a shorter one was the slowest of every run (docs/benchmarks.md), which flattered the ratio.
  await measure(server.origin, tvs, SECONDS);
  console.log(`GET /api/tv/content at ${RATE}/s, ${SECONDS} s per window; load average ${load()} (before)`);
  const baselines: number[][] = [];
  const refreshes: number[][] = [];
  // The 304s alone: answers a refresh does not change, so a rise there is the refresh's work
  // delaying the TVs, not the new manifests that TVs whose feed changed are sent.
  const baselines304: number[] = [];
  const refreshes304: number[] = [];
  const refreshes304At: number[] = [];
  const share = Math.ceil(REFRESHES / PAIRS);
  for (let pair = 0; pair < PAIRS; pair++) {
    const baseline = await accounted('baseline', () => measure(server.origin, tvs, SECONDS));
    baselines.push(baseline.latencies);
    baselines304.push(...baseline.notModified);
    const ids = feedIds.slice(pair * share, (pair + 1) * share);
    const before = await hits();
    await pool(ids, 4, (id) => api('POST', `/api/media/${id}/refresh`));
    let done = false;
    const watching = served(before + ids.length).then(() => (done = true));
    // As long as its share takes (at most 20 windows): all 500 feeds are refreshed under measure.
    const during = await accounted('refresh', () => measure(server.origin, tvs, 20 * SECONDS, () => done));
    await watching; // the next baseline starts with no refresh left
    refreshes.push(during.latencies);
    refreshes304.push(...during.notModified);
    refreshes304At.push(...during.notModifiedAt);
    console.log(
      `pair ${pair + 1}: baseline p99=${baseline.stats.p99} ms ${JSON.stringify(baseline.codes)}; ` +
        `${ids.length} refreshes in ${during.seconds.toFixed(1)} s: p99=${during.stats.p99} ms ` +
        `${JSON.stringify(during.codes)}; load ${load()}`,
    );
  }
  const [b, r] = [stats(baselines.flat()), stats(refreshes.flat())];
  console.log(`baselines, ${PAIRS} windows: ${formatStats(b)}`);
  console.log(`refreshing, ${PAIRS} windows: ${formatStats(r)}`);
  // The first baseline has been the slowest window of every run, even after the warm-up: without
  // its pair, the ratio that start-up effect cannot flatter (docs/benchmarks.md).
  if (PAIRS > 1) {
    const [b2, r2] = [stats(baselines.slice(1).flat()), stats(refreshes.slice(1).flat())];
    console.log(`without pair 1: p99 ${r2.p99} ms / ${b2.p99} ms (ratio ${(r2.p99 / b2.p99).toFixed(3)})`);
  }
  const [b304, r304] = [stats(baselines304), stats(refreshes304)];
  console.log(`304s alone: p99 ${r304.p99} ms / ${b304.p99} ms (ratio ${(r304.p99 / b304.p99).toFixed(3)})`);
  // Where the slow 304s of the refresh windows fall in the refresh cycle: the time since the feed
  // server last served a feed (a refresh starts with that fetch), against where all 304s fall. A
  // refresh's own work shows as slow ones bunched a few ms after a fetch.
  const hitTimes = (await (await fetch(`${feedOrigin}/times`)).json()) as number[];
  const sinceHit = (at: number) => {
    let lo = 0;
    let hi = hitTimes.length - 1;
    if (hi < 0 || at < hitTimes[0]!) return Infinity;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (hitTimes[mid]! <= at) lo = mid;
      else hi = mid - 1;
    }
    return at - hitTimes[lo]!;
  };
  const bins = [10, 25, 50, 100, 250, 500, 1000, Infinity];
  const binOf = (ms: number) => bins.findIndex((b) => ms < b);
  const binShares = (values: number[]) => {
    const counts = bins.map(() => 0);
    for (const v of values) counts[binOf(v)]! += 1;
    return counts.map((c) => `${((c / Math.max(1, values.length)) * 100).toFixed(1)}%`);
  };
  const slowAt = refreshes304At.filter((_, i) => refreshes304[i]! > b304.p99);
  console.log(
    `304s slower than the baselines' p99 (${slowAt.length} of ${refreshes304At.length}), by ms since the last fetch:`,
  );
  console.log(`  bins (ms)   ${bins.map((b) => `<${b}`).join(' ')}`);
  console.log(`  slow 304s   ${binShares(slowAt.map(sinceHit)).join(' ')}`);
  console.log(`  all 304s    ${binShares(refreshes304At.map(sinceHit)).join(' ')}`);
  console.log(`CPU ms per second, baselines: ${cpuPerSecond('baseline')}`);
  console.log(`CPU ms per second, refreshing: ${cpuPerSecond('refresh')}`);
  console.log(`load average ${load()} (after)`);
  const ratio = r.p99 / b.p99;
  console.log(
    `p99 refreshing / baselines, interleaved: ${r.p99} ms / ${b.p99} ms (ratio ${ratio.toFixed(3)}; ` +
      `target ≤ 1.10: ${ratio <= 1.1 ? 'holds' : 'does not hold'})`,
  );
} finally {
  agent.destroy();
  await stop(server.child);
  await stop(feeds);
  rmSync(server.dataDir, { recursive: true, force: true });
}
