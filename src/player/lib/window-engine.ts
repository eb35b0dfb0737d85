import type { ManifestItem } from '@contract/tv';
import { AdQueue } from './ad-queue';
import { itemDurationMs, nextIndex } from './schedule';
import {
  holds,
  itemKey,
  type AdPick,
  type AdSource,
  PlayRecorder,
  realTimers,
  type EndedPlay,
  type LayerSlot,
  type Next,
  type PlayOrigin,
  type Timers,
  type WindowView,
} from './window-types';

export {
  itemKey,
  type AdPick,
  type AdSource,
  type EndedPlay,
  type LayerSlot,
  type PlayOrigin,
  type Timers,
  type WindowView,
};

/** How long a file that failed to load is passed over before the player tries it again. */
export const FAILED_RETRY_MS = 30_000;
/**
 * How long an item just put on screen may take to report its first painted frame before it is
 * taken as painted anyway (a runtime without `requestVideoFrameCallback`, a page hidden): the item
 * it replaces stays beneath it until then (docs/layouts.md#the-player).
 */
export const PAINT_TIMEOUT_MS = 1_500;

/**
 * One window's playback, without the DOM: which item is on screen, which one loads beneath it, and
 * when to swap. An item stays for its duration; the swap happens only once the next item is ready
 * (decoded image, video with its first frame), and in two steps, so the screen never goes blank
 * (docs/layouts.md#the-player): the incoming item is put on top, the outgoing one stays drawn
 * beneath it until the incoming one has painted its first frame (`painted`), and only then does the
 * outgoing one leave (the turns and the plays keep the items' own times). An item that cannot load
 * is passed over (and retried later), also when it fails on its way on screen (the outgoing one
 * stays); a playlist edit takes effect after the current item, or at once if the current item left
 * the list; another playlist (`startOver`) starts at its first item. After each of its own items an
 * ad's creative may follow (`setAdSource`, docs/ads.md#placement), loaded beneath it as any next
 * item; the loop then goes on after that item: ads never replace the window's items. One state
 * machine whose transitions are read together, hence past 300 lines (the ads' bookkeeping is in
 * ad-queue.ts, the shapes and the play recorder in window-types.ts).
 */
export class WindowEngine {
  private items: ManifestItem[] = [];
  private keys: string[] = [];
  private signature = '';
  private layers: [LayerSlot | null, LayerSlot | null] = [null, null];
  private active: 0 | 1 | null = null;
  private leaving: 0 | 1 | null = null;
  private painting = false;
  private paintTimer: unknown;
  private shownCount = 0;
  private due = false;
  private failedUntil = new Map<string, number>();
  private timer: unknown;
  private retryTimer: unknown;
  private seq = 0;
  private disposed = false;
  private origin: PlayOrigin | null = null;
  private readonly plays: PlayRecorder;
  private readonly ads = new AdQueue();
  /** The window's own item shown last: the loop goes on after it once an ad's creative is over. */
  private resume: LayerSlot | null = null;

  constructor(
    private readonly onChange: (view: WindowView) => void,
    private readonly timers: Timers = realTimers,
    onPlayed?: (play: EndedPlay) => void,
  ) {
    this.plays = new PlayRecorder(timers, onPlayed);
  }

  view(): WindowView {
    return {
      layers: [...this.layers],
      active: this.active,
      leaving: this.leaving,
      painting: this.painting,
      shownCount: this.shownCount,
      unavailable: this.items.length > 0 && this.active === null && this.target() === null,
    };
  }

  private emit() {
    if (!this.disposed) this.onChange(this.view());
  }

  private get current(): LayerSlot | null {
    return this.active === null ? null : this.layers[this.active];
  }

  private playableKey = (key: string) => (this.failedUntil.get(key) ?? 0) <= this.timers.now();
  private playable = (index: number) => this.playableKey(this.keys[index]!);

  /**
   * What should come next: the ad picked to follow the item on screen; else the item after the
   * current one (after the last of the window's own when an ad is on screen), or the first if that
   * one left the list.
   */
  private target(): Next | null {
    const count = this.items.length;
    if (count === 0) return null;
    const current = this.current;
    const ad = this.ads.next;
    if (current && !current.ad && ad && this.playableKey(ad.key))
      return { item: ad.pick.item, index: -1, key: ad.key, ad: ad.pick.origin };
    const own = current?.ad ? this.resume : current;
    const from = own && this.keys[own.index] === own.key ? own.index : -1;
    const index = nextIndex(count, from, this.playable);
    return index === null ? null : { item: this.items[index]!, index, key: this.keys[index]! };
  }

