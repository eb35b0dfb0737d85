const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Polls until `condition` holds, for what the app does in the background (a queue, a timer, a
 * socket); fails naming `what` once `timeoutMs` have passed. The limit is only how long to wait
 * for a state, never a claim about timing.
 */
export async function eventually(
  condition: () => boolean | Promise<boolean>,
  what = 'condition',
  timeoutMs = 5000,
  intervalMs = 20,
): Promise<void> {
  for (const started = Date.now(); Date.now() - started < timeoutMs; await sleep(intervalMs))
    if (await condition()) return;
  throw new Error(`${what}: not within ${timeoutMs / 1000} s`);
}
