import { deviceSchema, type Device, type DeviceInput } from '@contract/devices';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@web/lib/api-client';
import { refreshDevices } from './invalidate';
import { DEVICES_QUERY_KEY, STATS_QUERY_KEY } from '@web/lib/query-keys';

export async function createDevice(input: DeviceInput): Promise<Device> {
  return deviceSchema.parse(await apiJson<unknown>('POST', DEVICES_QUERY_KEY[0], input));
}

/** A 409 (`AUTH_CODE_DUPLICATE`) is left to the form: it puts a new code in and says so. */
export function useCreateDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDevice,
    onSuccess: (device) => {
      void queryClient.invalidateQueries({ queryKey: STATS_QUERY_KEY });
      return refreshDevices(queryClient, device);
    },
  });
}
