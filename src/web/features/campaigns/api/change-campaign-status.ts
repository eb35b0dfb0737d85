import { campaignSchema, type Campaign, type CampaignStatus } from '@contract/campaigns';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@web/lib/api-client';
import { campaignQueryKey } from '@web/lib/query-keys';
import { afterCampaignChange } from './invalidate';

export type CampaignStatusVariables = { id: number; status: CampaignStatus };

/** `PATCH /api/campaigns/{id}/status`: publish, pause, or back to draft. */
export async function changeCampaignStatus({ id, status }: CampaignStatusVariables): Promise<Campaign> {
  return campaignSchema.parse(await apiJson<unknown>('PATCH', `${campaignQueryKey(id)[0]}/status`, { status }));
}

export function useChangeCampaignStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeCampaignStatus,
    onSuccess: (campaign) => afterCampaignChange(queryClient, campaign),
  });
}
