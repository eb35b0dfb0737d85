/**
 * Realtime latency (docs/benchmarks.md#targets, issue "Done when"): N simulated TVs pair while an admin socket
 * listens; then one playlist edit must reach every TV socket (its new manifest, or `content_changed` before it).
 * Prints the latencies (p50/p99/max). With DATABASE_URL and REDIS_URL set it starts TWO server
 * processes: the TVs and the admin talk to one, the edits go to the other.
 *
 *   npx tsx bench/realtime-latency.ts --devices 50
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test REDIS_URL=redis://127.0.0.1:6379 npx tsx bench/realtime-latency.ts --devices 50
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import sharp from 'sharp';
import WebSocket from 'ws';
import { startSimulator } from '../scripts/device-simulator';
import { formatStats, freePort, stats } from './lib';

const { values } = parseArgs({ options: { devices: { type: 'string', default: '50' } } });
const N = Number(values.devices);
const ADMIN = { email: 'admin@bench.local', password: 'senha-do-benchmark' };
const twoProcesses = Boolean(process.env.DATABASE_URL && process.env.REDIS_URL);

async function startServer(env: Record<string, string>) {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'sinalize-bench-')),
    },
    stdio: 'ignore',
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) return { url, child };
    } catch {
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  throw new Error('server did not start');
}

const summary = (ms: number[]) => formatStats(stats(ms));

const children: ChildProcess[] = [];
try {
  const env: Record<string, string> = {
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    SESSION_SECRET: 'b'.repeat(48),
    PAIRING_RATE_LIMIT: '100000',
    PAIRING_GLOBAL_RATE_LIMIT: '100000',
    LOGIN_RATE_LIMIT: '1000',
  };
  if (twoProcesses) {
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query('DROP DATABASE IF EXISTS sinalize_bench WITH (FORCE)');
    await admin.query('CREATE DATABASE sinalize_bench');
    await admin.end();
    const url = new URL(process.env.DATABASE_URL!);
    url.pathname = '/sinalize_bench';
    env.DATABASE_URL = url.toString();
  } else {
    env.DATABASE_URL = '';
    env.REDIS_URL = '';
  }
  const a = await startServer(env);
  children.push(a.child);
  const b = twoProcesses ? await startServer(env) : a;
  if (b !== a) children.push(b.child);
  console.log(
    `servidores: ${twoProcesses ? `${a.url} (TVs e painel) + ${b.url} (edições), PostgreSQL + Redis` : `${a.url} (PGlite, em processo)`}`,
  );

  // The admin screen: an admin socket on A, counting device_update arrivals.
  const login = await fetch(`${a.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
  const screen = new WebSocket(`${a.url.replace('http', 'ws')}/ws`, { headers: { cookie } });
  await new Promise((r) => screen.once('open', r));
  const onlineAt = new Map<number, number>();
  screen.on('message', (raw) => {
    const m = JSON.parse(String(raw)) as { type: string; deviceId?: number; status?: string };
    if (m.type === 'device_update' && m.status === 'online' && !onlineAt.has(m.deviceId!))
      onlineAt.set(m.deviceId!, Date.now());
  });

  // Content for the TVs: one image, one playlist, assigned to every simulated device.
  const png = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#2563eb' } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('file', new Blob([png], { type: 'image/png' }), 'bench.png');
  const uploaded = (await (
    await fetch(`${b.url}/api/media/upload`, { method: 'POST', headers: { cookie }, body: form })
  ).json()) as { id: number };
  const api = (base: string, p: string, method: string, body: unknown) =>
    fetch(`${base}${p}`, {
      method,
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }).then((r) => r.json() as Promise<{ id: number }>);
  const playlist = await api(b.url, '/api/playlists', 'POST', {
    name: 'Bench',
    items: [{ mediaId: uploaded.id, duration: 5 }],
  });

  const simulator = await startSimulator({ baseUrl: a.url, ...ADMIN, devices: N, prefix: 'Bench' });
  await new Promise((r) => setTimeout(r, 500));
  const pairing = simulator.devices
    .filter((d) => onlineAt.has(d.id))
    .map((d) => onlineAt.get(d.id)! - d.pairingStartedAt!);
  console.log(
    `pareamento (pedido da TV) → painel (device_update online) em ${pairing.length}/${N}: ${summary(pairing)}`,
  );
  for (const d of simulator.devices)
    await api(b.url, `/api/devices/${d.id}`, 'PATCH', { assignedPlaylistId1: playlist.id, assignedPlaylistId2: null });
  await new Promise((r) => setTimeout(r, 1000));
  for (const d of simulator.devices) {
    d.contentChanges.length = 0;
    d.manifests.length = 0;
  }

  const editAt = Date.now();
  await api(b.url, `/api/playlists/${playlist.id}`, 'PUT', {
    name: 'Bench',
    items: [{ mediaId: uploaded.id, duration: 6 }],
  });
  await new Promise((r) => setTimeout(r, 3000));
  const reached = simulator.devices.filter((d) => d.contentChanges.length > 0);
  console.log(
    `edição de playlist → TV avisada (o manifesto ou content_changed) em ${reached.length}/${N} TVs: ${summary(reached.map((d) => d.contentChanges[0]!.at - editAt))}`,
  );
  const pushed = simulator.devices.filter((d) => d.manifests.length > 0);
  console.log(
    `edição de playlist → manifesto novo pelo socket em ${pushed.length}/${N} TVs: ${summary(pushed.map((d) => d.manifests[0]!.at - editAt))}`,
  );

  await simulator.stop();
  screen.close();
} finally {
  for (const child of children) child.kill('SIGTERM');
}