  /** The screen's ads for this window's zone (null: none, as under an emergency): docs/ads.md#placement. */
  setAdSource(source: AdSource | null) {
    if (!this.ads.setSource(source, this.playableKey)) return;
    this.preload();
    this.emit();
  }

  setItems(items: ManifestItem[], origin?: PlayOrigin) {
    // A new origin (another campaign with the same playlist) counts from the next item shown.
    if (origin) this.origin = origin;
    if (!this.load(items)) {
      if (this.refresh(items)) this.emit();
      return;
    }
    // The window's own item on screen, or the one an ad on screen follows (that ad is not cut).
    const current = this.current;
    const own = current?.ad ? this.resume : current;
    if (own && this.keys[own.index] !== own.key) {
      const moved = this.keys.indexOf(own.key);
      if (moved !== -1) own.index = moved;
      else if (own === current) this.due = true; // removed from the playlist: replace it as soon as possible
    }
    this.preload();
    this.advance();
    this.emit();
  }

  /**
   * Another playlist takes the window (a campaign starts or ends): it starts at its first item,
   * which replaces the one on screen as soon as it is ready (no blank between the two).
   */
  startOver(items: ManifestItem[], origin?: PlayOrigin) {
    if (origin) this.origin = origin;
    this.load(items);
    this.ads.reset();
    this.resume = null;
    const current = this.current;
    if (current) {
      // The item on screen belongs to the old list even if the new one holds the same file.
      current.index = -1;
      this.due = true;
    }
    this.preload();
    this.advance();
    this.emit();
  }

  private load(items: ManifestItem[]): boolean {
    const signature = items.map((i) => `${itemKey(i)}@${i.duration}`).join('|');
    if (signature === this.signature) return false;
    this.signature = signature;
    this.items = items;
    this.keys = items.map(itemKey);
    return true;
  }

  /**
   * Same files, same order: a feed's newer items with its hash unchanged (docs/content.md#the-player)
   * reach the layers that hold it, which apply them without reloading. Any other item stays as the
   * layer holds it: a rebuilt manifest signs every address anew each day, and a new `src` would
   * reload a playing video.
   */
  private refresh(items: ManifestItem[]): boolean {
    this.items = items;
    let changed = false;
    for (const slot of this.layers) {
      const item = slot ? items[slot.index] : undefined;
      if (slot && item?.content?.kind === 'feed' && item !== slot.item && itemKey(item) === slot.key) {
        slot.item = item;
        changed = true;
      }
    }
    return changed;
  }

  /** The layer finished loading (image decoded, video's first frame available). */
  ready(layer: 0 | 1, loadId: number) {
    const slot = this.layers[layer];
    if (!slot || slot.loadId !== loadId || slot.status === 'ready') return;
    slot.status = 'ready';
    if (this.active === null) this.show(layer);
    else this.advance();
    this.emit();
  }

  /**
   * The active layer has painted its first frame (a video's first presented frame, a decoded image
   * drawn): the outgoing item leaves, and the incoming one's time on screen starts.
   */
  painted(layer: 0 | 1, loadId: number) {
    const slot = this.layers[layer];
    if (!this.painting || layer !== this.active || !slot || slot.loadId !== loadId) return;
    this.finishPaint();
    this.emit();
  }

  private finishPaint() {
    this.timers.clearTimeout(this.paintTimer);
    this.painting = false;
    // The outgoing layer is free again: the preload reuses it (with two items it already holds the next).
    this.leaving = null;
    this.preload();
    this.advance();
  }

  /** The layer's media could not load or play: pass over it for a while. */
  failed(layer: 0 | 1, loadId: number) {
    const slot = this.layers[layer];
    if (!slot || slot.loadId !== loadId) return;
    this.failedUntil.set(slot.key, this.timers.now() + FAILED_RETRY_MS);
    this.scheduleRetry();
    if (layer === this.active && this.painting) {
      // It failed on its way on screen: the outgoing item, still drawn beneath, stays and is
      // replaced by the next playable one (or the window waits for one, as at the start).
      this.timers.clearTimeout(this.paintTimer);
      this.timers.clearTimeout(this.timer);
      this.painting = false;
      this.layers[layer] = null;
      this.active = this.leaving;
      this.leaving = null;
      this.due = this.active !== null;
      if (slot.ad) this.ads.untake();
      // Its play ends (cut short); the outgoing item, back in sight, counts again from now.
      if (this.current) this.plays.begin(this.current.item, this.current.ad ?? this.origin);
      else this.plays.end();
    } else if (layer === this.active) {
      // It was on screen (a video that broke mid-play): move on now.
      this.due = true;
    } else {
      // Loading beneath, or the outgoing item beneath an incoming one: either way it is not needed
      // (an ad's creative loading beneath gives its play back).
      if (slot.ad && layer !== this.leaving) this.ads.drop();
      this.layers[layer] = null;
      if (layer === this.leaving) this.leaving = null;
    }
    this.preload();
    this.advance();
    this.emit();
  }

