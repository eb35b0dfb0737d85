import type { Campaign } from '@contract/campaigns';
import type { QueryClient } from '@tanstack/react-query';
import { CAMPAIGNS_QUERY_KEY, campaignQueryKey } from '@web/lib/query-keys';

/** After any campaign change: its own entry takes the answer, and the list is fetched again. */
export function afterCampaignChange(queryClient: QueryClient, campaign?: Campaign) {
  if (campaign) queryClient.setQueryData(campaignQueryKey(campaign.id), campaign);
  return queryClient.invalidateQueries({ queryKey: CAMPAIGNS_QUERY_KEY, exact: true });
}
