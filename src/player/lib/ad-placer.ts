import { adHourStart, nextAdSlot } from '@contract/ad-slots';
import type { Manifest, ManifestAd } from '@contract/tv';
import type { AdPlays } from './ad-plays';
import { campaignState } from './campaign';
import { adsOf, timeZoneOf, zoneKeysOf } from './screen-plan';
import type { AdPick, AdSource } from './window-types';

/**
 * The screen's ad placement (docs/ads.md#placement): each window's engine asks, after each of its
 * own items, whether an ad's creative follows (`nextAdSlot` on the manifest's ads, this zone, the
 * server's clock and the screen's plays this hour), and the pick is counted at once in `AdPlays`,
 * shared by every zone. One placer per playback screen; it takes each new manifest and clock offset.
 */
export class AdPlacer {
  private ads: ManifestAd[] = [];
  private zoneKeys: string[] = [];
  private timeZone = '';
  private signature = '';
  private sources = new Map<number, AdSource>();

  constructor(
    private readonly plays: AdPlays,
    manifest: Manifest | null,
    private offsetMs = 0,
  ) {
    if (manifest) this.setManifest(manifest);
  }

  setManifest(manifest: Manifest) {
    this.zoneKeys = zoneKeysOf(manifest);
    this.timeZone = timeZoneOf(manifest);
    const ads = adsOf(manifest);
    const signature = JSON.stringify(ads);
    this.ads = ads;
    if (signature !== this.signature) {
      this.signature = signature;
      // New sources: a window drops the ad it had picked ahead and asks again with the new ads.
      this.sources.clear();
      this.plays.keepOnly(new Set(ads.map((ad) => ad.id)));
    }
  }

  /** The server's clock minus ours (the player's `clockOffset`): ads are placed on the server's clock. */
  setOffset(offsetMs: number) {
    this.offsetMs = offsetMs;
  }

  /** The source of zone `index`'s window; the same object until the manifest's ads change. */
  forZone(index: number): AdSource {
    let source = this.sources.get(index);
    if (!source) {
      source = { next: (at) => this.pick(index, at), release: (pick) => this.release(pick) };
      this.sources.set(index, source);
    }
    return source;
  }

  /** The ad to play in zone `index` once its item ends at `at` (our clock), counted now; or null. */
  pick(index: number, at: number): AdPick | null {
    if (this.ads.length === 0) return null;
    const when = new Date(at + this.offsetMs);
    const hour = adHourStart(when);
    // An ad's playlist outside its own dates plays nothing, as a campaign's (lib/campaign.ts).
    const ads = this.ads.filter((ad) => campaignState(ad.playlist, when).active);
    const slot = nextAdSlot({
      ads,
      zoneKeys: this.zoneKeys,
      zoneIndex: index,
      at: when,
      timeZone: this.timeZone,
      playsThisHour: this.plays.playsIn(hour),
      lastCreative: this.plays.lastCreative(),
    });
    const ad = slot && ads.find((a) => a.id === slot.campaignId);
    const item = slot && ad?.playlist.items[slot.itemIndex];
    if (!slot || !ad || !item) return null;
    this.plays.add(ad.id, slot.itemIndex, hour);
    return { item, origin: { playlistId: ad.playlist.playlistId, campaignId: ad.id }, hour };
  }

  release(pick: AdPick) {
    if (pick.origin.campaignId !== null) this.plays.remove(pick.origin.campaignId, pick.hour);
  }
}
