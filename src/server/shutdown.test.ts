import http from 'node:http';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { tvHeaders } from './test/api-factories';
import { ownDatabase, startServer } from './test/test-server';

/**
 * SIGTERM (what a deploy or `docker stop` sends) must end the real process quickly and close its
 * sockets cleanly, whatever is connected: an admin screen, a TV, an idle keep-alive connection.
 */
describe('shutdown', () => {
  it('ends within 5 s of SIGTERM with its sockets closed as "going away"', { timeout: 120_000 }, async () => {
    // On PostgreSQL (+ Redis when set, as CI runs it), a database of its own.
    const database = process.env.DATABASE_URL ? await ownDatabase('shutdown') : undefined;
    const admin = { email: 'admin@desligar.local', password: 'senha-para-desligar' };
    const {
      child,
      exited,
      port,
      url: base,
    } = await startServer({
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      LOG_LEVEL: 'silent',
      DATABASE_URL: database?.url ?? '',
    });

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
    const tv = await open(`ws://127.0.0.1:${port}/ws/device`, { headers: tvHeaders(token) });
    // An idle keep-alive connection, as a browser leaves behind.
    const agent = new http.Agent({ keepAlive: true });
    await new Promise<void>((resolve) =>
      http.get(`${base}/api/health`, { agent }, (res) => res.resume().on('end', resolve)),
    );

    child.kill('SIGTERM');
    // main.ts gives the graceful close 5 s, then exits with 1: a 0 means it closed cleanly in time.
    const code = await exited;
    agent.destroy();
    await database?.drop();

    expect(code).toBe(0);
    expect(await screen.closed).toBe(1001);
    expect(await tv.closed).toBe(1001);
  });
});
