import type { ManifestItem } from '@contract/tv';

/** The shapes of a window's playback (lib/window-engine.ts): what the engine tells the component and the play log. */

export interface LayerSlot {
  item: ManifestItem;
  /** Position of the item in the window's list; -1 for an ad's creative. */
  index: number;
  key: string;
  /** Changes on every load, so late events of an earlier load are ignored. */
  loadId: number;
  status: 'loading' | 'ready';
  /** An ad's creative placed in the loop (docs/ads.md#placement): the ad and its playlist, its plays' origin. */
  ad?: PlayOrigin;
}

export interface WindowView {
  /** Two stacked layers: the one on screen and the next item loading beneath it. */
  layers: [LayerSlot | null, LayerSlot | null];
  /** The layer on screen (on top), or null while nothing could be shown yet. */
  active: 0 | 1 | null;
  /**
   * The layer of the item going off screen: still drawn beneath the active one until the active
   * one has painted its first frame, so no frame of the background shows between two items.
   */
  leaving: 0 | 1 | null;
  /** The active layer has not painted its first frame yet (the component reports it with `painted`). */
  painting: boolean;
  /** Items shown so far (each start, repeats included): tests and diagnostics read it. */
  shownCount: number;
  /** Nothing in the list can be played right now (all failed). */
  unavailable: boolean;
}

export const itemKey = (item: ManifestItem) => `${item.mediaId}:${item.sha256}`;

/** What comes next in a window: one of its items (its position), or an ad's creative (`index` -1, `ad` its origin). */
export type Next = Pick<LayerSlot, 'item' | 'index' | 'key' | 'ad'>;
/** The slot holds that item: same file, same place (an ad's creative is never one of the list's items). */
export const holds = (slot: LayerSlot, next: Next) =>
  slot.key === next.key && slot.index === next.index && slot.ad?.campaignId === next.ad?.campaignId;

/** Where the window's items come from: kept with each item shown, for its proof-of-play record. */
export interface PlayOrigin {
  playlistId: number;
  /** null: the playlist assigned to the window. */
  campaignId: number | null;
}

/** An ad's creative to play after the item on screen (docs/ads.md#placement). */
export interface AdPick {
  item: ManifestItem;
  /** The ad (`campaignId`) and its playlist: what its play records carry. */
  origin: PlayOrigin;
  /** The hour whose count the pick took (its start, ms): given back there if it does not play. */
  hour: number;
}

/** Where a window's ads come from: the screen's placement, for the window's zone. */
export interface AdSource {
  /** The ad to play after the item on screen, which ends at `at` (the engine's clock), its play counted; or null. */
  next(at: number): AdPick | null;
  /** A pick that will not play after all (the window changed playlist or closed, its file failed). */
  release(pick: AdPick): void;
}

/** One item's time on screen, reported when it leaves the screen (proof of play). */
export interface EndedPlay {
  item: ManifestItem;
  origin: PlayOrigin | null;
  /** On the engine's clock (`Timers.now`). */
  startedAt: number;
  durationMs: number;
  /** It stayed its whole duration (false: cut short by a switch, an error, or the window closing). */
  completed: boolean;
}

export interface Timers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  now(): number;
}
export const realTimers: Timers = {
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  now: () => Date.now(),
};

/** The proof of play of one window: the item on screen since when, from where, reported when it leaves. */
export class PlayRecorder {
  private play: { item: ManifestItem; origin: PlayOrigin | null; startedAt: number; timeUp: boolean } | null = null;
  private stopped = false;

  constructor(
    private readonly timers: Timers,
    private readonly onPlayed?: (play: EndedPlay) => void,
  ) {}

  /** `item` comes on screen (the one before it leaves). */
  begin(item: ManifestItem, origin: PlayOrigin | null) {
    this.end();
    if (!this.stopped) this.play = { item, origin, startedAt: this.timers.now(), timeUp: false };
  }

  /** Its duration has run out: it will count as completed. */
  timeUp() {
    if (this.play) this.play.timeUp = true;
  }

  /** The item on screen leaves it: its record goes out. */
  end() {
    const play = this.play;
    this.play = null;
    if (!play || this.stopped) return;
    const { item, origin, startedAt, timeUp } = play;
    this.onPlayed?.({
      item,
      origin,
      startedAt,
      durationMs: Math.max(0, this.timers.now() - startedAt),
      completed: timeUp,
    });
  }

  /** The window closes: the item on screen is recorded, nothing after. */
  stop() {
    this.end();
    this.stopped = true;
  }
}
