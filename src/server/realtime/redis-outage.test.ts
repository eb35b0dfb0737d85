import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { createRedisLimiter } from '../limits/redis-limiter';
import { makeUser } from '../test/factories';
import { eventually } from '../test/eventually';
import { startFaultProxy, type FaultProxy } from '../test/fault-proxy';
import { testConfig } from '../test/test-app';
import { getTestDatabase, resetDatabase } from '../test/test-database';
import type { DomainEvent, EventBus } from './event-bus';
import { createRedisEventBus } from './redis-event-bus';

const { REDIS_URL } = process.env;
const event = (groupId: number): DomainEvent => ({ type: 'group.changed', groupId, workspaceId: 1 });

/**
 * Redis restarting or cut off (docs/scaling.md, "When PostgreSQL or Redis goes away"): the server
 * processes reach it through fault proxies; nothing here touches the shared Redis itself.
 */
describe.skipIf(!REDIS_URL)('Redis going away', () => {
  const proxies: FaultProxy[] = [];
  const closers: Array<() => Promise<unknown>> = [];
  const proxy = async () => {
    const made = await startFaultProxy(REDIS_URL!);
    proxies.push(made);
    return made;
  };
  afterEach(() => proxies.forEach((p) => p.restore()));
  afterAll(async () => {
    for (const close of closers.reverse()) await close();
    await Promise.all(proxies.map((p) => p.close()));
  });

  /**
   * A bus through `url`, what it heard of this test's groups (other runs share the Redis), its
   * errors and how many times it was told to resync.
   */
  async function busVia(url: string, groups: (id: number) => boolean) {
    const heard: DomainEvent[] = [];
    const errors: Error[] = [];
    const state = { resyncs: 0 };
    const bus: EventBus = await createRedisEventBus(
      url,
      (error) => errors.push(error),
      () => state.resyncs++,
    );
    bus.subscribe((e) => {
      if (e.type === 'group.changed' && groups(e.groupId)) heard.push(e);
    });
    closers.push(() => bus.close());
    return { bus, heard, errors, state };
  }

  it('survives a Redis restart: resubscribes, and every process drops what it kept, as events were lost meanwhile', async () => {
    const restart = await proxy();
    const id = Math.floor(Math.random() * 1e9);
    const ours = (g: number) => g >= id && g < id + 4;
    const [a, b] = await Promise.all([busVia(restart.url, ours), busVia(restart.url, ours)]);
    a.bus.publish(event(id));
    await expect.poll(() => b.heard).toEqual([event(id)]);

    restart.cut();
    // Published while Redis is away: known here at once; B may never hear it.
    a.bus.publish(event(id + 1));
    expect(a.heard).toEqual([event(id), event(id + 1)]);
    await eventually(() => a.errors.length > 0 && b.errors.length > 0, 'the outage reported');
    restart.restore();

    await eventually(() => a.state.resyncs > 0 && b.state.resyncs > 0, 'both told to resync', 15_000);
    // Subscribed again: what is published now crosses as before.
    b.bus.publish(event(id + 2));
    await expect.poll(() => a.heard, { timeout: 10_000 }).toEqual([event(id), event(id + 1), event(id + 2)]);
    a.bus.publish(event(id + 3));
    await expect.poll(() => b.heard.at(-1), { timeout: 10_000 }).toEqual(event(id + 3));
  });

  it('tells the other processes to resync when only this one was cut off (its events never reached them)', async () => {
    const own = await proxy();
    const id = Math.floor(Math.random() * 1e9);
    const a = await busVia(own.url, (g) => g === id);
    const b = await busVia(REDIS_URL!, (g) => g === id);
    own.cut();
    a.bus.publish(event(id));
    await eventually(() => a.errors.length > 0, 'the cut reported');
    expect(b.state.resyncs).toBe(0);
    own.restore();
    await eventually(() => b.state.resyncs > 0, 'B told to resync', 15_000);
  });

  describe('the limits and /api/health', () => {
    let app: FastifyInstance;
    let cut: FaultProxy;

    beforeAll(async () => {
      const database = await getTestDatabase();
      await resetDatabase(database);
      cut = await proxy();
      const redis = new Redis(cut.url, { maxRetriesPerRequest: 2 });
      redis.on('error', () => {});
      closers.push(async () => redis.disconnect());
      app = await buildApp({
        config: testConfig({ loginRateLimitPerMinute: 3 }),
        database,
        limiter: createRedisLimiter(redis, `test:${randomUUID()}:`),
        probes: [{ name: 'redis', check: () => redis.ping() }],
      });
      closers.push(() => app.close());
    });

    it('keeps counting in this process while Redis is away (sign-ins answered, the budget still holds), and says so on /api/health while answering 200', async () => {
      const user = await makeUser(await getTestDatabase());
      const attempt = (ip: string) =>
        app.inject({
          method: 'POST',
          url: '/api/auth/login',
          remoteAddress: ip,
          payload: { email: user.email, password: 'errada-123' },
        });
      const before = await app.inject({ method: 'GET', url: '/api/health' });
      expect(before.statusCode).toBe(200);
      expect(before.json()).toMatchObject({ status: 'ok', database: 'ok', redis: 'up' });
      cut.cut();
      // Redis is shared: a 503 here would take every process out of the load balancer at once,
      // while each keeps working without it (docs/scaling.md). 200, with the state in the body.
      const health = await app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(200);
      expect(health.json()).toMatchObject({ status: 'degraded', database: 'ok', redis: 'down' });
      const statuses = [];
      for (let i = 0; i < 4; i++) statuses.push((await attempt('203.0.113.77')).statusCode);
      expect(statuses).toEqual([401, 401, 401, 429]);

      cut.restore();
      await eventually(
        async () => (await app.inject({ method: 'GET', url: '/api/health' })).json().redis === 'up',
        'health back',
        15_000,
      );
      // Counting in Redis again: a budget of its own there.
      expect((await attempt('203.0.113.78')).statusCode).toBe(401);
    });
  });
});
