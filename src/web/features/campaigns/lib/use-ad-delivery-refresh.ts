import { useQuery } from '@tanstack/react-query';
import { campaignListQueryOptions } from '@web/lib/campaign-list';
import { AD_DELIVERY_REFRESH_MS } from './ad-delivery';

/**
 * Reads the campaign list again every `AD_DELIVERY_REFRESH_MS` while `onAir` (an ad is on the air):
 * its counted plays move with no campaign event (docs/ads.md#delivery); a change of the campaign
 * itself comes sooner, by the admin socket. A second observer of the list's query, which renders
 * nothing itself; TanStack Query pauses its interval while the tab is hidden.
 */
export function useAdDeliveryRefresh(onAir: boolean): void {
  useQuery({
    ...campaignListQueryOptions(),
    enabled: onAir,
    refetchInterval: onAir ? AD_DELIVERY_REFRESH_MS : false,
    notifyOnChangeProps: [],
  });
}
