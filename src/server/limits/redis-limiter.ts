import type { Redis } from 'ioredis';
import type { Limiter } from './limiter';

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

/**
 * The limiter's counters in Redis, shared by every server process (docs/scaling.md). `redis` is the
 * connection main.ts opened; `prefix` keeps these keys apart from anything else in the database.
 */
export function createRedisLimiter(redis: Redis, prefix = 'sinalize:limit:'): Limiter {
  const ttl = (pttl: number) => (pttl > 0 ? pttl : 0);
  return {
    async hit(key, windowMs, extend) {
      const [count, pttl] = (await redis.eval(HIT, 1, prefix + key, windowMs, extend?.at ?? 0, extend?.toMs ?? 0)) as [
        number,
        number,
      ];
      return { count, resetInMs: ttl(pttl) };
    },
    async peek(key) {
      const [value, pttl] = await redis
        .multi()
        .get(prefix + key)
        .pttl(prefix + key)
        .exec()
        .then((r) => (r ?? []).map(([, v]) => v));
      return { count: Number(value ?? 0), resetInMs: ttl(Number(pttl)) };
    },
    async reset(key) {
      await redis.del(prefix + key);
    },
    async close() {
      // The connection belongs to whoever opened it (main.ts or a test).
    },
  };
}
