import { deviceSchema, type Device } from '@contract/devices';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@web/lib/api-client';
import { refreshDevices } from './invalidate';
import { deviceQueryKey } from '@web/lib/query-keys';

/** `POST /api/devices/{id}/disconnect` (no body): the TV goes offline and must pair again. */
export async function disconnectDevice(id: number): Promise<Device> {
  return deviceSchema.parse(await apiJson<unknown>('POST', `${deviceQueryKey(id)[0]}/disconnect`));
}

export function useDisconnectDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disconnectDevice,
    onSuccess: (device) => refreshDevices(queryClient, device),
  });
}
