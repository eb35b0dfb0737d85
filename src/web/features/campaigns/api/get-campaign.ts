import { campaignSchema, type Campaign } from '@contract/campaigns';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from '@web/lib/api-client';
import { campaignQueryKey } from '@web/lib/query-keys';

export async function getCampaign(id: number, signal?: AbortSignal): Promise<Campaign> {
  return campaignSchema.parse(await apiJson<unknown>('GET', campaignQueryKey(id)[0], undefined, signal));
}

export const campaignQueryOptions = (id: number) =>
  queryOptions({ queryKey: campaignQueryKey(id), queryFn: ({ signal }) => getCampaign(id, signal) });

/** Runs only for a valid id; anything else is "not found" without a request. */
export function useCampaign(id: number | null) {
  return useQuery({ ...campaignQueryOptions(id ?? 0), enabled: id !== null && Number.isInteger(id) && id > 0 });
}
