import { groupAssignmentResultSchema, type DeviceAssignment } from '@contract/devices';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@web/lib/api-client';
import { DEVICES_QUERY_KEY, DEVICE_GROUPS_QUERY_KEY } from '@web/lib/query-keys';
import { markDevicesStale } from './stale-devices';

export type AssignGroupPlaylistsVariables = { id: number; assignment: DeviceAssignment };

/** `POST /api/device-groups/{id}/assign`: windows 1 and 2 of every device of the group; answers `{updated}`. */
export async function assignGroupPlaylists({
  id,
  assignment,
}: AssignGroupPlaylistsVariables): Promise<{ updated: number }> {
  return groupAssignmentResultSchema.parse(
    await apiJson<unknown>('POST', `${DEVICE_GROUPS_QUERY_KEY[0]}/${id}/assign`, assignment),
  );
}

/**
 * Many devices changed: the list (cards, dashboard) is read again now if shown, and each device's
 * own entry (`/api/devices/{id}`) when next shown.
 */
export function useAssignGroupPlaylists() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: assignGroupPlaylists,
    onSuccess: () => {
      void markDevicesStale(queryClient);
      return queryClient.refetchQueries({ queryKey: DEVICES_QUERY_KEY, exact: true, type: 'active' });
    },
  });
}
