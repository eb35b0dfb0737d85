import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import type { Database } from '../db/client';
import { DEFAULT_PASSWORD, login, makeUser } from '../test/factories';
import { testConfig } from '../test/test-app';
import { getTestDatabase, resetDatabase } from '../test/test-database';
import { createRedisLimiter } from './redis-limiter';

const { REDIS_URL } = process.env;

/**
 * With REDIS_URL every server process counts against the same budgets (docs/security.md): two
 * apps here stand for two processes behind a load balancer, one Redis between them.
 */
describe.skipIf(!REDIS_URL)('abuse limits shared by two processes through Redis', () => {
  const connections: Redis[] = [];
  let database: Database;
  let a: FastifyInstance;
  let b: FastifyInstance;

  beforeAll(async () => {
    database = await getTestDatabase();
  });

  beforeEach(async () => {
    await resetDatabase(database);
    // A fresh key space per test (the Redis is shared with other runs: never flushed).
    const prefix = `test:${randomUUID()}:`;
    const config = testConfig({
      loginRateLimitPerMinute: 4,
      loginLockout: { failures: 3, windowMs: 15 * 60_000 },
      codeConflictLimitPerHour: 2,
      tv: {
        flushIntervalMs: 1000,
        offlineAfterMs: 45_000,
        pairing: { perAddressPerMinute: 4, globalPerMinute: 6, failureDelayMs: 0 },
      },
    });
    const apps = [];
    for (let i = 0; i < 2; i++) {
      const redis = new Redis(REDIS_URL!, { maxRetriesPerRequest: 2 });
      connections.push(redis);
      // Until it is ready the limiter counts in memory (it never queues a hit for later).
      await new Promise((resolve) => redis.once('ready', resolve));
      apps.push(await buildApp({ config, database, limiter: createRedisLimiter(redis, prefix) }));
    }
    [a, b] = apps as [FastifyInstance, FastifyInstance];
  });

  afterEach(async () => {
    await Promise.all([a.close(), b.close()]);
  });

  afterAll(async () => {
    await Promise.all(connections.map((c) => c.quit()));
  });

  const each = <T>(count: number, run: (app: FastifyInstance, i: number) => Promise<T>) =>
    (async () => {
      const out: T[] = [];
      for (let i = 0; i < count; i++) out.push(await run(i % 2 === 0 ? a : b, i));
      return out;
    })();

  it('one login budget per address', async () => {
    // Another email each time: this is the per-address budget, not the per-email lockout.
    const statuses = await each(
      6,
      async (app, i) =>
        (
          await app.inject({
            method: 'POST',
            url: '/api/auth/login',
            remoteAddress: '203.0.113.9',
            payload: { email: `x${i}@exemplo.com.br`, password: 'errada-123' },
          })
        ).statusCode,
    );
    expect(statuses).toEqual([401, 401, 401, 401, 429, 429]);
  });

  it('one lockout per email, and a sign-in on either process clears it', async () => {
    const user = await makeUser(database);
    const attempt = (app: FastifyInstance, i: number, password = 'errada-123') =>
      app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: `198.51.100.${i}`,
        payload: { email: user.email, password },
      });
    expect((await each(2, (app, i) => attempt(app, i))).map((r) => r.statusCode)).toEqual([401, 401]);
    expect((await attempt(b, 10, DEFAULT_PASSWORD)).statusCode).toBe(200);
    expect((await each(3, (app, i) => attempt(app, 20 + i))).map((r) => r.statusCode)).toEqual([401, 401, 401]);
    const locked = await attempt(b, 30, DEFAULT_PASSWORD);
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(14 * 60);
    expect((await attempt(a, 31, DEFAULT_PASSWORD)).statusCode).toBe(429);
  });

  it('one pairing budget per address and one global budget', async () => {
    const pair = (app: FastifyInstance, ip: string) =>
      app.inject({ method: 'POST', url: '/api/tv/authenticate', remoteAddress: ip, payload: { code: '000001' } });
    expect(await each(5, async (app) => (await pair(app, '192.0.2.1')).statusCode)).toEqual([401, 401, 401, 401, 429]);
    // 4 attempts used the global budget (the one refused per address did not): two more anywhere.
    expect(await each(3, async (app, i) => (await pair(app, `192.0.2.${100 + i}`)).statusCode)).toEqual([
      401, 401, 429,
    ]);
  });

  it('one duplicate-code budget per user', async () => {
    const owner = await makeUser(database);
    const prober = await makeUser(database);
    const body = (authCode: string) => ({ name: 'TV', location: 'Loja', resolution: '1920x1080', authCode });
    const ownerCookie = await login(a, owner.email);
    expect(
      (
        await a.inject({
          method: 'POST',
          url: '/api/devices',
          headers: { cookie: ownerCookie },
          payload: body('777777'),
        })
      ).statusCode,
    ).toBe(201);
    const cookie = await login(b, prober.email);
    const statuses = await each(
      4,
      async (app) =>
        (await app.inject({ method: 'POST', url: '/api/devices', headers: { cookie }, payload: body('777777') }))
          .statusCode,
    );
    expect(statuses).toEqual([409, 409, 429, 429]);
  });
});
