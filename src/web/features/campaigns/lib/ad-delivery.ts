import type { Campaign } from '@contract/campaigns';
import { campaignState } from '@contract/schedule';

/**
 * How often the campaign list is read again while an ad is on the air: its counted plays arrive
 * with the TVs' play reports, which send no campaign event (docs/ads.md#delivery). A minute is
 * fresh enough for a goal counted in hours, and light on the server.
 */
export const AD_DELIVERY_REFRESH_MS = 60_000;

/** Whether any ad is on the air at `now`, so that its delivery moves without a campaign event. */
export function adOnAir(campaigns: readonly Campaign[] | undefined, now: number, timeZone: string): boolean {
  return (campaigns ?? []).some((c) => c.type === 'ad' && campaignState(c, new Date(now), timeZone) === 'on_air');
}

/** The share of the goal reached, 0..100 (a goal of 0, from a flight with no hour to play, reads 0). */
export function deliveryPercent(delivery: { counted: number; goal: number }): number {
  if (delivery.goal <= 0) return 0;
  return Math.min(100, Math.round((delivery.counted / delivery.goal) * 100));
}
