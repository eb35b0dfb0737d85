import { useSyncExternalStore } from 'react';

/** How often relative times ("Há 2 minutos") move on while a page stays open. */
export const NOW_TICK_MS = 30_000;

/**
 * One clock for the whole app: a single timer runs while at least one component reads it, and
 * every reader re-renders on the same tick (not one timer per row).
 */
export function createNowStore(tickMs: number, clock: () => number = Date.now) {
  let now = clock();
  let timer: ReturnType<typeof setInterval> | undefined;
  const listeners = new Set<() => void>();
  return {
    subscribe(listener: () => void) {
      listeners.add(listener);
      if (!timer) {
        now = clock();
        timer = setInterval(() => {
          now = clock();
          for (const l of listeners) l();
        }, tickMs);
      }
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) {
          clearInterval(timer);
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

/** The current time, refreshed every 30 s: for text that depends on it (relative times). */
export function useNow(): number {
  return useSyncExternalStore(appClock.subscribe, appClock.getSnapshot, appClock.getSnapshot);
}
