/**
 * Small timing helpers the server shares (the player has its own in src/player/lib, which the
 * server does not import).
 */

/**
 * Runs `run` once, `windowMs` after the first of a burst of calls: calls that arrive while a run
 * is pending join it. After a shared Redis outage every process hears several resync requests at
 * once (its own subscription back, other processes' lost publishes); one refetch serves them all
 * (docs/scaling.md, "When PostgreSQL or Redis goes away").
 */
export function coalesce(run: () => void, windowMs: number): { (): void; cancel(): void } {
  let timer: NodeJS.Timeout | undefined;
  const request = () => {
    timer ??= setTimeout(() => {
      timer = undefined;
      run();
    }, windowMs);
  };
  request.cancel = () => {
    clearTimeout(timer);
    timer = undefined;
  };
  return request;
}

/** The wait before try `attempt` (0 for the first retry): `baseMs` doubling, never past `maxMs`. */
export const backoffDelay = (attempt: number, baseMs: number, maxMs: number): number =>
  Math.min(baseMs * 2 ** Math.max(0, attempt), maxMs);

/** A promise that did not settle within `withTimeout`'s time. */
export class TimeoutError extends Error {
  constructor(ms: number) {
    super(`no answer within ${ms} ms`);
  }
}

/**
 * `promise`, or a rejection with `TimeoutError` after `ms`: a service behind a half-open connection
 * never answers, and a check or a limit must not wait for it. The work itself is not cancelled.
 */
export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new TimeoutError(ms)), ms)));
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
