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
