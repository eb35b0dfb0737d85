/**
 * What the fleet benchmarks share (`fleet.ts` on one process, `cluster.ts` on several, and
 * `devices-5000.ts`): the built server started as a process, an admin signed in on it, the fleet's
 * image, playlist and devices created through the API, and the simulator processes' reports
 * (`fleet-worker.ts`) merged.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { freePort, pool, sleep } from './lib';

export const FLEET_ADMIN = { email: 'admin@fleet.local', password: 'senha-do-benchmark' };
const SERVER = path.resolve('dist/server/main.js');

/** The compiled server is what is measured: a benchmark refuses to start without it. */
export function requireBuiltServer() {
  if (!existsSync(SERVER)) throw new Error('Rode `npm run build` antes (o benchmark mede o servidor compilado).');
}

/**
 * One server process (`dist/server/main.js`) on a free loopback port, limits opened wide so pairing
 * thousands of TVs is not throttled; `env` adds to or overrides its environment. Resolves once
 * `/api/health` answers.
 */
export async function startBuiltServer(env: Record<string, string>): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, [SERVER], {
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      DATA_DIR: env.DATA_DIR ?? mkdtempSync(path.join(os.tmpdir(), 'sinalize-fleet-')),
      ADMIN_EMAIL: FLEET_ADMIN.email,
      ADMIN_PASSWORD: FLEET_ADMIN.password,
      SESSION_SECRET: 'f'.repeat(48),
      LOGIN_RATE_LIMIT: '100000',
      PAIRING_RATE_LIMIT: '1000000',
      PAIRING_GLOBAL_RATE_LIMIT: '1000000',
      LOG_LEVEL: 'warn',
      ...env,
      PORT: String(port),
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

export type Api = <T>(p: string, method: string, body?: unknown) => Promise<T>;

/** The benchmark's admin signed in on `url`: the session cookie and JSON calls with it. */
export async function signIn(url: string) {
  const login = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(FLEET_ADMIN),
  });
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
  const api: Api = async <T>(p: string, method: string, body?: unknown) => {
    const res = await fetch(`${url}${p}`, {
      method,
      headers: { cookie, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (!res.ok) throw new Error(`${method} ${p}: ${res.status} ${await res.text()}`);
    return (res.status === 204 ? undefined : await res.json()) as T;
  };
  return { url, cookie, api };
}

/** A small PNG uploaded on `url`: the media every item of the fleet's playlists shows. */
export async function uploadFleetImage(url: string, cookie: string): Promise<number> {
  const png = await sharp({ create: { width: 64, height: 36, channels: 3, background: '#0f766e' } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('file', new Blob([png], { type: 'image/png' }), 'fleet.png');
  const res = await fetch(`${url}/api/media/upload`, { method: 'POST', headers: { cookie }, body: form });
  if (!res.ok) throw new Error(`upload: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { id: number }).id;
}

/**
 * N devices created and assigned `playlistId`, the calls spread round robin over `apis` (one per
 * process, or one), 32 in flight; returned in creation order, each with its pairing code.
 */
export async function createFleetDevices(apis: Api[], n: number, playlistId: number) {
  // Distinct codes without retries: i × 7919 mod 10⁶ is a permutation (7919 is prime to 10⁶).
  const offset = Math.floor(Math.random() * 1_000_000);
  const devices: Array<{ id: number; code: string; index: number }> = [];
  await pool([...Array(n).keys()], 32, async (i) => {
    const api = apis[i % apis.length]!;
    const code = String((offset + i * 7919) % 1_000_000).padStart(6, '0');
    const row = await api<{ id: number }>('/api/devices', 'POST', {
      name: `TV ${i + 1}`,
      location: 'Frota',
      resolution: '1920x1080',
      authCode: code,
    });
    await api(`/api/devices/${row.id}`, 'PATCH', { assignedPlaylistId1: playlistId, assignedPlaylistId2: null });
    devices.push({ id: row.id, code, index: i });
  });
  return devices.sort((a, b) => a.index - b.index).map(({ id, code }) => ({ id, code }));
}

/** What one simulator process (`fleet-worker.ts`) reports. */
export interface WorkerReport {
  type: 'report';
  held: number;
  heartbeatRtts: number[];
  changes: Array<{ deviceId: number; at: number }>;
  manifests: Array<{ deviceId: number; at: number; via: 'push' | 'fetch' }>;
  errors: number;
  revoked: number;
}

/** Several simulators' reports as one. */
export const mergeReports = (parts: WorkerReport[]) => ({
  held: parts.reduce((n, p) => n + p.held, 0),
  errors: parts.reduce((n, p) => n + p.errors, 0),
  revoked: parts.reduce((n, p) => n + p.revoked, 0),
  heartbeatRtts: parts.flatMap((p) => p.heartbeatRtts),
  changes: parts.flatMap((p) => p.changes),
  manifests: parts.flatMap((p) => p.manifests),
});
