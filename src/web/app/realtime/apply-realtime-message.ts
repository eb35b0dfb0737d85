import type { Device } from '@contract/devices';
import type { AdminServerMessage } from '@contract/realtime';
import { byNameThenId } from '@contract/sort';
import type { QueryClient } from '@tanstack/react-query';
import {
  ACTIVITIES_QUERY_KEY,
  ACTIVITY_AUTHORS_QUERY_KEY,
  CAMPAIGNS_QUERY_KEY,
  DEVICES_QUERY_KEY,
  DEVICE_GROUPS_QUERY_KEY,
  LAYOUTS_QUERY_KEY,
  MEDIA_QUERY_KEY,
  MEDIA_USAGE_QUERY_KEY,
  ME_QUERY_KEY,
  PLAYLISTS_QUERY_KEY,
  campaignQueryKey,
  deviceQueryKey,
  deviceScreenshotFailuresKey,
  layoutQueryKey,
  playlistQueryKey,
} from '@web/lib/query-keys';
import { sameScreenOnAir } from '@web/lib/same-device-view';

const DEVICE_DETAIL_KEY = /^\/api\/devices\/\d+$/;
const CAMPAIGN_DETAIL_KEY = /^\/api\/campaigns\/\d+$/;
const PLAYLIST_DETAIL_KEY = /^\/api\/playlists\/\d+$/;

/**
 * Runs `change` over every cached device: the list (one cache update, whatever the number of
 * devices) and the device pages' own entries. `change` returns the same object when it changes
 * nothing, so unchanged devices keep their identity and their memoized cards do not re-render.
 */
function updateDevices(queryClient: QueryClient, change: (device: Device) => Device) {
  const list = queryClient.getQueryData<Device[]>(DEVICES_QUERY_KEY);
  if (list) {
    let changed = false;
    const next = list.map((device) => {
      const updated = change(device);
      if (updated !== device) changed = true;
      return updated;
    });
    // No write when nothing changed: observers are not even notified.
    if (changed) queryClient.setQueryData(DEVICES_QUERY_KEY, next);
  }
  for (const [key, device] of queryClient.getQueriesData<Device>({
    predicate: (q) => DEVICE_DETAIL_KEY.test(String(q.queryKey[0])),
  })) {
    if (!device) continue;
    const updated = change(device);
    if (updated !== device) queryClient.setQueryData(key, updated);
  }
}

const patchOne = (queryClient: QueryClient, deviceId: number, patch: Partial<Device>) =>
  updateDevices(queryClient, (device) => (device.id === deviceId ? { ...device, ...patch } : device));

function upsertDevice(queryClient: QueryClient, device: Device) {
  queryClient.setQueryData<Device[]>(DEVICES_QUERY_KEY, (list) => {
    if (!list) return list;
    const index = list.findIndex((d) => d.id === device.id);
    if (index >= 0 && list[index]!.name === device.name) {
      const next = list.slice();
      next[index] = device;
      return next;
    }
    const rest = index >= 0 ? list.filter((d) => d.id !== device.id) : list;
    // The server's order (contract/sort.ts): a new or renamed device goes where a refetch puts it.
    const at = rest.findIndex((d) => byNameThenId(device, d) < 0);
    return at < 0 ? [...rest, device] : [...rest.slice(0, at), device, ...rest.slice(at)];
  });
  if (queryClient.getQueryData(deviceQueryKey(device.id))) queryClient.setQueryData(deviceQueryKey(device.id), device);
}

const invalidate = (queryClient: QueryClient, ...keys: ReadonlyArray<readonly unknown[]>) => {
  for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
};

/** The campaign list and any open campaign (their targets or playlist changed). */
const refreshCampaigns = (queryClient: QueryClient) => {
  invalidate(queryClient, CAMPAIGNS_QUERY_KEY);
  void queryClient.invalidateQueries({ predicate: (q) => CAMPAIGN_DETAIL_KEY.test(String(q.queryKey[0])) });
};

