/**
 * A fleet of TVs on ONE server process (docs/benchmarks.md#targets): how many it holds, its resident memory, the
 * heartbeat round trip, and how fast a playlist edit reaches every TV (`content_changed`) and puts
 * the new manifest in its hands (pushed on the socket, or fetched when no push came: both counted). The TVs live in
 * separate simulator processes (`fleet-worker.ts`), so the server under test has its CPU to itself apart from them.
 *
 *   npm run build
 *   npm run bench:fleet -- --devices 1000                       # PGlite (embedded default)
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test REDIS_URL=redis://127.0.0.1:6379 \
 *     npm run bench:fleet -- --devices 10000
 *   … -- --change campaign   # each edit pauses or publishes again a campaign aimed at every screen
 *
 * Targets: 20,000 held with RSS < 600 MB and heartbeat p99 < 250 ms; at 10,000 TVs an edit reaches
 * every socket at p99 < 500 ms and the new manifest is in hand at p99 < 1.5 s; PGlite < 300 MB.
 * Prints its figures last.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { forkFleetWorkers, formatStats as fmt, freePort, freshDatabase, pool, rssMb, sleep, stats } from './lib';

const { values } = parseArgs({
  options: {
    devices: { type: 'string', default: '1000' },
    workers: { type: 'string', default: '4' },
    hold: { type: 'string', default: '30' },
    edits: { type: 'string', default: '3' },
    /** What each edit changes: the playlist every TV shows, or a campaign aimed at all screens (paused, published again, …). */
    change: { type: 'string', default: 'playlist' },
    'heartbeat-ms': { type: 'string', default: '15000' },
  },
});
const N = Number(values.devices);
const WORKERS = Math.max(1, Math.min(Number(values.workers), N));
const HOLD_S = Number(values.hold);
const EDITS = Number(values.edits);
const CHANGE = values.change === 'campaign' ? 'campaign' : 'playlist';
const HEARTBEAT_MS = Number(values['heartbeat-ms']);
const ADMIN = { email: 'admin@fleet.local', password: 'senha-do-benchmark' };
const distributed = Boolean(process.env.DATABASE_URL && process.env.REDIS_URL);
const SERVER = path.resolve('dist/server/main.js');
if (!existsSync(SERVER)) throw new Error('Rode `npm run build` antes (o benchmark mede o servidor compilado).');

const databaseUrl = async (): Promise<string> => (distributed ? freshDatabase('sinalize_fleet') : '');

async function startServer(): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, [SERVER], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'sinalize-fleet-')),
      DATABASE_URL: await databaseUrl(),
      REDIS_URL: distributed ? process.env.REDIS_URL : '',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      SESSION_SECRET: 'f'.repeat(48),
      LOGIN_RATE_LIMIT: '100000',
      PAIRING_RATE_LIMIT: '1000000',
      PAIRING_GLOBAL_RATE_LIMIT: '1000000',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 480; i++) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) return { url, child };
    } catch {
      await sleep(250);
    }
  }
  throw new Error('o servidor não subiu');
}

interface Report {
  type: 'report';
  held: number;
  heartbeatRtts: number[];
  changes: Array<{ deviceId: number; at: number }>;
  manifests: Array<{ deviceId: number; at: number; via: 'push' | 'fetch' }>;
  errors: number;
  revoked: number;
}

