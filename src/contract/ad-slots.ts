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

/** The start of the hour `at` falls in (ms): the hour whose plays `playsThisHour` counts. */
export const adHourStart = (at: Date) => Math.floor(at.getTime() / HOUR_MS) * HOUR_MS;

/**
 * The part of the hour beginning at `hourStart` in which the ad can play: from the hour's start or
 * the ad's start date, whichever is later, to the hour's end or its end date, whichever is earlier.
 * An ad whose flight starts at minute 40 spreads its plays over the last 20 minutes instead of
 * owing at once every play due since minute 0.
 */
function playablePart(ad: PlaceableAd, hourStart: number): { from: number; span: number } {
  const start = ad.startDate === null ? NaN : Date.parse(ad.startDate);
  const end = ad.endDate === null ? NaN : Date.parse(ad.endDate);
  const from = Number.isFinite(start) ? Math.max(hourStart, start) : hourStart;
  const to = Number.isFinite(end) ? Math.min(hourStart + HOUR_MS, end) : hourStart + HOUR_MS;
  return { from, span: to - from };
}

/**
 * The ad to play now in this zone, or null (docs/ads.md#placement). An ad may play when its
 * schedule holds, it plays in this zone, it has creatives, it played fewer times this hour than its
 * allowance (never above its cap) and its next play is due: the hour's plays are spread evenly over
 * the part of the hour it can play (`playablePart`), the k-th (from 0) not before its start plus
 * k/limit of its length. Among those, the one furthest behind its limit (played/limit lowest), then
 * the lowest id. Its creatives take turns.
 */
export function nextAdSlot(input: AdSlotInput): AdSlot | null {
  const hourStart = adHourStart(input.at);
  const now = input.at.getTime();
  let best: { ad: PlaceableAd; share: number } | null = null;
  for (const ad of input.ads) {
    const limit = Math.min(ad.allowance, ad.capPerHour);
    const played = input.playsThisHour.get(ad.id) ?? 0;
    if (limit <= 0 || played >= limit || ad.playlist.items.length === 0) continue;
    const { from, span } = playablePart(ad, hourStart);
    if (now < from + (played * span) / limit) continue;
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
