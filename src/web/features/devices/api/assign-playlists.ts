import { deviceSchema, type Device, type DeviceAssignment } from '@contract/devices';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@web/lib/api-client';
import { refreshDevices } from './invalidate';
import { deviceQueryKey } from '@web/lib/query-keys';

export type AssignPlaylistsVariables = { id: number; assignment: DeviceAssignment };

/** `PATCH /api/devices/{id}` with the playlists of window 1 and window 2. */
export async function assignPlaylists({ id, assignment }: AssignPlaylistsVariables): Promise<Device> {
  return deviceSchema.parse(await apiJson<unknown>('PATCH', deviceQueryKey(id)[0], assignment));
}

export function useAssignPlaylists() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: assignPlaylists,
    onSuccess: (device) => refreshDevices(queryClient, device),
  });
}
