import {
  REALTIME_RECONNECT_BASE_MS,
  REALTIME_RECONNECT_MAX_ATTEMPTS,
  REALTIME_RECONNECT_MULTIPLIER_CAP,
} from '@contract/constants';

/** A close with this code is deliberate: no reconnect (docs/product.md#states). */
export const NORMAL_CLOSE = 1000;

/**
 * docs/product.md#states and #constants: after an abnormal close, wait base × min(attempt, 5) before attempt `attempt`
 * (1-based), for at most 10 attempts; null means "stop trying".
 */
export function reconnectDelay(attempt: number, closeCode: number): number | null {
  if (closeCode === NORMAL_CLOSE) return null;
  if (attempt < 1 || attempt > REALTIME_RECONNECT_MAX_ATTEMPTS) return null;
  return REALTIME_RECONNECT_BASE_MS * Math.min(attempt, REALTIME_RECONNECT_MULTIPLIER_CAP);
}

/**
 * Where the channel stands in its round of tries: `open` (connecting or connected), `waiting` (a
 * retry is scheduled), `gave-up` (the round's tries are spent, or the close was deliberate).
 */
export type ReconnectState = { attempt: number; phase: 'open' | 'waiting' | 'gave-up' };

export const initialReconnectState: ReconnectState = { attempt: 0, phase: 'open' };

/** The socket opened: a later drop starts counting from one again. */
export const reconnectOnOpen = (): ReconnectState => ({ attempt: 0, phase: 'open' });

/** The socket closed (not by us): retry after `delay`, or give the round up (delay null). */
export function reconnectOnClose(
  state: ReconnectState,
  closeCode: number,
): { state: ReconnectState; delay: number | null } {
  const attempt = state.attempt + 1;
  const delay = reconnectDelay(attempt, closeCode);
  return { state: { attempt, phase: delay === null ? 'gave-up' : 'waiting' }, delay };
}

/** The retry timer fired: the next try is under way. */
export const reconnectOnRetry = (state: ReconnectState): ReconnectState => ({ ...state, phase: 'open' });

/**
 * docs/api.md#admin-channel: once a round has given up, a wake-up (the window gets focus, the page becomes visible,
 * the network comes back) starts a new round at once; during a round the schedule stands.
 */
export function reconnectOnWake(state: ReconnectState): { state: ReconnectState; connectNow: boolean } {
  if (state.phase !== 'gave-up') return { state, connectNow: false };
  return { state: { attempt: 0, phase: 'open' }, connectNow: true };
}
