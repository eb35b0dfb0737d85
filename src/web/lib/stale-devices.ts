import type { QueryClient } from '@tanstack/react-query';
import { DEVICES_QUERY_KEY } from '@web/lib/query-keys';

/**
 * A change that touches devices elsewhere (a group removed: its devices have no group; assigned:
 * new playlists; a partner removed: its screens have no partner, docs/ads.md#the-model) marks every
 * cached device, the list and each `['/api/devices/{id}']`, stale: read again when next shown.
 */
export function markDevicesStale(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: (query) => typeof query.queryKey[0] === 'string' && query.queryKey[0].startsWith(DEVICES_QUERY_KEY[0]),
    refetchType: 'none',
  });
}
