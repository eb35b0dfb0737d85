import { deviceGroupListSchema, type DeviceGroup } from '@contract/devices';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from '@web/lib/api-client';
import { DEVICE_GROUPS_QUERY_KEY } from '@web/lib/query-keys';

export async function getDeviceGroups(signal?: AbortSignal): Promise<DeviceGroup[]> {
  return deviceGroupListSchema.parse(await apiJson<unknown>('GET', DEVICE_GROUPS_QUERY_KEY[0], undefined, signal));
}

export const deviceGroupsQueryOptions = () =>
  queryOptions({ queryKey: DEVICE_GROUPS_QUERY_KEY, queryFn: ({ signal }) => getDeviceGroups(signal) });

/** The caller's groups, by name (the device form's select and the groups dialog). */
export function useDeviceGroups() {
  return useQuery(deviceGroupsQueryOptions());
}
