/**
 * The editor's pure geometry (docs/layouts.md#the-editor): rectangles in percent of the screen,
 * moved and resized on a 1 % grid, snapped to the other zones' edges and kept inside the screen, so
 * a drawn zone never breaks the contract's "inside the screen" and "two decimals" rules.
 */

export type Rect = { x: number; y: number; width: number; height: number };

/** The grid a dragged edge falls on, in percent. */
export const GRID = 1;
/** How close (percent) an edge must come to another zone's edge to stick to it. */
export const SNAP_DISTANCE = 1;
/** The smallest side a drawn zone keeps, so it stays visible and grabbable. */
export const MIN_SIZE = 1;

/** Two decimals, as the contract stores them (no 0.30000000000000004 left behind). */
export const round2 = (value: number) => Math.round(value * 100) / 100;
const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** The screen's edges and every other zone's edges along one axis. */
export function edgesOf(others: readonly Rect[], axis: 'x' | 'y'): number[] {
  const size = axis === 'x' ? 'width' : 'height';
  return [0, 100, ...others.flatMap((r) => [r[axis], round2(r[axis] + r[size])])];
}

/** The nearest edge within `SNAP_DISTANCE` of `value`, else `value` on the 1 % grid. */
export function snapValue(value: number, edges: readonly number[]): number {
  let best: number | null = null;
  for (const edge of edges) {
    const distance = Math.abs(value - edge);
    if (distance <= SNAP_DISTANCE && (best === null || distance < Math.abs(value - best))) best = edge;
  }
  return best ?? Math.round(value / GRID) * GRID;
}

/** The rectangle inside the screen: at least `MIN_SIZE` wide and high, moved (not shrunk) back in. */
export function clampRect(rect: Rect): Rect {
  const width = round2(clamp(rect.width, MIN_SIZE, 100));
  const height = round2(clamp(rect.height, MIN_SIZE, 100));
  return {
    x: round2(clamp(rect.x, 0, 100 - width)),
    y: round2(clamp(rect.y, 0, 100 - height)),
    width,
    height,
  };
}

/**
 * Where the start of a span of `size` lands when moved to `start`: whichever of its two ends comes
 * closer to an edge sticks to it; with none near, the start falls on the grid.
 */
function snapSpan(start: number, size: number, edges: readonly number[]): number {
  const near = (value: number) => {
    let best: { edge: number; distance: number } | null = null;
    for (const edge of edges) {
      const distance = Math.abs(value - edge);
      if (distance <= SNAP_DISTANCE && (!best || distance < best.distance)) best = { edge, distance };
    }
    return best;
  };
  const head = near(start);
  const tail = near(start + size);
  if (head && (!tail || head.distance <= tail.distance)) return head.edge;
  if (tail) return round2(tail.edge - size);
  return Math.round(start / GRID) * GRID;
}

/** A drag of the whole zone by `dx`, `dy` percent from where it started, snapped and kept inside. */
export function moveRect(start: Rect, dx: number, dy: number, others: readonly Rect[] = []): Rect {
  return clampRect({
    ...start,
    x: snapSpan(start.x + dx, start.width, edgesOf(others, 'x')),
    y: snapSpan(start.y + dy, start.height, edgesOf(others, 'y')),
  });
}

/** A drag of the bottom-right corner by `dx`, `dy` percent: the far edges snap, the zone stays inside. */
export function resizeRect(start: Rect, dx: number, dy: number, others: readonly Rect[] = []): Rect {
  const right = Math.min(100, snapValue(start.x + start.width + dx, edgesOf(others, 'x')));
  const bottom = Math.min(100, snapValue(start.y + start.height + dy, edgesOf(others, 'y')));
  return clampRect({ ...start, width: right - start.x, height: bottom - start.y });
}

/** The keyboard's step: arrows move by `dx`, `dy`; shift+arrows resize by them. No edge snapping, exact 1 %. */
export function nudgeRect(rect: Rect, dx: number, dy: number, resize: boolean): Rect {
  if (!resize) return clampRect({ ...rect, x: rect.x + dx, y: rect.y + dy });
  const width = clamp(rect.width + dx, MIN_SIZE, 100 - rect.x);
  const height = clamp(rect.height + dy, MIN_SIZE, 100 - rect.y);
  return clampRect({ ...rect, width, height });
}

/** What an arrow key does, in percent; null for any other key. */
export function arrowDelta(key: string): [number, number] | null {
  switch (key) {
    case 'ArrowLeft':
      return [-1, 0];
    case 'ArrowRight':
      return [1, 0];
    case 'ArrowUp':
      return [0, -1];
    case 'ArrowDown':
      return [0, 1];
    default:
      return null;
  }
}

/**
 * Where a new zone goes: 30 × 30 %, cascaded from the top-left by the number of zones already drawn
 * so it never hides exactly behind the last one.
 */
export function newZoneRect(count: number): Rect {
  const offset = (count * 5) % 70;
  return { x: offset, y: offset, width: 30, height: 30 };
}
