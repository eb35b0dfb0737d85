import { deviceGroupSchema, type DeviceGroup, type DeviceGroupInput } from '@contract/devices';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@web/lib/api-client';
import { DEVICE_GROUPS_QUERY_KEY } from '@web/lib/query-keys';

export type UpdateDeviceGroupVariables = { id: number; data: DeviceGroupInput };

/** docs/api.md#calls: `PATCH /api/device-groups/{id}` with the id and the updates in the body. */
export async function updateDeviceGroup({ id, data }: UpdateDeviceGroupVariables): Promise<DeviceGroup> {
  return deviceGroupSchema.parse(
    await apiJson<unknown>('PATCH', `${DEVICE_GROUPS_QUERY_KEY[0]}/${id}`, { id, ...data }),
  );
}

export function useUpdateDeviceGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateDeviceGroup,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: DEVICE_GROUPS_QUERY_KEY }),
  });
}
