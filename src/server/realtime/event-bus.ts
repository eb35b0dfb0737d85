import { EventEmitter } from 'node:events';
import type { Device } from '../../contract/devices';
import type { ScreenOnAir } from '../../contract/screens';

/**
 * What changed, announced by the services after their transaction commits. The realtime layer
 * turns these into admin `/ws` messages and device `content_changed` pushes; `workspaceId` says
 * whose resource it is, so events reach only the sockets of that workspace (docs/api.md#admin-channel).
 */
export type DomainEvent =
  | { type: 'playlist.changed'; playlistId: number; workspaceId: number }
  | { type: 'playlist.deleted'; playlistId: number; workspaceId: number }
  /** Created, edited, published, paused, ended (also an emergency started): TVs aimed at it follow. */
  | { type: 'campaign.changed'; campaignId: number; workspaceId: number }
  | { type: 'campaign.deleted'; campaignId: number; workspaceId: number }
  /** A workspace's layout was created, edited or removed (docs/layouts.md#api): open screens refetch it. */
  | { type: 'layout.changed'; layoutId: number; workspaceId: number }
  | { type: 'layout.deleted'; layoutId: number; workspaceId: number }
  /** The workspace's settings changed (its time zone: every manifest of it carries the zone). */
  | { type: 'workspace.changed'; workspaceId: number }
  /** A media item was uploaded (as 'processing') or its processing ended (ready or failed). */
  | { type: 'media.changed'; mediaId: number; workspaceId: number }
  /** Created or edited (also assignment, disconnect): `device` is what the API now answers for it. */
  | { type: 'device.changed'; deviceId: number; workspaceId: number; device: Device }
  | { type: 'device.deleted'; deviceId: number; workspaceId: number }
  /** A TV's connection state changed (pairing, status report, offline sweep). */
  | {
      type: 'device.status';
      deviceId: number;
      workspaceId: number;
      status: 'online' | 'offline';
      activeSessionId: string | null;
      lastSeen: string | null;
      /** What the TV last reported playing (issue 15); absent from an older process: unchanged. */
      nowPlaying?: ScreenOnAir | null;
    }
  /** Every device that beat since the last flush, once per flush (never one event per beat). */
  | { type: 'device.heartbeats'; beats: Array<{ deviceId: number; workspaceId: number; timestamp: string }> }
  | { type: 'group.changed'; groupId: number; workspaceId: number }
  | { type: 'group.deleted'; groupId: number; workspaceId: number }
  | { type: 'media.deleted'; mediaId: number; workspaceId: number }
  /**
   * Asked from the admin screen (issue 15): the process that holds the TV's socket passes it on.
   * With several processes it travels on Redis like every event; a TV without a socket misses it.
   */
  | { type: 'device.command'; deviceId: number; workspaceId: number; command: 'screenshot' | 'reload' }
  /** The TV could not take the screenshot it was asked for (it said so on its socket). */
  | { type: 'device.screenshot_failed'; deviceId: number; workspaceId: number }
  /** The TV's token was revoked (disconnect, new code, removal): close its socket with 4001. */
  | { type: 'device.disconnected'; deviceId: number; workspaceId: number }
  /**
   * Sessions of a user ended or changed: the one whose token hash is given (logout), or any of them
   * (password change, role change, removal), in which case each process re-checks its sockets'
   * sessions against the database and closes those that no longer hold (docs/api.md#admin-channel).
   */
  | { type: 'session.ended'; userId: number; tokenHash?: string }
  /**
   * A history entry no other event tells of (sign-in and out, users, API keys, a remote reload):
   * open Histórico pages refetch.
   */
  | { type: 'activity.recorded'; workspaceId: number };

export interface EventBus {
  publish(event: DomainEvent): void;
  /** Returns the function that unsubscribes. */
  subscribe(handler: (event: DomainEvent) => void): () => void;
  close(): Promise<void>;
}

/** The embedded default: one process, events delivered synchronously to local subscribers. */
export function createInProcessEventBus(): EventBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    publish: (event) => emitter.emit('event', event),
    subscribe: (handler) => {
      emitter.on('event', handler);
      return () => emitter.off('event', handler);
    },
    close: async () => {
      emitter.removeAllListeners();
    },
  };
}
