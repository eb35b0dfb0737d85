/**
 * The playback order of one window: items loop in order, each on screen for its duration (seconds,
 * docs/product.md#constants: "item durations are multiplied by 1000 for timers"). Pure, so the rules are unit tested;
 * the window component drives it with timers and skips items whose media failed to load.
 */
export interface ScheduledItem {
  /** Seconds on screen. */
  duration: number;
}

/** An item's time on screen in ms; anything below 1 s (or not a number) counts as 1 s. */
export const itemDurationMs = (item: ScheduledItem) =>
  (Number.isFinite(item.duration) ? Math.max(1, item.duration) : 1) * 1000;

export const cycleDurationMs = (items: readonly ScheduledItem[]) =>
  items.reduce((sum, item) => sum + itemDurationMs(item), 0);

export interface SchedulePosition {
  /** The item on screen. */
  index: number;
  /** How many whole loops came before. */
  loop: number;
  /** When this item started and when the next one starts, in ms since playback started. */
  startsAt: number;
  nextAt: number;
}

/** Which item is on screen `elapsedMs` after playback started (uninterrupted), or null with no items. */
export function positionAt(items: readonly ScheduledItem[], elapsedMs: number): SchedulePosition | null {
  const cycle = cycleDurationMs(items);
  if (items.length === 0 || cycle <= 0) return null;
  const elapsed = Math.max(0, elapsedMs);
  const loop = Math.floor(elapsed / cycle);
  let startsAt = loop * cycle;
  for (let index = 0; index < items.length; index++) {
    const nextAt = startsAt + itemDurationMs(items[index]!);
    if (elapsed < nextAt) return { index, loop, startsAt, nextAt };
    startsAt = nextAt;
  }
  // Unreachable for finite durations; keeps the types honest.
  return { index: items.length - 1, loop, startsAt: startsAt - itemDurationMs(items.at(-1)!), nextAt: startsAt };
}

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

/**
 * Where to continue after the item list changed (a playlist edit): the item after the one on
 * screen if it is still in the list (matched by key), otherwise the start.
 */
export function resumeIndex(keys: readonly string[], currentKey: string | null): number {
  if (keys.length === 0) return 0;
  const at = currentKey === null ? -1 : keys.indexOf(currentKey);
  return at === -1 ? 0 : (at + 1) % keys.length;
}
