import type { Device } from '@contract/devices';
import type { QueryClient } from '@tanstack/react-query';
import { DEVICES_QUERY_KEY, deviceQueryKey } from '@web/lib/query-keys';

/**
 * After a device mutation: the answer goes straight into that device's cache entry, and the list
 * is refetched (it feeds the cards, the dashboard and the sidebar badge).
 */
export function refreshDevices(queryClient: QueryClient, device?: Device): Promise<void> {
  if (device) queryClient.setQueryData(deviceQueryKey(device.id), device);
  return queryClient.invalidateQueries({ queryKey: DEVICES_QUERY_KEY, exact: true });
}
