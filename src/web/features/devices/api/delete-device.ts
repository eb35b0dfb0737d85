import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { deviceQueryKey } from './get-device';
import { DEVICES_QUERY_KEY } from './get-devices';
import { STATS_QUERY_KEY } from './invalidate';

export async function deleteDevice(id: number): Promise<void> {
  await apiRequest('DELETE', deviceQueryKey(id)[0]);
}

/** SPEC §7: success refreshes the devices and the stats. */
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
