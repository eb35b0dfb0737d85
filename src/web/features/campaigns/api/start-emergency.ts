import { campaignSchema, type Campaign, type EmergencyInput } from '@contract/campaigns';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@web/lib/api-client';
import { CAMPAIGNS_QUERY_KEY } from '@web/lib/query-keys';
import { afterCampaignChange } from './invalidate';

/** `POST /api/campaigns/emergency`: a published emergency campaign from now, with no end. */
export async function startEmergency(input: EmergencyInput): Promise<Campaign> {
  return campaignSchema.parse(await apiJson<unknown>('POST', `${CAMPAIGNS_QUERY_KEY[0]}/emergency`, input));
}

export function useStartEmergency() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startEmergency,
    onSuccess: (campaign) => afterCampaignChange(queryClient, campaign),
  });
}
