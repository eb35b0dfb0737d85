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
      };
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
      return { type: 'playlist_update' };
    default:
      return null;
  }
}

const mayShow = (user: SessionUser, ownerId: number) => user.role === 'admin' || user.id === ownerId;

/**
 * One heartbeat batch as each socket may see it: admins get every device, a user only their own.
 * Serialized once per audience (all admins share one string, each user one), not once per socket.
 */
function heartbeatDelivery(beats: Extract<DomainEvent, { type: 'device.heartbeats' }>['beats']) {
  const cache = new Map<number | 'admin', string | null>();
  const serialize = (list: typeof beats) =>
    list.length === 0
      ? null
      : JSON.stringify({ type: 'device_heartbeats', beats: list.map((b) => ({ deviceId: b.deviceId, timestamp: b.timestamp })) } satisfies AdminServerMessage);
  return (user: SessionUser): string | null => {
    const key = user.role === 'admin' ? 'admin' : user.id;
    if (!cache.has(key)) cache.set(key, serialize(key === 'admin' ? beats : beats.filter((b) => b.ownerId === user.id)));
    return cache.get(key)!;
  };
}

/**
 * How an event reaches the admin sockets (DESIGN §7): a function giving, per signed-in user, the
 * serialized message to send (null: nothing for them), or null when no screen shows the event.
 * The rule is the tenancy rule: the resource's owner and the admins.
 */
export function adminDelivery(event: DomainEvent): ((user: SessionUser) => string | null) | null {
  if (event.type === 'device.heartbeats') return heartbeatDelivery(event.beats);
  const message = toMessage(event);
  if (!message || !('ownerId' in event)) return null;
  const data = JSON.stringify(message);
  return (user) => (mayShow(user, event.ownerId) ? data : null);
}
