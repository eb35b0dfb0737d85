import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { hashToken } from '../../auth/tokens';
import type { Db } from '../../db/client';
import { devices } from '../../db/schema';
import { HttpError } from '../../http/errors';
import type { EventBus } from '../../realtime/event-bus';

export interface DeviceIdentity {
  deviceId: number;
  ownerId: number;
}

export const deviceUnauthenticated = () =>
  new HttpError(401, 'Dispositivo não autenticado. Pareie a TV novamente.', 'DEVICE_UNAUTHENTICATED');

/** `Authorization: Bearer <token>`, or null. */
export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  return match?.[1] ?? null;
}

/**
 * Device tokens → devices, kept in memory so the TVs' frequent calls cost no query. A revoked
 * token (disconnect, new code, removal) is dropped from every process's cache by the bus event.
 */
export function createDeviceAuthenticator(db: Db, bus: EventBus) {
  const byToken = new Map<string, DeviceIdentity>();
  const tokenOf = new Map<number, string>();
  const forget = (deviceId: number) => {
    const tokenHash = tokenOf.get(deviceId);
    if (tokenHash) byToken.delete(tokenHash);
    tokenOf.delete(deviceId);
  };
  const unsubscribe = bus.subscribe((event) => {
    if (event.type === 'device.disconnected' || event.type === 'device.deleted') forget(event.deviceId);
  });

  async function resolveToken(token: string): Promise<DeviceIdentity> {
    const tokenHash = hashToken(token);
    const cached = byToken.get(tokenHash);
    if (cached) return cached;
    const [row] = await db
      .select({ deviceId: devices.id, ownerId: devices.userId })
      .from(devices)
      .where(eq(devices.tokenHash, tokenHash))
      .limit(1);
    if (!row) throw deviceUnauthenticated();
    forget(row.deviceId);
    byToken.set(tokenHash, row);
    tokenOf.set(row.deviceId, tokenHash);
    return row;
  }

  return {
    resolveToken,
    async authenticate(request: FastifyRequest): Promise<DeviceIdentity> {
      const token = bearerToken(request);
      if (!token) throw deviceUnauthenticated();
      return resolveToken(token);
    },
    close: unsubscribe,
  };
}
export type DeviceAuthenticator = ReturnType<typeof createDeviceAuthenticator>;
