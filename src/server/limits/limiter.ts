import type { FastifyReply } from 'fastify';
import { ERROR_CODES } from '../../contract/errors';
import { HttpError } from '../http/errors';

/** The state of one counter after a hit or a look. */
export interface LimitCount {
  count: number;
  /** Milliseconds until the counter disappears (0 when it does not exist). */
  resetInMs: number;
}

/**
 * Fixed-window counters, the one mechanism behind every abuse limit (docs/security.md). In memory
 * by default; in Redis when REDIS_URL is set, so that all server processes share one budget.
 */
export interface Limiter {
  /**
   * Counts one event under `key`. The window starts at the first hit; when the count reaches
   * `extend.at`, the window is stretched to `extend.toMs` from now (a lockout lasts its full time).
   */
  hit(key: string, windowMs: number, extend?: { at: number; toMs: number }): Promise<LimitCount>;
  peek(key: string): Promise<LimitCount>;
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

/** One process's counters; expired ones are swept once a minute. */
export function createMemoryLimiter(now: () => number = Date.now): Limiter {
  const counters = new Map<string, { count: number; resetAt: number }>();
  const live = (key: string) => {
    const entry = counters.get(key);
    if (entry && entry.resetAt <= now()) {
      counters.delete(key);
      return undefined;
    }
    return entry;
  };
  const sweep = setInterval(() => {
    const t = now();
    for (const [key, entry] of counters) if (entry.resetAt <= t) counters.delete(key);
  }, 60_000).unref();
  return {
    async hit(key, windowMs, extend) {
      const t = now();
      const entry = live(key) ?? { count: 0, resetAt: t + windowMs };
      entry.count += 1;
      if (extend && entry.count === extend.at) entry.resetAt = t + extend.toMs;
      counters.set(key, entry);
      return { count: entry.count, resetInMs: entry.resetAt - t };
    },
    async peek(key) {
      const entry = live(key);
      return entry ? { count: entry.count, resetInMs: entry.resetAt - now() } : { count: 0, resetInMs: 0 };
    },
    async reset(key) {
      counters.delete(key);
    },
    async close() {
      clearInterval(sweep);
    },
  };
}

/** A limit: at most `max` events per `windowMs` under one key, then 429 with this message. */
export interface LimitRule {
  name: string;
  max: number;
  windowMs: number;
  message: string;
}

export function tooMany(reply: FastifyReply, resetInMs: number, message: string): HttpError {
  reply.header('Retry-After', String(Math.max(1, Math.ceil(resetInMs / 1000))));
  return new HttpError(429, message, ERROR_CODES.rateLimited);
}

/** Counts one request against `rule` for `key`; past the budget, throws the 429 (with Retry-After). */
export async function consume(limiter: Limiter, reply: FastifyReply, rule: LimitRule, key: string): Promise<void> {
  const { count, resetInMs } = await limiter.hit(`${rule.name}:${key}`, rule.windowMs);
  if (count > rule.max) throw tooMany(reply, resetInMs, rule.message);
}
