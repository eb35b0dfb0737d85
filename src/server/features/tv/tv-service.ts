import { randomUUID } from 'node:crypto';
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { TvAuthResponse, TvStatus } from '../../../contract/tv';
import { hashToken, newToken } from '../../auth/tokens';
import type { Db } from '../../db/client';
import { devices } from '../../db/schema';
import type { EventBus } from '../../realtime/event-bus';
import { presentDevice } from '../devices/device-presenter';
import { deviceUnauthenticated, type DeviceIdentity } from '../../auth/device-auth';
import type { PresenceService } from './presence-service';

export interface TvDeps {
  db: Db;
  bus: EventBus;
  presence: PresenceService;
}

/**
 * Pairs a TV by its 6-digit code: a new token (only its hash is stored) and the device online.
 * A code pairs one TV (DESIGN §5): only a device without a token accepts it, in one conditional
 * UPDATE, so of two TVs typing the same code at once one wins and the other is refused. A code
 * whose TV holds the token is spent, answered like a wrong code (null); Desconectar or a new
 * code arm it again.
 */
export async function pairDevice({ db, bus, presence }: TvDeps, code: string): Promise<TvAuthResponse | null> {
  const token = newToken();
  const [row] = await db
    .update(devices)
    .set({ tokenHash: hashToken(token), status: 'online', lastSeen: new Date(), activeSessionId: null })
    .where(and(eq(devices.authCode, code), isNull(devices.tokenHash)))
    .returning();
  if (!row) return null;
  // The manifest's media URLs are signed for this pairing: caches must drop the unpaired build.
  bus.publish({ type: 'device.changed', deviceId: row.id, workspaceId: row.workspaceId, device: presentDevice({ ...row, paired: true }) });
  bus.publish(presence.statusEvent(row));
  const { id, name, layout, orientation, resolution } = row;
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
    workspaceId: row.workspaceId,
    status: row.status,
    activeSessionId: row.activeSessionId,
    lastSeen: row.lastSeen?.toISOString() ?? null,
  });
  return { activeSessionId };
}
