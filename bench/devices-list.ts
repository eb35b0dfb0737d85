/**
 * docs/benchmarks.md#targets: `GET /api/devices` with 5,000 devices < 100 ms. Builds the app from source in this
 * process (PGlite in a temp folder), seeds N devices for the admin
 * (half of them paired, some online), listens on a spare port and times the list over real HTTP,
 * as the browser asks for it (Brotli), as curl does (no encoding) and gzip. Prints the median and p95
 * of each, and the bytes on the wire. PGlite only: it never writes into a shared PostgreSQL database.
 *
 *   npm run bench:devices-list                      # DEVICES=5000 RUNS=20
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import os from 'node:os';
import { BENCH_ADMIN, inProcessApp } from './in-process-app';
import { devices } from '../src/server/db/schema';

const COUNT = Number(process.env.DEVICES ?? 5000);
const RUNS = Number(process.env.RUNS ?? 20);
const ADMIN = BENCH_ADMIN;

function get(port: number, url: string, headers: Record<string, string>) {
  return new Promise<{ status: number; bytes: number; ms: number; encoding?: string }>((resolve, reject) => {
    const started = performance.now();
    http
      .get({ host: '127.0.0.1', port, path: url, headers }, (res) => {
        let bytes = 0;
        res.on('data', (chunk: Buffer) => (bytes += chunk.length));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            bytes,
            ms: performance.now() - started,
            encoding: res.headers['content-encoding'],
          }),
        );
      })
      .on('error', reject);
  });
}

const { database, owner, app, close } = await inProcessApp('devices');
try {
  const rows = Array.from({ length: COUNT }, (_, i) => ({
    name: `TV ${String(i).padStart(5, '0')} · Recepção`,
    location: `Loja ${i % 200} · Avenida Paulista, ${1000 + i}`,
    resolution: '1920x1080',
    authCode: String(100000 + i),
    ...owner,
    tokenHash: i % 2 ? randomBytes(32).toString('hex') : null,
    status: i % 3 ? ('online' as const) : ('offline' as const),
    lastSeen: new Date(),
    activeSessionId: i % 3 ? randomBytes(8).toString('hex') : null,
  }));
  for (let i = 0; i < rows.length; i += 1000) await database.db.insert(devices).values(rows.slice(i, i + 1000));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  const login = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
  console.log(
    `GET /api/devices, ${COUNT} devices, ${database.kind}, median of ${RUNS} after 3 warm-ups (load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')})`,
  );
  for (const [label, encoding] of [
    ['browser (br)', 'gzip, deflate, br, zstd'],
    ['gzip', 'gzip'],
    ['no encoding', ''],
  ] as const) {
    const headers: Record<string, string> = { cookie, ...(encoding ? { 'accept-encoding': encoding } : {}) };
    for (let i = 0; i < 3; i++) await get(port, '/api/devices', headers);
    const runs = [];
    for (let i = 0; i < RUNS; i++) runs.push(await get(port, '/api/devices', headers));
    if (runs.some((r) => r.status !== 200))
      throw new Error(`unexpected status ${runs.find((r) => r.status !== 200)!.status}`);
    const ms = runs.map((r) => r.ms).sort((a, b) => a - b);
    const at = (q: number) => ms[Math.min(ms.length - 1, Math.floor(q * ms.length))]!.toFixed(1);
    console.log(
      `  ${label.padEnd(13)} ${(runs[0]!.bytes / 1024).toFixed(0).padStart(5)} KB on the wire (${runs[0]!.encoding ?? 'identity'}) · median ${at(0.5)} ms · p95 ${at(0.95)} ms`,
    );
  }
} finally {
  await close();
}
