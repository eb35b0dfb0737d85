import { EventEmitter } from 'node:events';

/**
 * What changed, announced by the services after their transaction commits. The realtime layer
 * turns these into admin `/ws` messages and device `content_changed` pushes; `ownerId` says whose
 * resource it is, so events reach only that user and the admins.
 */
export type DomainEvent =
  | { type: 'playlist.changed'; playlistId: number; ownerId: number }
  | { type: 'playlist.deleted'; playlistId: number; ownerId: number }
  | { type: 'campaign.changed'; campaignId: number; ownerId: number }
  | { type: 'device.changed'; deviceId: number; ownerId: number }
  | { type: 'device.deleted'; deviceId: number; ownerId: number }
  /** A TV's connection state changed (pairing, status report, offline sweep). */
  | {
      type: 'device.status';
      deviceId: number;
      ownerId: number;
      status: 'online' | 'offline';
      activeSessionId: string | null;
      lastSeen: string | null;
    }
  | { type: 'device.heartbeat'; deviceId: number; ownerId: number; timestamp: string }
  /** The TV's token was revoked (disconnect, new code, removal): close its socket with 4001. */
  | { type: 'device.disconnected'; deviceId: number; ownerId: number };

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