const children: ChildProcess[] = [];
try {
  const server = await startServer();
  children.push(server.child);
  const pid = server.child.pid!;
  const atStart = rssMb(pid);
  console.log(
    `servidor ${server.url} (${distributed ? 'PostgreSQL + Redis' : 'PGlite'}), RSS ao subir: ${atStart.rss} MB`,
  );

  const login = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
  const api = async <T>(p: string, method: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${server.url}${p}`, {
      method,
      headers: { cookie, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (!res.ok) throw new Error(`${method} ${p}: ${res.status} ${await res.text()}`);
    return (res.status === 204 ? undefined : await res.json()) as T;
  };

  const png = await sharp({ create: { width: 64, height: 36, channels: 3, background: '#0f766e' } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('file', new Blob([png], { type: 'image/png' }), 'fleet.png');
  const uploaded = (await (
    await fetch(`${server.url}/api/media/upload`, { method: 'POST', headers: { cookie }, body: form })
  ).json()) as { id: number };
  const playlist = await api<{ id: number }>('/api/playlists', 'POST', {
    name: 'Frota',
    items: [{ mediaId: uploaded.id, duration: 8 }],
  });
  // Published before the TVs pair, so every manifest carries it from the start.
  const campaign =
    CHANGE === 'campaign'
      ? await api<{ id: number }>('/api/campaigns', 'POST', {
          name: 'Frota no ar',
          playlistId: (
            await api<{ id: number }>('/api/playlists', 'POST', {
              name: 'Campanha',
              items: [{ mediaId: uploaded.id, duration: 5 }],
            })
          ).id,
          allDevices: true,
          status: 'published',
        })
      : null;

  // Distinct codes without retries: i × 7919 mod 10⁶ is a permutation (7919 is prime to 10⁶).
  const seedStarted = Date.now();
  const offset = Math.floor(Math.random() * 1_000_000);
  const devices: Array<{ id: number; code: string }> = [];
  await pool([...Array(N).keys()], 32, async (i) => {
    const code = String((offset + i * 7919) % 1_000_000).padStart(6, '0');
    const row = await api<{ id: number }>('/api/devices', 'POST', {
      name: `TV ${i + 1}`,
      location: 'Frota',
      resolution: '1920x1080',
      authCode: code,
    });
    await api(`/api/devices/${row.id}`, 'PATCH', { assignedPlaylistId1: playlist.id, assignedPlaylistId2: null });
    devices.push({ id: row.id, code });
  });
  console.log(`${N} dispositivos criados e atribuídos em ${((Date.now() - seedStarted) / 1000).toFixed(1)} s`);

  // The TVs, split over the simulator processes.
  const { workers, ask, all } = forkFleetWorkers(WORKERS);
  children.push(...workers);
  const report = async () => {
    const parts = await all<Report>({ type: 'report' }, 'report');
    return {
      held: parts.reduce((n, p) => n + p.held, 0),
      errors: parts.reduce((n, p) => n + p.errors, 0),
      revoked: parts.reduce((n, p) => n + p.revoked, 0),
      heartbeatRtts: parts.flatMap((p) => p.heartbeatRtts),
      changes: parts.flatMap((p) => p.changes),
      manifests: parts.flatMap((p) => p.manifests),
    };
  };

  const pairStarted = Date.now();
  const share = Math.ceil(N / WORKERS);
  const started = await Promise.all(
    workers.map((w, i) =>
      ask<{ held: number; errors: number }>(
        w,
        {
          type: 'start',
          baseUrl: server.url,
          devices: devices.slice(i * share, (i + 1) * share),
          heartbeatMs: HEARTBEAT_MS,
          concurrency: 8,
        },
        'started',
      ),
    ),
  );
  const paired = started.reduce((n, s) => n + s.held, 0);
  console.log(
    `${paired}/${N} TVs pareadas e conectadas em ${((Date.now() - pairStarted) / 1000).toFixed(1)} s (erros: ${started.reduce((n, s) => n + s.errors, 0)})`,
  );

  // Let the pairing burst settle for one heartbeat interval, then measure a steady window.
  await sleep(HEARTBEAT_MS);
  await all({ type: 'reset' }, 'reset-done');
  let holdPeak = 0;
  for (let s = 0; s < HOLD_S; s++) {
    await sleep(1000);
    holdPeak = Math.max(holdPeak, rssMb(pid).rss);
  }
  const steady = await report();
  const heartbeat = stats(steady.heartbeatRtts);
  const held = steady.held;
  const rssHeld = rssMb(pid);
  console.log(
    `mantidas: ${held} TVs; RSS ${rssHeld.rss} MB (pico na janela ${holdPeak} MB, pico do processo ${rssHeld.peak} MB)`,
  );
  console.log(`heartbeat (envio → ack) em ${HOLD_S} s: ${fmt(heartbeat)}`);

  const toChanged: number[] = [];
  const toManifest: number[] = [];
  let reachedWorst = Infinity;
  const came = { push: 0, fetch: 0 };
  /** Heartbeat round trips while the edits' pushes go out: the slices must leave room for them. */
  const beatsDuringEdits: number[] = [];
  for (let e = 1; e <= EDITS; e++) {
    await all({ type: 'reset' }, 'reset-done');
    const editAt = Date.now();
    if (campaign)
      await api(`/api/campaigns/${campaign.id}/status`, 'PATCH', { status: e % 2 === 1 ? 'paused' : 'published' });
    else
      await api(`/api/playlists/${playlist.id}`, 'PUT', {
        name: 'Frota',
        items: [{ mediaId: uploaded.id, duration: 8 + e }],
      });
    let round = await report();
    for (
      let waited = 0;
      waited < 30_000 && (round.changes.length < held || round.manifests.length < held);
      waited += 1000
    ) {
      await sleep(1000);
      round = await report();
    }
    const c = round.changes.map((x) => x.at - editAt);
    const m = round.manifests.map((x) => x.at - editAt);
    toChanged.push(...c);
    toManifest.push(...m);
    reachedWorst = Math.min(reachedWorst, round.manifests.length);
    const pushed = round.manifests.filter((x) => x.via === 'push').length;
    beatsDuringEdits.push(...round.heartbeatRtts);
    came.push += pushed;
    came.fetch += round.manifests.length - pushed;
    console.log(
      `edição ${e}: content_changed ${fmt(stats(c))}; manifesto novo em mãos ${fmt(stats(m))} ` +
        `(${pushed} pelo socket, ${round.manifests.length - pushed} buscados); heartbeat ${fmt(stats(round.heartbeatRtts))}`,
    );
    await sleep(3000);
  }
  const changed = stats(toChanged);
  const beatsEditing = stats(beatsDuringEdits);
  const manifest = stats(toManifest);
  const final = rssMb(pid);
  const load = os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
  console.log(`carga da máquina (1/5/15 min): ${load}; erros nas TVs: ${steady.errors}, revogadas: ${steady.revoked}`);
  console.log(
    `fleet ${distributed ? 'postgres+redis' : 'pglite'} (edição: ${CHANGE}): TVs=${held}/${N} rss=${final.rss}MB (pico ${final.peak}MB) heartbeat_p99=${heartbeat.p99}ms (durante as edições ${beatsEditing.p99}ms) ` +
      `edit→content_changed_p99=${changed.p99}ms edit→manifest_p99=${manifest.p99}ms (${reachedWorst}/${held} na pior edição; push=${came.push} fetch=${came.fetch})`,
  );
  for (const w of workers) w.send({ type: 'stop' });
} finally {
  for (const child of children) child.kill('SIGKILL');
}
