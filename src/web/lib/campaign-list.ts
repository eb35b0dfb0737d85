import { campaignListSchema, type Campaign } from '@contract/campaigns';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from '@web/lib/api-client';
import { CAMPAIGNS_QUERY_KEY } from '@web/lib/query-keys';

/**
 * `GET /api/campaigns`: here, not in a feature, because the device cards and the dashboard read it
 * too (what is on air now), and features do not import each other.
 */
export async function getCampaignList(signal?: AbortSignal): Promise<Campaign[]> {
  return campaignListSchema.parse(await apiJson<unknown>('GET', CAMPAIGNS_QUERY_KEY[0], undefined, signal));
}

export const campaignListQueryOptions = () =>
  queryOptions({ queryKey: CAMPAIGNS_QUERY_KEY, queryFn: ({ signal }) => getCampaignList(signal) });

export function useCampaignList() {
  return useQuery(campaignListQueryOptions());
}
