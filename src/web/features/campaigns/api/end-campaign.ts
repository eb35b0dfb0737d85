import { campaignSchema, type Campaign } from '@contract/campaigns';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@web/lib/api-client';
import { campaignQueryKey } from '@web/lib/query-keys';
import { afterCampaignChange } from './invalidate';

/** `POST /api/campaigns/{id}/end`: off the air now (its end date becomes now); the row stays. */
export async function endCampaign(id: number): Promise<Campaign> {
  return campaignSchema.parse(await apiJson<unknown>('POST', `${campaignQueryKey(id)[0]}/end`));
}

export function useEndCampaign() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: endCampaign, onSuccess: (campaign) => afterCampaignChange(queryClient, campaign) });
}