  dispose() {
    this.ads.reset();
    this.plays.stop();
    this.disposed = true;
    this.timers.clearTimeout(this.timer);
    this.timers.clearTimeout(this.paintTimer);
    this.timers.clearTimeout(this.retryTimer);
  }

  /** Loads the next item into the hidden layer, unless it is already there. */
  private preload() {
    // The other layer still shows the outgoing item: it is not free until the swap has painted.
    if (this.leaving !== null) return;
    const target = this.target();
    if (target === null) return;
    const current = this.current;
    if (current && holds(current, target)) return; // one item: it repeats
    const layer: 0 | 1 =
      this.active === null ? (this.layers[0] ? 0 : this.layers[1] ? 1 : 0) : this.active === 0 ? 1 : 0;
    const slot = this.layers[layer];
    if (slot && holds(slot, target)) return;
    const { item, index, key, ad } = target;
    this.layers[layer] = { item, index, key, loadId: ++this.seq, status: 'loading', ...(ad ? { ad } : {}) };
  }

  /** If the current item's time is up, swap to the next one when it is ready. */
  private advance() {
    if (!this.due || this.active === null || this.painting) return;
    const target = this.target();
    const current = this.current!;
    if (target === null) {
      // Nothing else can play: keep what is on screen if it is still valid, else show nothing.
      if (!current.ad && this.keys[current.index] === current.key && this.playable(current.index)) this.restart();
      else this.clear();
      return;
    }
    if (holds(current, target)) {
      this.restart();
      return;
    }
    const other = this.active === 0 ? 1 : 0;
    const next = this.layers[other];
    if (next && holds(next, target) && next.status === 'ready') this.show(other);
    // Otherwise the next item is still loading: the current one stays until it is ready.
  }

  /**
   * Puts `layer` on top: its play and duration start now (the turn comes on time), while the item
   * it replaces stays drawn beneath until `painted` (or PAINT_TIMEOUT_MS).
   */
  private show(layer: 0 | 1) {
    this.leaving = this.active;
    this.active = layer;
    this.painting = true;
    this.shownCount++;
    this.due = false;
    const slot = this.layers[layer]!;
    this.begin(slot);
    this.timers.clearTimeout(this.paintTimer);
    this.paintTimer = this.timers.setTimeout(() => this.painted(layer, slot.loadId), PAINT_TIMEOUT_MS);
  }

  private restart() {
    this.shownCount++;
    this.due = false;
    this.begin(this.current!);
    // An ad may follow it now: its creative loads beneath.
    this.preload();
  }

  /** `slot` is on screen from now: its play and its time start; after one of the window's items, an ad may follow. */
  private begin(slot: LayerSlot) {
    this.plays.begin(slot.item, slot.ad ?? this.origin);
    this.startTimer(slot.item);
    if (slot.ad) {
      this.ads.take();
      return;
    }
    this.resume = slot;
    this.ads.plan(this.timers.now() + itemDurationMs(slot.item), this.playableKey);
  }

  private clear() {
    this.ads.reset();
    this.resume = null;
    this.plays.end();
    this.timers.clearTimeout(this.timer);
    this.timers.clearTimeout(this.paintTimer);
    this.painting = false;
    this.leaving = null;
    this.active = null;
    this.layers = [null, null];
    this.due = false;
  }

  private startTimer(item: ManifestItem) {
    this.timers.clearTimeout(this.timer);
    this.timer = this.timers.setTimeout(() => {
      this.plays.timeUp();
      this.due = true;
      this.preload();
      this.advance();
      this.emit();
    }, itemDurationMs(item));
  }

  /** When a failed item may be tried again, look for something to play. */
  private scheduleRetry() {
    this.timers.clearTimeout(this.retryTimer);
    this.retryTimer = this.timers.setTimeout(() => {
      this.preload();
      this.advance();
      this.emit();
    }, FAILED_RETRY_MS + 10);
  }
}
