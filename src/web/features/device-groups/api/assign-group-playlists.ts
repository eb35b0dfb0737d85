import { groupAssignmentResultSchema, type groupAssignmentSchema } from '@contract/devices';
import type { z } from 'zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@web/lib/api-client';
import { DEVICES_QUERY_KEY, DEVICE_GROUPS_QUERY_KEY } from '@web/lib/query-keys';
import { markDevicesStale } from '@web/lib/stale-devices';

/** Windows 1 and 2, or one playlist per zone; with `layoutId`, the layout every screen of the group takes. */
export type GroupAssignment = z.input<typeof groupAssignmentSchema>;
export type AssignGroupPlaylistsVariables = { id: number; assignment: GroupAssignment };

/**
 * `POST /api/device-groups/{id}/assign`: windows 1 and 2 (or the zones) of every device of the group, and its layout
 * when one is given (docs/layouts.md#devices); answers `{updated}`.
 */
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
