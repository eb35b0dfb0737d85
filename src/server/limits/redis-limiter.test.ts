import { randomUUID } from 'node:crypto';
import net from 'node:net';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { eventually } from '../test/eventually';
import { listenInFrontOf, startFaultProxy } from '../test/fault-proxy';
import { createRedisLimiter } from './redis-limiter';

const { REDIS_URL } = process.env;

/**
 * A TCP proxy to Redis that accepts connections but passes nothing until `release()`: a Redis
 * still connecting (a SYN answered, the handshake not yet done), where ioredis would queue commands.
 */
async function startStallingProxy(target: string) {
  const upstream = new URL(target);
  const sockets = new Set<net.Socket>();
  const held: Array<() => void> = [];
  let released = false;
  const server = net.createServer((client) => {
    sockets.add(client);
    client.pause();
    const pipe = () => {
      const service = net.connect(Number(upstream.port || 6379), upstream.hostname);
      sockets.add(service);
      client.pipe(service).pipe(client);
      client.resume();
      client.on('error', () => service.destroy()).on('close', () => service.destroy());
      service.on('error', () => client.destroy());
    };
    if (released) pipe();
    else held.push(pipe);
  });
  const { url } = await listenInFrontOf(server, target);
  return {
    url,
    release() {
      released = true;
      held.splice(0).forEach((pipe) => pipe());
    },
    close: () => {
      sockets.forEach((s) => s.destroy());
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * The limiter while Redis is away or coming back (docs/security.md, "Abuse limits while Redis is
 * away"): a hit is counted once, in memory or in Redis, never in both; a reset made during the
 * outage reaches Redis once it is back.
 */
describe.skipIf(!REDIS_URL)('the Redis limiter around an outage', () => {
  const closers: Array<() => Promise<unknown>> = [];
  afterAll(async () => {
    for (const close of closers.reverse()) await close();
  });
  const direct = new Redis(REDIS_URL!);
  closers.push(() => direct.quit());

  it('counts a hit made while the connection is still being established in memory only, never later in Redis too', async () => {
    const stalling = await startStallingProxy(REDIS_URL!);
    closers.push(() => stalling.close());
    const redis = new Redis(stalling.url, { maxRetriesPerRequest: 2 });
    redis.on('error', () => {});
    closers.push(async () => redis.disconnect());
    const prefix = `test:${randomUUID()}:`;
    const limiter = createRedisLimiter(redis, prefix);

    expect(redis.status).not.toBe('ready');
    expect((await limiter.hit('login:203.0.113.9', 60_000)).count).toBe(1);
    stalling.release();
    await eventually(() => redis.status === 'ready', 'the connection ready');
    // Anything ioredis had queued for this connection is sent before this PING is answered.
    await redis.ping();
    expect(await direct.get(`${prefix}login:203.0.113.9`)).toBeNull();
  });

  it('clears in Redis, once it is back, a counter reset while it was away', async () => {
    const proxy = await startFaultProxy(REDIS_URL!);
    closers.push(() => proxy.close());
    const redis = new Redis(proxy.url, { maxRetriesPerRequest: 2 });
    redis.on('error', () => {});
    closers.push(async () => redis.disconnect());
    const prefix = `test:${randomUUID()}:`;
    const limiter = createRedisLimiter(redis, prefix);
    const key = 'lockout:alguem@exemplo.teste';
    await eventually(() => redis.status === 'ready', 'the connection ready');

    for (let i = 0; i < 3; i++) await limiter.hit(key, 60_000);
    expect(await direct.get(prefix + key)).toBe('3');
    proxy.cut();
    await eventually(() => redis.status !== 'ready', 'the connection lost');
    // A successful sign-in during the outage.
    await limiter.reset(key);
    proxy.restore();
    await eventually(() => redis.status === 'ready', 'the connection back', 15_000);

    expect((await limiter.peek(key)).count).toBe(0);
    expect(await direct.get(prefix + key)).toBeNull();
  });
});
