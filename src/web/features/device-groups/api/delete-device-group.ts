import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { DEVICE_GROUPS_QUERY_KEY } from '@web/lib/query-keys';
import { markDevicesStale } from '@web/lib/stale-devices';

export async function deleteDeviceGroup(id: number): Promise<void> {
  await apiRequest('DELETE', `${DEVICE_GROUPS_QUERY_KEY[0]}/${id}`);
}

/**
 * The group's devices stay, with no group: besides the group list, every cached device (the list
 * and each `['/api/devices/{id}']`) is marked stale so it is read again when next shown.
 */
export function useDeleteDeviceGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDeviceGroup,
    onSuccess: () => {
      void markDevicesStale(queryClient);
      return queryClient.invalidateQueries({ queryKey: DEVICE_GROUPS_QUERY_KEY });
    },
  });
}
