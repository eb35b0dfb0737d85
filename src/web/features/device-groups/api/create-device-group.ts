import { deviceGroupSchema, type DeviceGroup, type DeviceGroupInput } from '@contract/devices';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@web/lib/api-client';
import { DEVICE_GROUPS_QUERY_KEY } from '@web/lib/query-keys';

export async function createDeviceGroup(input: DeviceGroupInput): Promise<DeviceGroup> {
  return deviceGroupSchema.parse(await apiJson<unknown>('POST', DEVICE_GROUPS_QUERY_KEY[0], input));
}

export function useCreateDeviceGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDeviceGroup,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: DEVICE_GROUPS_QUERY_KEY }),
  });
}
