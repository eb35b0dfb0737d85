import type { QueryClient } from '@tanstack/react-query';
import { DEVICES_QUERY_KEY } from '@web/lib/query-keys';

/**
 * A group change that touches its devices (removed: they have no group; assigned: new playlists)
 * marks every cached device, the list and each `['/api/devices/{id}']`, stale: read again when next shown.
 */
export function markDevicesStale(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: (query) => typeof query.queryKey[0] === 'string' && query.queryKey[0].startsWith(DEVICES_QUERY_KEY[0]),
    refetchType: 'none',
  });
}
