/**
 * The playback order of one window: items loop in order, each on screen for its duration (seconds,
 * docs/product.md#constants: "item durations are multiplied by 1000 for timers"). Pure, so the rules are unit tested;
 * the window engine (`window-engine.ts`) drives it with timers and skips items whose media failed to load.
 */
export interface ScheduledItem {
  /** Seconds on screen. */
  duration: number;
}

/** An item's time on screen in ms; anything below 1 s (or not a number) counts as 1 s. */
export const itemDurationMs = (item: ScheduledItem) =>
  (Number.isFinite(item.duration) ? Math.max(1, item.duration) : 1) * 1000;

/**
 * The item after `current`, wrapping after the last, passing over those `playable` refuses; null
 * when none is playable. With one playable item, that item again.
 */
export function nextIndex(
  count: number,
  current: number,
  playable: (index: number) => boolean = () => true,
): number | null {
  for (let step = 1; step <= count; step++) {
    const index = (((current + step) % count) + count) % count;
    if (playable(index)) return index;
  }
  return null;
}
