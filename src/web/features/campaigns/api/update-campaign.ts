import { campaignSchema, type Campaign, type CampaignInput } from '@contract/campaigns';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@web/lib/api-client';
import { campaignQueryKey } from '@web/lib/query-keys';
import { afterCampaignChange } from './invalidate';

export type UpdateCampaignVariables = { id: number; data: CampaignInput };

export async function updateCampaign({ id, data }: UpdateCampaignVariables): Promise<Campaign> {
  return campaignSchema.parse(await apiJson<unknown>('PUT', campaignQueryKey(id)[0], data));
}

export function useUpdateCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCampaign,
    onSuccess: (campaign) => afterCampaignChange(queryClient, campaign),
  });
}
