import {
  REALTIME_RECONNECT_BASE_MS,
  REALTIME_RECONNECT_MAX_ATTEMPTS,
  REALTIME_RECONNECT_MULTIPLIER_CAP,
} from '@contract/constants';

/** A close with this code is deliberate: no reconnect (SPEC §4). */
export const NORMAL_CLOSE = 1000;

/**
 * SPEC §4/§9: after an abnormal close, wait base × min(attempt, 5) before attempt `attempt`
 * (1-based), for at most 10 attempts; null means "stop trying".
 */
export function reconnectDelay(attempt: number, closeCode: number): number | null {
  if (closeCode === NORMAL_CLOSE) return null;
  if (attempt < 1 || attempt > REALTIME_RECONNECT_MAX_ATTEMPTS) return null;
  return REALTIME_RECONNECT_BASE_MS * Math.min(attempt, REALTIME_RECONNECT_MULTIPLIER_CAP);
}
