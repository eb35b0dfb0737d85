import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { ERROR_CODES } from '../../contract/errors';
import { messages } from '../../contract/messages';
import { hashToken } from './tokens';
import type { Db } from '../db/client';
import { devices } from '../db/schema';
import { HttpError } from '../http/errors';
import type { EventBus } from '../realtime/event-bus';

export interface DeviceIdentity {
  deviceId: number;
  /** The device's workspace: its heartbeats reach that workspace's screens only. */
  workspaceId: number;
  /** The hash of the token that proved it: the device's current pairing. */
  tokenHash: string;
}

export const deviceUnauthenticated = () =>
  new HttpError(401, messages.tv.deviceUnauthenticated, ERROR_CODES.deviceUnauthenticated);

/** A revoked pairing's media URLs stop working within this time even if its event was lost. */
const PAIRING_TTL_MS = 60_000;
/** Bounds the memory that requests naming made-up device ids can take. */
const MAX_PAIRINGS_CACHED = 50_000;

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
  const hashOfToken = new Map<string, string>();
  const tokenOf = new Map<number, string>();
  const forget = (deviceId: number) => {
    const tokenHash = tokenOf.get(deviceId);
    if (tokenHash) byToken.delete(tokenHash);
    tokenOf.delete(deviceId);
  };
  // Device → the hash of the token its TV holds (null: none), for media URLs. Bus events drop an
  // entry at once, in every process; the TTL bounds the staleness should an event be lost.
  const pairings = new Map<number, { tokenHash: string | null; until: number }>();
  const unsubscribe = bus.subscribe((event) => {
    if (event.type === 'device.disconnected' || event.type === 'device.deleted') forget(event.deviceId);
    if (event.type === 'device.disconnected' || event.type === 'device.deleted' || event.type === 'device.changed')
      pairings.delete(event.deviceId);
  });

  async function pairingOf(deviceId: number): Promise<string | null> {
    const hit = pairings.get(deviceId);
    if (hit && hit.until > Date.now()) return hit.tokenHash;
    const [row] = await db
      .select({ tokenHash: devices.tokenHash })
      .from(devices)
      .where(eq(devices.id, deviceId))
      .limit(1);
    const tokenHash = row?.tokenHash ?? null;
    if (pairings.size >= MAX_PAIRINGS_CACHED) pairings.clear();
    pairings.set(deviceId, { tokenHash, until: Date.now() + PAIRING_TTL_MS });
    return tokenHash;
  }

  async function resolveToken(token: string): Promise<DeviceIdentity> {
    const tokenHash = hashToken(token);
    const cached = byToken.get(tokenHash);
    if (cached) return cached;
    const [row] = await db
      .select({ deviceId: devices.id, workspaceId: devices.workspaceId })
      .from(devices)
      .where(eq(devices.tokenHash, tokenHash))
      .limit(1);
    if (!row) throw deviceUnauthenticated();
    forget(row.deviceId);
    const identity = { ...row, tokenHash };
    byToken.set(tokenHash, identity);
    tokenOf.set(row.deviceId, tokenHash);
    return identity;
  }

  return {
    resolveToken,
    pairingOf,
    /** The identity of a token already resolved (and not revoked since), without any await. */
    cachedIdentity(token: string): DeviceIdentity | undefined {
      // A TV repeats its token on every call: its hash is remembered instead of computed each time.
      let tokenHash = hashOfToken.get(token);
      if (!tokenHash) {
        if (hashOfToken.size >= MAX_PAIRINGS_CACHED) hashOfToken.clear();
        hashOfToken.set(token, (tokenHash = hashToken(token)));
      }
      return byToken.get(tokenHash);
    },
    async authenticate(request: FastifyRequest): Promise<DeviceIdentity> {
      const token = bearerToken(request);
      if (!token) throw deviceUnauthenticated();
      return resolveToken(token);
    },
    /**
     * Forgets every token and pairing kept: revocations announced while this process could not hear
     * the bus (a Redis outage) must not leave a revoked token valid here.
     */
    clear() {
      byToken.clear();
      tokenOf.clear();
      pairings.clear();
    },
    close: unsubscribe,
  };
}
export type DeviceAuthenticator = ReturnType<typeof createDeviceAuthenticator>;
