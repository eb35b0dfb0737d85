import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { DEVICES_QUERY_KEY, STATS_QUERY_KEY, deviceQueryKey } from '@web/lib/query-keys';

export async function deleteDevice(id: number): Promise<void> {
  await apiRequest('DELETE', deviceQueryKey(id)[0]);
}

/** docs/api.md#calls: success refreshes the devices and the stats. */
export function useDeleteDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDevice,
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: deviceQueryKey(id), exact: true });
      void queryClient.invalidateQueries({ queryKey: STATS_QUERY_KEY });
      return queryClient.invalidateQueries({ queryKey: DEVICES_QUERY_KEY, exact: true });
    },
  });
}
