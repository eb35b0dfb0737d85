import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import http from 'node:http';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import pg from 'pg';
import WebSocket from 'ws';

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

/**
 * SIGTERM (what a deploy or `docker stop` sends) must end the real process quickly and close its
 * sockets cleanly, whatever is connected: an admin screen, a TV, an idle keep-alive connection.
 */
describe('shutdown', () => {
  it('ends within 5 s of SIGTERM with its sockets closed as "going away"', { timeout: 120_000 }, async () => {
    const port = await freePort();
    // On PostgreSQL (+ Redis when set, as CI runs it), a database of its own.
    let databaseUrl = '';
    if (process.env.DATABASE_URL) {
      const name = `sinalize_shutdown_${process.pid}`;
      const server = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await server.connect();
      await server.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await server.query(`CREATE DATABASE ${name}`);
      await server.end();
      const url = new URL(process.env.DATABASE_URL);
      url.pathname = `/${name}`;
      databaseUrl = url.toString();
    }
    const admin = { email: 'admin@desligar.local', password: 'senha-para-desligar' };
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'sinalize-shutdown-')),
        ADMIN_EMAIL: admin.email,
        ADMIN_PASSWORD: admin.password,
        LOG_LEVEL: 'silent',
        DATABASE_URL: databaseUrl,
      },
      stdio: 'ignore',
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    const base = `http://127.0.0.1:${port}`;
    for (let ready = false; !ready;) {
      ready = await fetch(`${base}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (!ready) await new Promise((r) => setTimeout(r, 200));
    }

    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(admin),
    });
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
    const headers = { cookie, 'content-type': 'application/json' };
    const device = (await (
      await fetch(`${base}/api/devices`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ name: 'TV', location: 'Loja', resolution: '1920x1080', authCode: '424242' }),
      })
    ).json()) as { id: number };
    expect(device.id).toBeGreaterThan(0);
    const { token } = (await (
      await fetch(`${base}/api/tv/authenticate`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ code: '424242' }),
      })
    ).json()) as { token: string };

    const open = (url: string, options: WebSocket.ClientOptions) =>
      new Promise<{ closed: Promise<number> }>((resolve, reject) => {
        const socket = new WebSocket(url, options);
        const closed = new Promise<number>((r) => socket.once('close', (code) => r(code)));
        socket.once('open', () => resolve({ closed }));
        socket.once('error', reject);
      });
    const screen = await open(`ws://127.0.0.1:${port}/ws`, { headers: { cookie } });
    const tv = await open(`ws://127.0.0.1:${port}/ws/device`, { headers: { authorization: `Bearer ${token}` } });
    // An idle keep-alive connection, as a browser leaves behind.
    const agent = new http.Agent({ keepAlive: true });
    await new Promise<void>((resolve) =>
      http.get(`${base}/api/health`, { agent }, (res) => res.resume().on('end', resolve)),
    );

    child.kill('SIGTERM');
    // main.ts gives the graceful close 5 s, then exits with 1: a 0 means it closed cleanly in time.
    const code = await exited;
    agent.destroy();
    if (databaseUrl) {
      const server = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await server.connect();
      await server.query(`DROP DATABASE IF EXISTS ${new URL(databaseUrl).pathname.slice(1)} WITH (FORCE)`);
      await server.end();
    }

    expect(code).toBe(0);
    expect(await screen.closed).toBe(1001);
    expect(await tv.closed).toBe(1001);
  });
});
