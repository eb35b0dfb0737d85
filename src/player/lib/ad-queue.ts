import { itemKey, type AdPick, type AdSource } from './window-types';

/**
 * The ad a window plays after its own item on screen (docs/ads.md#placement), for the window
 * engine: asked of the screen's placement when one of the window's items comes on screen (so its
 * creative loads beneath it, as any next item), kept until it shows (`take`), and given back to the
 * placement if it will not (`drop`: another playlist, the window closing, its file failing).
 */
export class AdQueue {
  private source: AdSource | null = null;
  private pick: AdPick | null = null;
  /** The pick on its way on screen (until the window's next item): given back if it fails there. */
  private shown: AdPick | null = null;
  private key = '';
  /** When the item the pick follows ends (the engine's clock); null while none waits for one. */
  private endsAt: number | null = null;

  /** The creative waiting to follow the item on screen, and its file's key. */
  get next(): { pick: AdPick; key: string } | null {
    return this.pick ? { pick: this.pick, key: this.key } : null;
  }

  /** One of the window's own items came on screen, ending at `endsAt`: an ad follows it, or none. */
  plan(endsAt: number, playable: (key: string) => boolean) {
    this.drop();
    this.shown = null;
    this.endsAt = endsAt;
    const pick = this.source?.next(endsAt) ?? null;
    if (!pick) return;
    // A file that failed a moment ago is not tried again yet: no ad this time.
    if (!playable(itemKey(pick.item))) return this.source!.release(pick);
    this.pick = pick;
    this.key = itemKey(pick.item);
  }

  /** The pick came on screen: its play stays counted. */
  take() {
    this.shown = this.pick;
    this.pick = null;
    this.endsAt = null;
  }

  /** The pick will not play: its count is given back. */
  drop() {
    if (this.pick) this.source?.release(this.pick);
    this.pick = null;
  }

  /** The pick taken last failed on its way on screen (the item before it stays): its count is given back. */
  untake() {
    if (this.shown) this.source?.release(this.shown);
    this.shown = null;
  }

  /** Nothing on screen to follow (another playlist, the window closing). */
  reset() {
    this.drop();
    this.endsAt = null;
  }

  /**
   * The screen's ads changed (or the window's zone): the waiting pick is given back and the new
   * source asked again for the same moment. Whether the waiting pick may have changed.
   */
  setSource(source: AdSource | null, playable: (key: string) => boolean): boolean {
    if (source === this.source) return false;
    this.drop();
    this.source = source;
    if (this.endsAt !== null) this.plan(this.endsAt, playable);
    return true;
  }
}
