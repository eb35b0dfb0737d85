import type { ManifestItem } from '@contract/tv';
import { WindowEngine, type EndedPlay, type Timers, type WindowView } from './window-engine';

/** For the window engine's tests (window-engine*.test.ts): a hand-driven clock, items, an engine driven as the component drives it. */

/** A hand-driven clock: `tick(ms)` runs the timers that fall due, in order, `afterEach` after each one. */
export function fakeTimers(afterEach: () => void = () => undefined) {
  let now = 0;
  let seq = 0;
  const pending = new Map<number, { at: number; fn: () => void }>();
  const timers: Timers = {
    setTimeout: (fn, ms) => {
      pending.set(++seq, { at: now + ms, fn });
      return seq;
    },
    clearTimeout: (handle) => void pending.delete(handle as number),
    now: () => now,
  };
  const tick = (ms: number) => {
    const until = now + ms;
    for (;;) {
      const due = [...pending.entries()].filter(([, t]) => t.at <= until).sort((a, b) => a[1].at - b[1].at)[0];
      if (!due) break;
      pending.delete(due[0]);
      now = due[1].at;
      due[1].fn();
      afterEach();
    }
    now = until;
  };
  return { timers, tick };
}

export const item = (mediaId: number, duration = 2): ManifestItem => ({
  mediaId,
  url: `/api/tv/media/${mediaId}`,
  mimeType: 'image/png',
  size: 1,
  sha256: String(mediaId).padStart(64, '0'),
  duration,
});

/**
 * An engine driven as the component drives it. With `autoPaint` (the default) an item put on screen
 * paints its first frame at once, as an image does within a frame; without it the test calls `paint`.
 */
export function setup(
  items: ManifestItem[],
  origin?: { playlistId: number; campaignId: number | null },
  autoPaint = true,
) {
  let view: WindowView | null = null;
  const paint = () => {
    if (view?.painting && view.active !== null) engine.painted(view.active, view.layers[view.active]!.loadId);
  };
  const clock = fakeTimers(() => autoPaint && paint());
  const played: EndedPlay[] = [];
  const engine = new WindowEngine(
    (v) => (view = v),
    clock.timers,
    (play) => played.push(play),
  );
  engine.setItems(items, origin);
  const current = () => (view!.active === null ? null : view!.layers[view!.active]!.item.mediaId);
  const loading = () => view!.layers.find((l, i) => l && i !== view!.active && l.status === 'loading') ?? null;
  /** Reports the hidden layer as loaded (or failed). */
  const finishLoading = (ok = true) => {
    const index = view!.layers.findIndex((l, i) => l && i !== view!.active && l.status === 'loading') as 0 | 1;
    const slot = view!.layers[index]!;
    if (ok) engine.ready(index, slot.loadId);
    else engine.failed(index, slot.loadId);
    if (autoPaint) paint();
  };
  /** The records so far, short: [mediaId, playlistId, campaignId, startedAt, durationMs, completed]. */
  const records = () =>
    played.map((p) => [
      p.item.mediaId,
      p.origin?.playlistId ?? null,
      p.origin?.campaignId ?? null,
      p.startedAt,
      p.durationMs,
      p.completed,
    ]);
  return { engine, clock, view: () => view!, current, loading, finishLoading, records, paint };
}
