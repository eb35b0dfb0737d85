import type { FastifyReply } from 'fastify';
import { ERROR_CODES } from '../../../contract/errors';
import { messages } from '../../../contract/messages';
import { conflict, type HttpError } from '../../http/errors';
import { tooMany, type Limiter } from '../../limits/limiter';

const HOUR_MS = 60 * 60_000;

/**
 * docs/tv-protocol.md#pairing: codes are unique across all accounts, so a 409 tells that a code exists. Each user
 * gets a few 409s per hour; past that, every create or code change answers 429 (whatever the code:
 * answering 201 for a free code and 429 for a taken one would still map them).
 */
export interface CodeBudget {
  /** Refuses the request when this user's duplicate-code budget is spent. */
  check(): Promise<void>;
  /** Counts a duplicate code; the 409 to answer, or the 429 when this one went over the budget. */
  conflict(): Promise<HttpError>;
}

export function codeBudget(limiter: Limiter, reply: FastifyReply, userId: number, maxPerHour: number): CodeBudget {
  const key = `code-conflict:u:${userId}`;
  return {
    async check() {
      const spent = await limiter.peek(key);
      if (spent.count >= maxPerHour) throw tooMany(reply, spent.resetInMs, messages.devices.codeConflictsExhausted);
    },
    async conflict() {
      const after = await limiter.hit(key, HOUR_MS);
      if (after.count > maxPerHour) return tooMany(reply, after.resetInMs, messages.devices.codeConflictsExhausted);
      return conflict(messages.devices.duplicateCode.description, ERROR_CODES.authCodeDuplicate);
    },
  };
}
