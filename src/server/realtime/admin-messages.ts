import type { AdminServerMessage } from '../../contract/realtime';
import type { SessionUser } from '../auth/session-user';
import type { DomainEvent } from './event-bus';

/** What an admin screen is told about an event that has one owner; null when it shows nothing of it. */
function toMessage(event: DomainEvent): AdminServerMessage | null {
  switch (event.type) {
    case 'device.status':
      return {
        type: 'device_update',
        deviceId: event.deviceId,
        status: event.status,
        activeSessionId: event.activeSessionId,
        lastSeen: event.lastSeen,
        nowPlaying: event.nowPlaying,
      };
    case 'device.screenshot_failed':
      return { type: 'device_screenshot_failed', deviceId: event.deviceId };
    case 'workspace.changed':
      return { type: 'workspace_update' };
    case 'activity.recorded':
      return { type: 'history_update' };
    case 'device.changed':
      return { type: 'device_changed', device: event.device };
    case 'device.deleted':
      return { type: 'device_removed', deviceId: event.deviceId };
    case 'group.changed':
      return { type: 'device_group_update', groupId: event.groupId };
    case 'group.deleted':
      return { type: 'device_group_removed', groupId: event.groupId };
    case 'media.changed':
      return { type: 'media_update', mediaId: event.mediaId };
    case 'media.deleted':
      return { type: 'media_removed', mediaId: event.mediaId };
    case 'playlist.changed':
      return { type: 'playlist_update', playlistId: event.playlistId };
    case 'playlist.deleted':
      return { type: 'playlist_removed', playlistId: event.playlistId };
    case 'campaign.changed':
      return { type: 'campaign_update', campaignId: event.campaignId };
    case 'campaign.deleted':
      return { type: 'campaign_removed', campaignId: event.campaignId };
    case 'layout.changed':
      return { type: 'layout_update', layoutId: event.layoutId };
    case 'layout.deleted':
      return { type: 'layout_removed', layoutId: event.layoutId };
    default:
      return null;
  }
}

/**
 * One heartbeat batch as each socket may see it: the devices of its workspace. Serialized once per
 * workspace (its sockets share one string), not once per socket.
 */
function heartbeatDelivery(beats: Extract<DomainEvent, { type: 'device.heartbeats' }>['beats']) {
  const cache = new Map<number, string | null>();
  const serialize = (list: typeof beats) =>
    list.length === 0
      ? null
      : JSON.stringify({
          type: 'device_heartbeats',
          beats: list.map((b) => ({ deviceId: b.deviceId, timestamp: b.timestamp })),
        } satisfies AdminServerMessage);
  return (user: SessionUser): string | null => {
    const key = user.workspaceId;
    if (!cache.has(key)) cache.set(key, serialize(beats.filter((b) => b.workspaceId === key)));
    return cache.get(key)!;
  };
}

/**
 * How an event reaches the admin sockets (docs/api.md#admin-channel): a function giving, per signed-in user, the
 * serialized message to send (null: nothing for them), or null when no screen shows the event.
 * The rule is the tenancy rule: the sockets of the resource's workspace, nobody else.
 */
export function adminDelivery(event: DomainEvent): ((user: SessionUser) => string | null) | null {
  if (event.type === 'device.heartbeats') return heartbeatDelivery(event.beats);
  const message = toMessage(event);
  if (!message || !('workspaceId' in event)) return null;
  const data = JSON.stringify(message);
  return (user) => (user.workspaceId === event.workspaceId ? data : null);
}
