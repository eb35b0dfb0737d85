/**
 * Proof-of-play ingestion on ONE server process on PostgreSQL (docs/benchmarks.md#targets: ≥ 2,000 plays/s): N
 * paired TVs post batches of 100 records to `POST /api/tv/plays` at once, each again as soon as
 * its answer comes, for a set time; every record is new (bulk insert and daily roll-ups). Prints
 * the plays/s stored last, and checks that the roll-ups count every play once.
 *
 *   npm run build
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:plays -- --devices 50 --seconds 10
 *
 * Uses its own database (`sinalize_plays_bench`, made afresh) on that server.
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { formatStats, freePort, freshDatabase, pool, stats, waitForOk } from './lib';

const { values } = parseArgs({
  options: {
    devices: { type: 'string', default: '50' },
    seconds: { type: 'string', default: '10' },
    batch: { type: 'string', default: '100' },
  },
});
const N = Number(values.devices);
const SECONDS = Number(values.seconds);
const BATCH = Number(values.batch);
const ADMIN = { email: 'admin@plays.local', password: 'senha-do-benchmark' };
const SERVER = path.resolve('dist/server/main.js');
if (!existsSync(SERVER)) throw new Error('Rode `npm run build` antes (o benchmark mede o servidor compilado).');
if (!process.env.DATABASE_URL) throw new Error('Defina DATABASE_URL (PostgreSQL): o alvo é medido nele.');

const databaseUrl = await freshDatabase('sinalize_plays_bench');
const port = await freePort();
const server = spawn(process.execPath, [SERVER], {
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'sinalize-plays-')),
    DATABASE_URL: databaseUrl,
    REDIS_URL: '',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    SESSION_SECRET: 'p'.repeat(48),
    LOGIN_RATE_LIMIT: '100000',
    PAIRING_RATE_LIMIT: '1000000',
    PAIRING_GLOBAL_RATE_LIMIT: '1000000',
    LOG_LEVEL: 'warn',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});

try {
  const base = `http://127.0.0.1:${port}`;
  await waitForOk(`${base}/api/health`);
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
  const json = async <T>(p: string, body: unknown, headers: Record<string, string> = { cookie }): Promise<T> => {
    const res = await fetch(`${base}${p}`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`POST ${p}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };

  const tokens: string[] = [];
  await pool([...Array(N).keys()], 8, async (i) => {
    const authCode = String((200_000 + i * 7919) % 1_000_000).padStart(6, '0');
    await json('/api/devices', { name: `TV ${i + 1}`, location: 'Bench', resolution: '1920x1080', authCode });
    tokens.push((await json<{ token: string }>('/api/tv/authenticate', { code: authCode }, {})).token);
  });
  console.log(`servidor ${base} (PostgreSQL), ${N} TVs pareadas; lotes de ${BATCH} por ${SECONDS} s`);

  // A day of plays spread over 20 media, 5 playlists and some campaigns: realistic roll-up keys.
  const dayStart = Date.now() - 12 * 60 * 60 * 1000;
  const batchOf = () => ({
    plays: Array.from({ length: BATCH }, () => ({
      clientId: randomUUID(),
      mediaId: 1 + Math.floor(Math.random() * 20),
      playlistId: 1 + Math.floor(Math.random() * 5),
      campaignId: Math.random() < 0.2 ? 1 + Math.floor(Math.random() * 3) : null,
      window: Math.random() < 0.8 ? 0 : 1,
      startedAt: new Date(dayStart + Math.floor(Math.random() * 12 * 60 * 60 * 1000)).toISOString(),
      durationMs: 5000 + Math.floor(Math.random() * 10_000),
      completed: Math.random() < 0.9,
    })),
  });

  let accepted = 0;
  let errors = 0;
  const latencies: number[] = [];
  const started = Date.now();
  const until = started + SECONDS * 1000;
  await Promise.all(
    tokens.map(async (token) => {
      while (Date.now() < until) {
        const body = batchOf();
        const t0 = performance.now();
        try {
          // Read before adding: `accepted += await …` would add to a stale total.
          const answer = await json<{ accepted: number }>('/api/tv/plays', body, { authorization: `Bearer ${token}` });
          accepted += answer.accepted;
        } catch {
          errors++;
        }
        latencies.push(Math.round(performance.now() - t0));
      }
    }),
  );
  const elapsed = (Date.now() - started) / 1000;

  const check = new pg.Client({ connectionString: databaseUrl });
  await check.connect();
  const { rows } = await check.query<{ raw: string; rolled: string }>(
    'select (select count(*) from plays) as raw, (select coalesce(sum(plays), 0) from play_days) as rolled',
  );
  await check.end();
  const consistent = Number(rows[0]!.raw) === accepted && Number(rows[0]!.rolled) === accepted;

  console.log(`requisições: ${formatStats(stats(latencies))}; erros: ${errors}`);
  console.log(
    `no banco: ${rows[0]!.raw} exibições, roll-ups somam ${rows[0]!.rolled} (${consistent ? 'ok' : 'DIVERGENTE'})`,
  );
  console.log(
    `exibições armazenadas: ${accepted} em ${elapsed.toFixed(1)} s = ${Math.round(accepted / elapsed)} exibições/s (alvo ≥ 2000)`,
  );
  if (!consistent || errors) process.exitCode = 1;
} finally {
  server.kill('SIGTERM');
}
