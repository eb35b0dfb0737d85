import { DEVICE_LIST_CACHE_MS } from '@contract/constants';
import { deviceListSchema, type Device } from '@contract/devices';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from '@web/lib/api-client';
import { DEVICES_QUERY_KEY } from '@web/lib/query-keys';

/**
 * The device list: the devices page, the dashboard and the sidebar badge share this one query
 * (`DEVICES_QUERY_KEY`). The realtime channel patches its entries in place by id, and each device's
 * own query lives under `deviceQueryKey(id)` (`['/api/devices/{id}']`).
 */
export async function getDevices(signal?: AbortSignal): Promise<Device[]> {
  return deviceListSchema.parse(await apiJson<unknown>('GET', DEVICES_QUERY_KEY[0], undefined, signal));
}

/** docs/api.md#calls and docs/product.md#constants: the one query that is not "never stale": the list is cached 30 s. */
export const devicesQueryOptions = () =>
  queryOptions({
    queryKey: DEVICES_QUERY_KEY,
    queryFn: ({ signal }) => getDevices(signal),
    staleTime: DEVICE_LIST_CACHE_MS,
  });

export function useDevices() {
  return useQuery(devicesQueryOptions());
}

const countDevices = (devices: Device[]) => devices.length;

/** The number of devices for the sidebar badge; null while loading or when the request fails. */
export function useDeviceCount(): number | null {
  const query = useQuery({ ...devicesQueryOptions(), select: countDevices });
  return query.isSuccess ? query.data : null;
}
