import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { CAMPAIGNS_QUERY_KEY, campaignQueryKey } from '@web/lib/query-keys';

export async function deleteCampaign(id: number): Promise<void> {
  await apiRequest('DELETE', campaignQueryKey(id)[0]);
}

export function useDeleteCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCampaign,
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: campaignQueryKey(id), exact: true });
      return queryClient.invalidateQueries({ queryKey: CAMPAIGNS_QUERY_KEY, exact: true });
    },
  });
}
