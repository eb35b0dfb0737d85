import { campaignSchema, type Campaign, type CampaignInput } from '@contract/campaigns';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@web/lib/api-client';
import { CAMPAIGNS_QUERY_KEY } from '@web/lib/query-keys';
import { afterCampaignChange } from './invalidate';

export async function createCampaign(input: CampaignInput): Promise<Campaign> {
  return campaignSchema.parse(await apiJson<unknown>('POST', CAMPAIGNS_QUERY_KEY[0], input));
}

export function useCreateCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCampaign,
    onSuccess: (campaign) => afterCampaignChange(queryClient, campaign),
  });
}