/**
 * A change someone made is a new history entry (and maybe a new author): an open Histórico page
 * refetches (a burst of messages joins the request in flight instead of restarting it; closed, it
 * is only marked stale).
 */
const refreshHistory = (queryClient: QueryClient) => {
  for (const queryKey of [ACTIVITIES_QUERY_KEY, ACTIVITY_AUTHORS_QUERY_KEY])
    void queryClient.invalidateQueries({ queryKey }, { cancelRefetch: false });
};

/** The messages that tell of a change a user made (not a TV's status or heartbeat). */
const CHANGES = new Set<AdminServerMessage['type']>([
  'device_changed',
  'device_removed',
  'device_group_update',
  'device_group_removed',
  'media_update',
  'media_removed',
  'playlist_update',
  'playlist_removed',
  'campaign_update',
  'campaign_removed',
  'workspace_update',
  'history_update',
]);

/** The realtime toasts (`messages.realtime`) a change is told in. */
export type RealtimeNotice = 'playlistUpdated' | 'campaignUpdated';

/**
 * What a realtime message does to the cached data (docs/product.md#states and docs/api.md#calls; issue 12): the one place where
 * messages meet the cache. Devices are inserted, replaced, patched and removed in place (never a
 * refetch of the list); a heartbeat batch patches `lastSeen` in one cache update; the other lists
 * (groups, media, playlists, campaigns) are refetched, and what a removal leaves behind (a device
 * pointing at a removed playlist or group) is cleared at once. The dashboard's totals come from
 * the device list, so no message refetches `/api/stats`. Returns the toast the user is told of the
 * change in, if any (the catalogue's "Playlist updated"; a campaign's change, `campaign_update` or
 * `campaign_removed`, has its own).
 */
