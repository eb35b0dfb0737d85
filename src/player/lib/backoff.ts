/**
 * Reconnect delays for the device socket: 1 s, 2 s, 4 s… up to 30 s, each randomised down to half
 * ("equal jitter") so thousands of TVs that lost the same server do not come back in lockstep.
 */
export const RECONNECT_BASE_MS = 1000;
export const RECONNECT_MAX_MS = 30_000;

export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(RECONNECT_MAX_MS, RECONNECT_BASE_MS * 2 ** Math.max(0, attempt));
  return Math.round(ceiling / 2 + (ceiling / 2) * random());
}
