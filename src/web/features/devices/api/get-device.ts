import { DEVICE_LIST_CACHE_MS } from '@contract/constants';
import { deviceSchema, type Device } from '@contract/devices';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@web/lib/api-client';
import { DEVICES_QUERY_KEY, deviceQueryKey } from '@web/lib/query-keys';

export async function getDevice(id: number, signal?: AbortSignal): Promise<Device> {
  return deviceSchema.parse(await apiJson<unknown>('GET', deviceQueryKey(id)[0], undefined, signal));
}

export const deviceQueryOptions = (id: number) =>
  queryOptions({
    queryKey: deviceQueryKey(id),
    queryFn: ({ signal }) => getDevice(id, signal),
    // Like the list: the edit form opens on the device's current values, not a stale copy.
    staleTime: DEVICE_LIST_CACHE_MS,
  });

/** A positive whole number taken from a route parameter, else null. */
export function parseDeviceId(raw: string | undefined): number | null {
  if (!raw || !/^\d+$/.test(raw)) return null;
  const id = Number(raw);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/**
 * docs/api.md#calls: runs only if the id is a valid number. Opened from the list, the form shows at once with
 * the list's copy of the device (as old as the list), and the device is read again if that copy is stale.
 */
export function useDevice(id: number | null) {
  const queryClient = useQueryClient();
  return useQuery({
    ...deviceQueryOptions(id ?? 0),
    enabled: id !== null,
    initialData: () => queryClient.getQueryData<Device[]>(DEVICES_QUERY_KEY)?.find((d) => d.id === id),
    initialDataUpdatedAt: () => queryClient.getQueryState(DEVICES_QUERY_KEY)?.dataUpdatedAt,
  });
}
