import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { ERROR_CODES } from '../../contract/errors';
import { messages } from '../../contract/messages';
import { hashToken } from './tokens';
import type { Db } from '../db/client';
import { anyOf } from '../db/any-of';
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

  function clear() {
    byToken.clear();
    tokenOf.clear();
    pairings.clear();
  }

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
     * Checks every token and pairing kept against the database, in one query for all: revocations
     * announced while this process could not hear the bus (a Redis outage) must not leave a revoked
     * token valid here, and re-reading them one TV request at a time would cost a query per TV
     * (docs/scaling.md, "When PostgreSQL or Redis goes away"). A device whose token changed or that
     * is gone is forgotten and returned with the token hash the database holds (null: none), so its
     * sockets can be closed; the pairings are set to what was read. The database away: all dropped,
     * read again on each TV's next call.
     */
    async revalidate(): Promise<Map<number, string | null>> {
      const revoked = new Map<number, string | null>();
      const held = new Map(tokenOf);
      const ids = [...new Set([...held.keys(), ...pairings.keys()])];
      if (ids.length === 0) return revoked;
      let rows: Array<{ id: number; tokenHash: string | null }>;
      try {
        rows = await db
          .select({ id: devices.id, tokenHash: devices.tokenHash })
          .from(devices)
          .where(anyOf(devices.id, ids));
      } catch (error) {
        clear();
        throw error;
      }
      const current = new Map(rows.map((row) => [row.id, row.tokenHash]));
      const until = Date.now() + PAIRING_TTL_MS;
      for (const id of ids) {
        const tokenHash = current.get(id) ?? null;
        // Not the database's: revoked. One resolved anew while this read ran may be newer than the
        // read: forgotten (read again, one query), not reported as revoked.
        const kept = tokenOf.get(id);
        if (kept !== undefined && kept !== tokenHash) {
          forget(id);
          if (held.get(id) === kept) revoked.set(id, tokenHash);
        }
        if (pairings.has(id)) pairings.set(id, { tokenHash, until });
      }
      return revoked;
    },
    /** Forgets every token and pairing kept. */
    clear,
    close: unsubscribe,
  };
}
export type DeviceAuthenticator = ReturnType<typeof createDeviceAuthenticator>;
