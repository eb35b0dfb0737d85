import type { Device } from '@contract/devices';
import type { AdminServerMessage } from '@contract/realtime';
import type { QueryClient } from '@tanstack/react-query';
import { DEVICES_QUERY_KEY } from '@web/features/devices/api/get-devices';

const deviceKey = (id: number) => [`/api/devices/${id}`];

function patchDevice(queryClient: QueryClient, deviceId: number, patch: Partial<Device>) {
  queryClient.setQueryData<Device[]>(DEVICES_QUERY_KEY, (list) =>
    list?.map((device) => (device.id === deviceId ? { ...device, ...patch } : device)),
  );
  queryClient.setQueryData<Device>(deviceKey(deviceId), (device) => (device ? { ...device, ...patch } : device));
}

/**
 * What a message does to the cached data (SPEC §4, §7): a device update patches status, session
 * and last-seen in place; a heartbeat touches last-seen only; a playlist update refetches the
 * playlists and campaigns. Returns true when the message changed something the user should be
 * told about in a toast.
 */
export function applyRealtimeMessage(queryClient: QueryClient, message: AdminServerMessage): boolean {
  switch (message.type) {
    case 'device_update':
      patchDevice(queryClient, message.deviceId, {
        status: message.status,
        activeSessionId: message.activeSessionId,
        lastSeen: message.lastSeen,
      });
      void queryClient.invalidateQueries({ queryKey: ['/api/stats'] });
      return false;
    case 'device_heartbeat':
      patchDevice(queryClient, message.deviceId, { lastSeen: message.timestamp });
      return false;
    case 'playlist_update':
      void queryClient.invalidateQueries({ queryKey: ['/api/playlists'] });
      void queryClient.invalidateQueries({ queryKey: ['/api/campaigns'] });
      return true;
    default:
      return false;
  }
}
