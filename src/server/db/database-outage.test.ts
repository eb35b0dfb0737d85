import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import type { WebSocket } from 'ws';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { makePairedDevice, signedInUser } from '../test/factories';
import { eventually } from '../test/eventually';
import { startFaultProxy, type FaultProxy } from '../test/fault-proxy';
import { testDatabaseUrl } from '../test/test-database';
import { useTestApp } from '../test/test-app';
import { openDatabase, type Database } from './client';

const APPLICATION = 'sinalize_outage_test';

/**
 * PostgreSQL restarting, failing over or ending our connections (docs/scaling.md, "When PostgreSQL
 * or Redis goes away"): the server under test reaches this worker's database through a fault
 * proxy; the test app beside it (direct) makes the data.
 */
describe.skipIf(!process.env.DATABASE_URL)('the database going away', () => {
  const t = useTestApp();
  let proxy: FaultProxy;
  let database: Database;
  let app: FastifyInstance;

  beforeEach(async () => {
    if (app) return;
    const url = new URL(testDatabaseUrl()!);
    url.searchParams.set('application_name', APPLICATION);
    proxy = await startFaultProxy(url.toString());
    database = await openDatabase({
      databaseUrl: proxy.url,
      dataDir: mkdtempSync(path.join(os.tmpdir(), 'sinalize-outage-')),
    });
    // The same configuration (session secret included) as the test app: one server, two processes.
    app = await buildApp({ config: t.config, database });
  });
  afterEach(() => proxy?.restore());
  afterAll(async () => {
    await app?.close();
    await database?.close();
    await proxy?.close();
  });

  const unavailable = {
    message: 'Serviço temporariamente indisponível. Tente novamente em instantes.',
    code: 'SERVICE_UNAVAILABLE',
  };

  it("survives PostgreSQL ending its connections (pg_terminate_backend, 'administrator command') and answers again", async () => {
    // Several connections open and idle in the pool, as after any busy moment.
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => app.inject({ method: 'GET', url: '/api/health' })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    const admin = new pg.Client({ connectionString: testDatabaseUrl() });
    await admin.connect();
    try {
      const { rowCount } = await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and application_name = $1`,
        [APPLICATION],
      );
      expect(rowCount).toBeGreaterThan(0);
    } finally {
      await admin.end();
    }
    // An idle connection's 'error' used to be an unhandled event: the process ended here.
    await eventually(
      async () => (await app.inject({ method: 'GET', url: '/api/health' })).statusCode === 200,
      'health back',
    );
  });

  it('answers 503 in pt-BR with Retry-After while the database is away, says so on /api/health, and recovers by itself', async () => {
    const owner = await signedInUser(t.app, t.database);
    expect(
      (await app.inject({ method: 'GET', url: '/api/devices', headers: { cookie: owner.cookie } })).statusCode,
    ).toBe(200);
    proxy.cut();
    const health = await app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(503);
    expect(health.headers['retry-after']).toMatch(/^\d+$/);
    expect(health.json()).toEqual({
      message: 'Banco de dados indisponível. Tente novamente em instantes.',
      code: 'SERVICE_UNAVAILABLE',
    });
    const list = await app.inject({ method: 'GET', url: '/api/devices', headers: { cookie: owner.cookie } });
    expect(list.statusCode).toBe(503);
    expect(list.headers['retry-after']).toMatch(/^\d+$/);
    expect(list.json()).toEqual(unavailable);
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'alguem@exemplo.com', password: 'qualquer-senha' },
    });
    expect(login.statusCode).toBe(503);

    proxy.restore();
    await eventually(
      async () => (await app.inject({ method: 'GET', url: '/api/health' })).statusCode === 200,
      'health back',
    );
    expect(
      (await app.inject({ method: 'GET', url: '/api/devices', headers: { cookie: owner.cookie } })).statusCode,
    ).toBe(200);
  });

  it('never unpairs a TV whose token it cannot check: 503 on its routes, the socket closed 1011/1013 with no disconnect', async () => {
    // Paired through the other process: this one has never seen the token (a cold cache, as after a restart).
    const { token, headers } = await makePairedDevice(t);
    proxy.cut();
    for (const [method, url] of [
      ['GET', '/api/tv/content'],
      ['POST', '/api/tv/heartbeat'],
    ] as const) {
      const res = await app.inject({ method, url, headers });
      expect(res.statusCode, url).toBe(503);
      expect(res.json(), url).toEqual(unavailable);
    }
    const plays = await app.inject({
      method: 'POST',
      url: '/api/tv/plays',
      headers,
      payload: {
        plays: [
          {
            clientId: 'fora-do-ar-1',
            mediaId: 1,
            playlistId: null,
            campaignId: null,
            window: 0,
            startedAt: new Date().toISOString(),
            durationMs: 5000,
            completed: true,
          },
        ],
      },
    });
    expect(plays.statusCode).toBe(503);

    for (const how of ['header', 'message'] as const) {
      const socket: WebSocket = await app.injectWS('/ws/device', how === 'header' ? { headers } : {});
      const messages: string[] = [];
      socket.on('message', (raw) => messages.push(String(raw)));
      const closed = new Promise<number>((resolve) => socket.once('close', resolve));
      if (how === 'message') socket.send(JSON.stringify({ type: 'auth', token }));
      const code = await closed;
      expect([1011, 1013], how).toContain(code);
      expect(messages, how).toEqual([]);
    }

    proxy.restore();
    await eventually(
      async () => (await app.inject({ method: 'GET', url: '/api/tv/content', headers })).statusCode === 200,
      'content back',
    );
    // A token the database does not know is still refused as before.
    const unknown = await app.inject({
      method: 'GET',
      url: '/api/tv/content',
      headers: { authorization: 'Bearer nada' },
    });
    expect(unknown.statusCode).toBe(401);
  });
});
