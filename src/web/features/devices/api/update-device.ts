import { deviceSchema, type Device, type DeviceInput } from '@contract/devices';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@web/lib/api-client';
import { refreshDevices } from './invalidate';
import { deviceQueryKey } from '@web/lib/query-keys';

export type UpdateDeviceVariables = { id: number; data: DeviceInput };

export async function updateDevice({ id, data }: UpdateDeviceVariables): Promise<Device> {
  return deviceSchema.parse(await apiJson<unknown>('PUT', deviceQueryKey(id)[0], data));
}

/** docs/api.md#calls: refresh the device list and that device. */
export function useUpdateDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateDevice,
    onSuccess: (device) => refreshDevices(queryClient, device),
  });
}
