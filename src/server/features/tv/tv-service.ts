import { randomUUID } from 'node:crypto';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { TvAuthResponse, TvStatus } from '../../../contract/tv';
import { hashToken, newToken } from '../../auth/tokens';
import type { Db } from '../../db/client';
import { devices } from '../../db/schema';
import type { EventBus } from '../../realtime/event-bus';
import { deviceUnauthenticated, type DeviceIdentity } from './device-auth';
import type { PresenceService } from './presence-service';

export interface TvDeps {
  db: Db;
  bus: EventBus;
  presence: PresenceService;
}

/**
 * Pairs a TV by its 6-digit code: a new token (only its hash is stored) and the device online.
 * A TV already paired with that code loses its token: one code, one screen.
 */
export async function pairDevice({ db, bus, presence }: TvDeps, code: string): Promise<TvAuthResponse | null> {
  const [current] = await db.select().from(devices).where(eq(devices.authCode, code)).limit(1);
  if (!current) return null;
  const token = newToken();
  const [row] = await db
    .update(devices)
    .set({ tokenHash: hashToken(token), status: 'online', lastSeen: new Date(), activeSessionId: null })
    .where(eq(devices.id, current.id))
    .returning();
  if (current.tokenHash) bus.publish({ type: 'device.disconnected', deviceId: current.id, ownerId: current.userId });
  bus.publish(presence.statusEvent(row!));
  const { id, name, layout, orientation, resolution } = row!;
  return { token, device: { id, name, layout, orientation, resolution } };
}

/** `playing` opens (or keeps) a session, `idle` closes it: what the admin sees as Executando/Aguardando. */
export async function reportStatus({ db, bus }: TvDeps, identity: DeviceIdentity, status: TvStatus): Promise<{ activeSessionId: string | null }> {
  const activeSessionId = status.state === 'playing' ? (status.sessionId ?? randomUUID()) : null;
  const [row] = await db
    .update(devices)
    .set({ activeSessionId, status: 'online', lastSeen: new Date() })
    .where(and(eq(devices.id, identity.deviceId), isNotNull(devices.tokenHash)))
    .returning();
  if (!row) throw deviceUnauthenticated();
  bus.publish({
    type: 'device.status',
    deviceId: row.id,
    ownerId: row.userId,
    status: row.status,
    activeSessionId: row.activeSessionId,
    lastSeen: row.lastSeen?.toISOString() ?? null,
  });
  return { activeSessionId };
}
