import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../paths';

const { DATABASE_URL, REDIS_URL } = process.env;
const ADMIN = { email: 'admin@dois.processos', password: 'senha-dois-processos' };

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

async function startServer(env: Record<string, string>): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'sinalize-proc-')) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 120; i++) {
    if (child.exitCode !== null) throw new Error(`server exited: ${output}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return { url, child };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not start: ${output}`);
}

async function login(url: string) {
  const res = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  expect(res.status).toBe(200);
  return (res.headers.get('set-cookie') ?? '').split(';')[0]!;
}

const nextMessage = (ws: WebSocket, match: (m: Record<string, unknown>) => boolean) =>
  new Promise<Record<string, unknown>>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no matching message within 5 s')), 5000);
    ws.on('message', (raw) => {
      const message = JSON.parse(String(raw)) as Record<string, unknown>;
      if (match(message)) {
        clearTimeout(timer);
        resolve(message);
      }
    });
  });

/** DESIGN §1: several server processes share PostgreSQL and Redis, and events cross between them. */
describe.skipIf(!DATABASE_URL || !REDIS_URL)('two server processes over PostgreSQL and Redis', () => {
  const servers: ChildProcess[] = [];
  let a = '';
  let b = '';

  beforeAll(async () => {
    // Named like the test databases (test-database.ts drops it once this process is gone), so two
    // runs on one server never drop each other's.
    const databaseName = `sinalize_test_${process.pid}_two_processes`;
    const admin = new pg.Client({ connectionString: DATABASE_URL });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${databaseName}`);
    await admin.end();
    const url = new URL(DATABASE_URL!);
    url.pathname = `/${databaseName}`;
    const env = {
      DATABASE_URL: url.toString(),
      REDIS_URL: REDIS_URL!,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      SESSION_SECRET: 'x'.repeat(48),
    };
    // One after the other: the first applies the migrations and creates the admin.
    const first = await startServer(env);
    const second = await startServer(env);
    servers.push(first.child, second.child);
    a = first.url;
    b = second.url;
  }, 90_000);

  afterAll(() => {
    for (const child of servers) child.kill('SIGTERM');
  });

  it('a device paired on process A reaches an admin socket on process B; a disconnect on A closes its socket on B with 4001', async () => {
    const cookieA = await login(a);
    const cookieB = await login(b);
    const admin = new WebSocket(`${b.replace('http', 'ws')}/ws`, { headers: { cookie: cookieB } });
    await new Promise((resolve) => admin.once('open', resolve));

    const created = await fetch(`${a}/api/devices`, {
      method: 'POST',
      headers: { cookie: cookieA, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'TV A', location: 'Loja', resolution: '1920x1080', authCode: '424242' }),
    });
    const device = (await created.json()) as { id: number };
    const update = nextMessage(admin, (m) => m.type === 'device_update' && m.deviceId === device.id);
    const paired = await fetch(`${a}/api/tv/authenticate`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ code: '424242' }) });
    const { token } = (await paired.json()) as { token: string };
    expect(await update).toMatchObject({ status: 'online', activeSessionId: null });

    const tv = new WebSocket(`${b.replace('http', 'ws')}/ws/device`, { headers: { authorization: `Bearer ${token}` } });
    await new Promise((resolve) => tv.once('open', resolve));
    const closed = new Promise<number>((resolve) => tv.once('close', resolve));
    await fetch(`${a}/api/devices/${device.id}/disconnect`, { method: 'POST', headers: { cookie: cookieA } });
    expect(await closed).toBe(4001);
    expect((await fetch(`${b}/api/tv/content`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(401);
    admin.close();
  });

  it('a logout on process A closes the admin socket of that session on process B (DESIGN §7)', async () => {
    const cookie = await login(a);
    const socket = new WebSocket(`${b.replace('http', 'ws')}/ws`, { headers: { cookie } });
    await new Promise((resolve) => socket.once('open', resolve));
    const closed = new Promise<number>((resolve) => socket.once('close', resolve));
    expect((await fetch(`${a}/api/auth/logout`, { method: 'POST', headers: { cookie } })).status).toBe(204);
    expect(await closed).toBe(4001);
  });
});
