import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { devices } from '../../db/schema';
import type { EventBus } from '../../realtime/event-bus';

export interface PresenceOptions {
  /** How often buffered `lastSeen` values are written (one statement for all of them). */
  flushIntervalMs: number;
  /** A device with no heartbeat for this long is offline (docs/tv-protocol.md#presence: 3 × 15 s). */
  offlineAfterMs: number;
}

type Row = typeof devices.$inferSelect;
const statusEvent = (row: Pick<Row, 'id' | 'workspaceId' | 'status' | 'activeSessionId' | 'lastSeen' | 'nowPlaying'>) =>
  ({
    type: 'device.status',
    deviceId: row.id,
    workspaceId: row.workspaceId,
    status: row.status,
    activeSessionId: row.activeSessionId,
    lastSeen: row.lastSeen?.toISOString() ?? null,
    nowPlaying: row.nowPlaying ?? null,
  }) as const;

/**
 * Offline: no session (docs/tv-protocol.md#presence). The TV's last report of what it plays stays: the screens read it
 * only while the TV is online, and a TV back after a short gap may not report again until its plan
 * changes. What the admin asked of it and it did not take is dropped: a screenshot or a reload asked
 * before it went away is not done when it comes back, maybe hours later (docs/tv-protocol.md#commands).
 */
const WENT_OFFLINE = { status: 'offline' as const, activeSessionId: null, pendingCommands: [] as string[] };

/**
 * Who is online. Heartbeats only touch memory; `lastSeen` reaches the database in batches (never
 * one write per heartbeat, docs/benchmarks.md#targets), and the admin screens in one `device.heartbeats` event per
 * flush. The sweep works on the database, so with several server processes each device is swept
 * once, by whichever process flips it (UPDATE … RETURNING).
 */
export function createPresenceService(db: Db, bus: EventBus, options: PresenceOptions) {
  /** Heartbeats since the last flush: when, and the device's workspace (for the batched announcement). */
  const pending = new Map<number, { at: Date; workspaceId: number }>();
  const lastBeat = new Map<number, number>();
  /** Devices this process knows to be online: a heartbeat from anyone else brings it back online. */
  const knownOnline = new Set<number>();
  const unsubscribe = bus.subscribe((event) => {
    if (event.type === 'device.status') {
      if (event.status === 'online') knownOnline.add(event.deviceId);
      else knownOnline.delete(event.deviceId);
    } else if (event.type === 'device.disconnected' || event.type === 'device.deleted') {
      knownOnline.delete(event.deviceId);
      pending.delete(event.deviceId);
      lastBeat.delete(event.deviceId);
    }
  });

  async function markOnline(deviceId: number, at: Date) {
    const [row] = await db
      .update(devices)
      .set({ status: 'online', lastSeen: at })
      .where(and(eq(devices.id, deviceId), eq(devices.status, 'offline'), sql`${devices.tokenHash} is not null`))
      .returning();
    knownOnline.add(deviceId);
    if (row) bus.publish(statusEvent(row));
  }

  async function flush() {
    if (pending.size === 0) return;
    const batch = [...pending].map(([deviceId, { at, workspaceId }]) => ({
      deviceId,
      workspaceId,
      timestamp: at.toISOString(),
    }));
    pending.clear();
    // One announcement per flush, not one per heartbeat (issue 12: 670 events/s at 10,000 TVs).
    bus.publish({ type: 'device.heartbeats', beats: batch });
    // Two array parameters whatever the fleet's size (PostgreSQL allows 65,535 parameters).
    const ids = `{${batch.map((b) => b.deviceId).join(',')}}`;
    const times = `{${batch.map((b) => b.timestamp).join(',')}}`;
    await db.execute(
      sql`update ${devices} set last_seen = v.at from unnest(${ids}::int[], ${times}::timestamptz[]) as v(id, at) where ${devices.id} = v.id`,
    );
  }

  /** A device whose socket closed and that sent nothing since: offline now, not after the sweep. */
  async function goOfflineIfSilentSince(deviceId: number, since: number) {
    if ((lastBeat.get(deviceId) ?? 0) > since) return;
    const [row] = await db
      .update(devices)
      .set(WENT_OFFLINE)
      .where(and(eq(devices.id, deviceId), eq(devices.status, 'online')))
      .returning();
    if (row) bus.publish(statusEvent(row));
  }

  /** Flips the silent ones offline and announces each. */
  async function sweep(now = Date.now()) {
    const cutoff = new Date(now - options.offlineAfterMs);
    const rows = await db
      .update(devices)
      .set(WENT_OFFLINE)
      .where(and(eq(devices.status, 'online'), or(isNull(devices.lastSeen), lt(devices.lastSeen, cutoff))))
      .returning();
    for (const row of rows) bus.publish(statusEvent(row));
    return rows.length;
  }

  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  return {
    statusEvent,
    /** Records a heartbeat; returns once a device that was offline is online again. */
    async heartbeat(deviceId: number, workspaceId: number, at = new Date()) {
      pending.set(deviceId, { at, workspaceId });
      lastBeat.set(deviceId, at.getTime());
      if (!knownOnline.has(deviceId)) await markOnline(deviceId, at);
    },
    flush,
    sweep,
    goOfflineIfSilentSince,
    start(onError: (error: unknown) => void) {
      timer = setInterval(() => {
        // One round at a time: a slow database must not pile rounds up.
        running = running.then(() => flush().then(() => sweep())).catch(onError);
      }, options.flushIntervalMs);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      unsubscribe();
      await running;
      await flush();
    },
  };
}
export type PresenceService = ReturnType<typeof createPresenceService>;
