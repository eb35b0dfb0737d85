import type { Redis } from 'ioredis';
import { isServiceUnavailable } from '../db/errors';
import { TimeoutError, withTimeout } from '../lib/timing';
import { createMemoryLimiter, type Limiter } from './limiter';

/**
 * INCR, then the expiry on the first hit (or the lockout stretch), in one atomic script: no
 * counter is ever left without an expiry, and concurrent processes never lose a hit.
 */
const HIT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
if tonumber(ARGV[2]) > 0 and count == tonumber(ARGV[2]) then redis.call('PEXPIRE', KEYS[1], ARGV[3]) end
return {count, redis.call('PTTL', KEYS[1])}
`;

/** A Redis that does not answer within this time is away (a half-open connection hangs). */
const COMMAND_TIMEOUT_MS = 1000;

/**
 * The limiter's counters in Redis, shared by every server process (docs/scaling.md). `redis` is the
 * connection main.ts opened; `prefix` keeps these keys apart from anything else in the database.
 * While Redis is away the counting goes on in this process's memory (docs/security.md, "Abuse
 * limits while Redis is away"): the limits still hold, per process, instead of failing open or
 * refusing every sign-in; back in Redis as soon as it answers again.
 */
export function createRedisLimiter(
  redis: Redis,
  prefix = 'sinalize:limit:',
  onFallback: (error: Error) => void = () => {},
): Limiter {
  const ttl = (pttl: number) => (pttl > 0 ? pttl : 0);
  const local = createMemoryLimiter();
  let degraded = false;
  /** Counters reset while Redis was away: deleted there before anything else is counted in it. */
  const pendingResets = new Set<string>();
  /** Redis when it answers; this process's counters while it does not. */
  async function either<T>(shared: () => Promise<T>, fallback: () => Promise<T>): Promise<T> {
    // Anything but ready (connecting, between reconnection attempts, closed): ioredis would queue
    // the command and send it once connected, after we counted it in memory: counted twice.
    if (redis.status !== 'ready') return fallBack(new Error(`Redis ${redis.status}`), fallback);
    try {
      if (pendingResets.size > 0) {
        const keys = [...pendingResets];
        await withTimeout(redis.del(...keys.map((key) => prefix + key)), COMMAND_TIMEOUT_MS);
        keys.forEach((key) => pendingResets.delete(key));
      }
      const result = await withTimeout(shared(), COMMAND_TIMEOUT_MS);
      degraded = false;
      return result;
    } catch (error) {
      if (!(error instanceof TimeoutError) && !isServiceUnavailable(error)) throw error;
      return fallBack(error as Error, fallback);
    }
  }
  function fallBack<T>(error: Error, fallback: () => Promise<T>): Promise<T> {
    // Said once per outage, not once per request.
    if (!degraded) onFallback(error);
    degraded = true;
    return fallback();
  }
  return {
    hit: (key, windowMs, extend) =>
      either(
        async () => {
          const [count, pttl] = (await redis.eval(
            HIT,
            1,
            prefix + key,
            windowMs,
            extend?.at ?? 0,
            extend?.toMs ?? 0,
          )) as [number, number];
          return { count, resetInMs: ttl(pttl) };
        },
        () => local.hit(key, windowMs, extend),
      ),
    peek: (key) =>
      either(
        async () => {
          const [value, pttl] = await redis
            .multi()
            .get(prefix + key)
            .pttl(prefix + key)
            .exec()
            .then((r) => (r ?? []).map(([, v]) => v));
          return { count: Number(value ?? 0), resetInMs: ttl(Number(pttl)) };
        },
        () => local.peek(key),
      ),
    async reset(key) {
      // Both: a sign-in that clears a lockout clears it wherever it was counted.
      await local.reset(key);
      // Redis away: the lockout counted there would outlive this sign-in; deleted once it is back.
      await either(
        () => redis.del(prefix + key).then(() => undefined),
        async () => void pendingResets.add(key),
      );
    },
    async close() {
      // The connection belongs to whoever opened it (main.ts or a test).
      await local.close();
    },
  };
}
