import { DEVICE_LIST_CACHE_MS } from '@contract/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from '@web/lib/api-client';

export const DEVICES_QUERY_KEY = ['/api/devices'] as const;

/**
 * The device list. Its item shape is not in the contract yet (the devices API is being built), so
 * only the list itself is typed here; the sidebar needs nothing but its length.
 */
export function getDevices(signal?: AbortSignal): Promise<unknown[]> {
  return apiJson<unknown[]>('GET', DEVICES_QUERY_KEY[0], undefined, signal);
}

export const devicesQueryOptions = () =>
  queryOptions({
    queryKey: DEVICES_QUERY_KEY,
    queryFn: ({ signal }) => getDevices(signal),
    staleTime: DEVICE_LIST_CACHE_MS,
  });

/** The number of devices for the sidebar badge; null while loading or when the request fails. */
export function useDeviceCount(): number | null {
  const query = useQuery(devicesQueryOptions());
  return query.isSuccess && Array.isArray(query.data) ? query.data.length : null;
}
