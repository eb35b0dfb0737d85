import { useSyncExternalStore } from 'react';

/** How often relative times ("Há 2 minutos") move on while a page stays open. */
export const NOW_TICK_MS = 30_000;
/** Campaign schedules are whole minutes: what is on air can only change on a minute's turn. */
export const MINUTE_MS = 60_000;

/**
 * One clock for the whole app: a single timer runs while at least one component reads it, and
 * every reader re-renders on the same tick (not one timer per row). An `aligned` clock ticks on the
 * turn of each period of the wall clock (12:01:00.000, not a minute after the first reader came).
 */
export function createNowStore(tickMs: number, clock: () => number = Date.now, aligned = false) {
  let now = clock();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const listeners = new Set<() => void>();
  const arm = () => {
    timer = setTimeout(tick, aligned ? tickMs - (clock() % tickMs) : tickMs);
  };
  const tick = () => {
    now = clock();
    for (const l of listeners) l();
    arm();
  };
  return {
    subscribe(listener: () => void) {
      listeners.add(listener);
      if (!timer) {
        now = clock();
        arm();
      }
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) {
          clearTimeout(timer);
          timer = undefined;
        }
      };
    },
    getSnapshot: () => now,
    get listening() {
      return listeners.size;
    },
  };
}

const appClock = createNowStore(NOW_TICK_MS);
const minuteClock = createNowStore(MINUTE_MS, Date.now, true);

/** The current time, refreshed every 30 s: for text that depends on it (relative times). */
export function useNow(): number {
  return useSyncExternalStore(appClock.subscribe, appClock.getSnapshot, appClock.getSnapshot);
}

/** The current time, refreshed on each minute's turn: for what is on air (campaign schedules). */
export function useMinuteNow(): number {
  return useSyncExternalStore(minuteClock.subscribe, minuteClock.getSnapshot, minuteClock.getSnapshot);
}
