import { HOUR_MS } from './ad-pacing';
import { campaignHolds, campaignPlaysInZone, type SchedulableCampaign } from './schedule';

/**
 * Where ads go in a zone's loop (docs/ads.md#placement): after each regular item the player asks
 * `nextAdSlot` whether an ad plays now and which creative. Pure and clock-free, so the player
 * decides offline too, by the same schedule functions as campaigns.
 */

/** What the placement reads of a manifest ad. */
export interface PlaceableAd extends SchedulableCampaign {
  capPerHour: number;
  allowance: number;
  playlist: { items: readonly unknown[] };
}

export interface AdSlotInput {
  ads: readonly PlaceableAd[];
  /** The screen's zone keys and the zone asking (`campaignPlaysInZone`). */
  zoneKeys: readonly string[];
  zoneIndex: number;
  at: Date;
  timeZone: string;
  /** Plays of each ad on this screen since the hour of `at` began, by campaign id. */
  playsThisHour: ReadonlyMap<number, number>;
  /** The creative each ad played last on this screen (an index of its playlist's items), by campaign id. */
  lastCreative: ReadonlyMap<number, number>;
}

export interface AdSlot {
  campaignId: number;
  /** The creative: an index of the ad's playlist items. */
  itemIndex: number;
}

/**
 * The ad to play now in this zone, or null (docs/ads.md#placement). An ad may play when its
 * schedule holds, it plays in this zone, it has creatives, it played fewer times this hour than its
 * allowance (never above its cap) and its next play is due: the hour's plays are spread evenly,
 * the k-th (from 0) not before k/limit of the hour. Among those, the one furthest behind its limit
 * (played/limit lowest), then the lowest id. Its creatives take turns.
 */
export function nextAdSlot(input: AdSlotInput): AdSlot | null {
  const hourStart = Math.floor(input.at.getTime() / HOUR_MS) * HOUR_MS;
  const elapsed = input.at.getTime() - hourStart;
  let best: { ad: PlaceableAd; share: number } | null = null;
  for (const ad of input.ads) {
    const limit = Math.min(ad.allowance, ad.capPerHour);
    const played = input.playsThisHour.get(ad.id) ?? 0;
    if (limit <= 0 || played >= limit || ad.playlist.items.length === 0) continue;
    if (elapsed < (played * HOUR_MS) / limit) continue;
    if (!campaignPlaysInZone(ad, input.zoneKeys, input.zoneIndex)) continue;
    if (!campaignHolds(ad, input.at, input.timeZone)) continue;
    const share = played / limit;
    if (!best || share < best.share || (share === best.share && ad.id < best.ad.id)) best = { ad, share };
  }
  if (!best) return null;
  const last = input.lastCreative.get(best.ad.id);
  const itemIndex = last === undefined ? 0 : (last + 1) % best.ad.playlist.items.length;
  return { campaignId: best.ad.id, itemIndex };
}