export function applyRealtimeMessage(queryClient: QueryClient, message: AdminServerMessage): RealtimeNotice | null {
  if (CHANGES.has(message.type)) refreshHistory(queryClient);
  switch (message.type) {
    case 'device_update': {
      const { deviceId, status, activeSessionId, lastSeen, nowPlaying } = message;
      updateDevices(queryClient, (device) =>
        device.id !== deviceId
          ? device
          : {
              ...device,
              status,
              activeSessionId,
              lastSeen,
              // Only a TV holding the device's token can bring it online: its code is spent (docs/tv-protocol.md#pairing).
              ...(status === 'online' ? { paired: true } : {}),
              // Absent: unchanged. The same report again keeps its object, so the lines are not redrawn.
              ...(nowPlaying !== undefined && !sameScreenOnAir(device.nowPlaying, nowPlaying) ? { nowPlaying } : {}),
            },
      );
      return null;
    }
    case 'device_screenshot_failed':
      queryClient.setQueryData<number>(deviceScreenshotFailuresKey(message.deviceId), (count) => (count ?? 0) + 1);
      return null;
    case 'workspace_update':
      // The time zone the pages show days and hours in comes with the session.
      invalidate(queryClient, ME_QUERY_KEY);
      return null;
    case 'device_heartbeat':
      patchOne(queryClient, message.deviceId, { lastSeen: message.timestamp });
      return null;
    case 'device_heartbeats': {
      const seen = new Map(message.beats.map((b) => [b.deviceId, b.timestamp]));
      updateDevices(queryClient, (device) => {
        const at = seen.get(device.id);
        return at === undefined || at === device.lastSeen ? device : { ...device, lastSeen: at };
      });
      return null;
    }
    case 'device_changed':
      upsertDevice(queryClient, message.device);
      return null;
    case 'device_removed':
      queryClient.setQueryData<Device[]>(DEVICES_QUERY_KEY, (list) => list?.filter((d) => d.id !== message.deviceId));
      queryClient.removeQueries({ queryKey: deviceQueryKey(message.deviceId), exact: true });
      refreshCampaigns(queryClient);
      return null;
    case 'device_group_update':
      invalidate(queryClient, DEVICE_GROUPS_QUERY_KEY);
      return null;
    case 'device_group_removed':
      updateDevices(queryClient, (device) =>
        device.groupId === message.groupId ? { ...device, groupId: null } : device,
      );
      invalidate(queryClient, DEVICE_GROUPS_QUERY_KEY);
      refreshCampaigns(queryClient);
      return null;
    case 'media_update':
    case 'media_removed':
      invalidate(queryClient, MEDIA_QUERY_KEY, MEDIA_USAGE_QUERY_KEY);
      return null;
    case 'playlist_update':
      // docs/api.md#calls: the playlists and the campaigns (they name playlists). Without an id (the spec's
      // bare message): every open playlist may have changed.
      invalidate(queryClient, PLAYLISTS_QUERY_KEY, CAMPAIGNS_QUERY_KEY);
      if (message.playlistId !== undefined) invalidate(queryClient, playlistQueryKey(message.playlistId));
      else void queryClient.invalidateQueries({ predicate: (q) => PLAYLIST_DETAIL_KEY.test(String(q.queryKey[0])) });
      return 'playlistUpdated';
    case 'campaign_update':
      invalidate(queryClient, CAMPAIGNS_QUERY_KEY, campaignQueryKey(message.campaignId));
      return 'campaignUpdated';
    case 'campaign_removed': {
      const id = message.campaignId;
      // Gone from the list now; an open form of it refetches and says it no longer exists.
      queryClient.setQueryData<Array<{ id: number }>>(CAMPAIGNS_QUERY_KEY, (list) => list?.filter((c) => c.id !== id));
      invalidate(queryClient, CAMPAIGNS_QUERY_KEY, campaignQueryKey(id));
      return 'campaignUpdated';
    }
    case 'playlist_removed': {
      const id = message.playlistId;
      // Gone from the list now (not after the refetch), so no card shows "Playlist #id" meanwhile.
      queryClient.setQueryData<Array<{ id: number }>>(PLAYLISTS_QUERY_KEY, (list) => list?.filter((p) => p.id !== id));
      queryClient.removeQueries({ queryKey: playlistQueryKey(id), exact: true });
      updateDevices(queryClient, (device) =>
        device.assignedPlaylistId1 === id || device.assignedPlaylistId2 === id || device.zonePlaylistIds?.includes(id)
          ? {
              ...device,
              assignedPlaylistId1: device.assignedPlaylistId1 === id ? null : device.assignedPlaylistId1,
              assignedPlaylistId2: device.assignedPlaylistId2 === id ? null : device.assignedPlaylistId2,
              // Every zone that showed it, zones 3+ included (docs/layouts.md#devices).
              zonePlaylistIds: device.zonePlaylistIds?.map((p) => (p === id ? null : p)),
            }
          : device,
      );
      invalidate(queryClient, PLAYLISTS_QUERY_KEY, CAMPAIGNS_QUERY_KEY);
      return 'playlistUpdated';
    }
    case 'layout_update':
      // The device form's and the assign dialogs' choices, the cards' names and maps (docs/layouts.md#api).
      invalidate(queryClient, LAYOUTS_QUERY_KEY, layoutQueryKey(message.layoutId));
      return null;
    case 'layout_removed':
      queryClient.setQueryData<Array<{ id: number }>>(LAYOUTS_QUERY_KEY, (list) =>
        list?.filter((l) => l.id !== message.layoutId),
      );
      queryClient.removeQueries({ queryKey: layoutQueryKey(message.layoutId), exact: true });
      invalidate(queryClient, LAYOUTS_QUERY_KEY);
      return null;
    case 'resync':
      // The server missed changes (docs/scaling.md, "When PostgreSQL or Redis goes away"): as after a reconnect.
      void refetchAfterReconnect(queryClient);
      return null;
    default:
      return null;
  }
}

/**
 * After the channel comes back from a drop, whatever changed meanwhile was missed: every query
 * is marked stale and the ones on screen refetch (docs/api.md#admin-channel).
 */
export function refetchAfterReconnect(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries();
}
