import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { createMemoryLimiter, type Limiter } from './limiter';
import { createRedisLimiter } from './redis-limiter';

const { REDIS_URL } = process.env;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The same contract for both backends: fixed window from the first hit, lockout stretch, reset. */
function behavesAsALimiter(make: () => Limiter) {
  it('counts within a window that starts at the first hit, then starts over', async () => {
    const limiter = make();
    expect(await limiter.hit('k', 150)).toMatchObject({ count: 1 });
    const second = await limiter.hit('k', 150);
    expect(second.count).toBe(2);
    expect(second.resetInMs).toBeGreaterThan(0);
    expect(second.resetInMs).toBeLessThanOrEqual(150);
    for (let i = 0; i < 100 && (await limiter.peek('k')).count > 0; i++) await sleep(20);
    expect(await limiter.peek('k')).toEqual({ count: 0, resetInMs: 0 });
    expect((await limiter.hit('k', 150)).count).toBe(1);
  });

  it('stretches the window when the count reaches the lockout threshold, and resets on demand', async () => {
    const limiter = make();
    await limiter.hit('lock', 100, { at: 2, toMs: 60_000 });
    const locked = await limiter.hit('lock', 100, { at: 2, toMs: 60_000 });
    expect(locked.count).toBe(2);
    expect(locked.resetInMs).toBeGreaterThan(59_000);
    expect((await limiter.peek('lock')).count).toBe(2);
    await limiter.reset('lock');
    expect((await limiter.peek('lock')).count).toBe(0);
  });
}

describe('memory limiter', () => {
  const limiters: Limiter[] = [];
  afterAll(() => Promise.all(limiters.map((l) => l.close())));
  behavesAsALimiter(() => {
    const limiter = createMemoryLimiter();
    limiters.push(limiter);
    return limiter;
  });
});

describe.skipIf(!REDIS_URL)('Redis limiter', () => {
  const redis = REDIS_URL ? new Redis(REDIS_URL) : null;
  afterAll(async () => {
    await redis?.quit();
  });
  behavesAsALimiter(() => createRedisLimiter(redis!, `test:${randomUUID()}:`));
});
