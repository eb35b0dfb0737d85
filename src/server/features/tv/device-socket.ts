import type { WebSocket } from '@fastify/websocket';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import {
  DEVICE_REVOKED_CLOSE_CODE,
  DEVICE_SOCKET_PATH,
  deviceClientMessageSchema,
  type DeviceServerMessage,
} from '../../../contract/realtime';
import type { EventBus } from '../../realtime/event-bus';
import { bearerToken, type DeviceAuthenticator, type DeviceIdentity } from '../../auth/device-auth';
import { isServiceUnavailable } from '../../db/errors';
import type { Db } from '../../db/client';
import { takeCommand } from './device-commands';
import { HttpError } from '../../http/errors';
import { createManifestPusher } from './manifest-push';
import type { ManifestService } from './manifest-service';
import type { PresenceService } from './presence-service';

const AUTH_TIMEOUT_MS = 10_000;
/**
 * Close codes of a token check that did not end in a refusal (RFC 6455 §7.4.1, IANA registry):
 * 1013 "try again later" while the database is away or the check is still waiting for it, 1011
 * for any other failure. The player reconnects with backoff and keeps its pairing; only a refused
 * token closes with 4001 (docs/scaling.md, "When PostgreSQL or Redis goes away").
 */
const TRY_AGAIN_LATER = 1013;
const INTERNAL_ERROR = 1011;
const SCREENSHOT_FAILURE_GAP_MS = 2_000;
/** Heartbeats failing on an unavailable database: one warning per this interval per process. */
const HEARTBEAT_WARNING_INTERVAL_MS = 10_000;

/**
 * The TV's socket (docs/tv-protocol.md#device-socket): authenticated by the bearer token (header, or a first `auth`
 * message for clients that cannot set headers); pushes the new `manifest`, or `content_changed` when
 * it cannot go at once (`manifest-push.ts`), `disconnect` (then closes with 4001), and the admin's `screenshot` and
 * `reload` requests; takes heartbeats and `screenshot_failed`.
 */
export function registerDeviceSocket(
  app: FastifyInstance,
  deps: {
    db: Db;
    bus: EventBus;
    auth: DeviceAuthenticator;
    manifests: ManifestService;
    presence: PresenceService;
    closeGraceMs: number;
    pushInFlightBytes?: number;
  },
) {
  const sockets = new Map<number, Set<WebSocket>>();
  /** The token hash each socket proved: its pushed manifest is signed for that pairing. */
  const pairings = new WeakMap<WebSocket, string>();
  const send = (socket: WebSocket, message: DeviceServerMessage) => socket.send(JSON.stringify(message));
  // While the database is away every TV's heartbeat fails, every 15 s: logged at error each, the
  // outage would flood the log (docs/scaling.md, "When PostgreSQL or Redis goes away"). A warning
  // with how many failed since the last one, at most once per interval; other failures stay errors.
  let unavailableBeats = 0;
  let warnedAt = 0;
  const heartbeatFailed = (log: FastifyBaseLogger, error: unknown) => {
    if (!isServiceUnavailable(error)) return log.error({ err: error }, 'heartbeat failed');
    unavailableBeats++;
    if (Date.now() - warnedAt < HEARTBEAT_WARNING_INTERVAL_MS) return;
    warnedAt = Date.now();
    log.warn({ err: error, count: unavailableBeats }, 'heartbeat failed: database unavailable');
    unavailableBeats = 0;
  };

  /** Tells the TV its pairing is gone and closes with 4001 (docs/tv-protocol.md#only-a-refusal-unpairs). */
  const revoke = (socket: WebSocket, reason: string) => {
    send(socket, { type: 'disconnect' });
    socket.close(DEVICE_REVOKED_CLOSE_CODE, reason);
  };
  const unsubscribe = deps.bus.subscribe((event) => {
    if (event.type === 'device.command') {
      // Only the process holding the TV's socket has it here; the others pass. The request is taken
      // off the TV's row first: if its HTTP heartbeat took it, it was delivered (device-commands.ts).
      const held = sockets.get(event.deviceId);
      if (!held?.size) return;
      void takeCommand(deps.db, event.deviceId, event.command).then(
        (mine) => {
          if (mine) for (const socket of held) send(socket, { type: event.command });
        },
        (error: unknown) => app.log.error({ err: error }, 'could not take a device command'),
      );
      return;
    }
    if (event.type !== 'device.disconnected' && event.type !== 'device.deleted') return;
    for (const socket of sockets.get(event.deviceId) ?? []) revoke(socket, 'device disconnected');
  });
  // Thousands of pushes go out in slices, yielding between them, so heartbeats and requests keep
  // being answered while a fleet is told (docs/benchmarks.md#targets).
  const pusher = createManifestPusher(
    deps.manifests,
    { socketsOf: (deviceId) => sockets.get(deviceId), pairingOf: (socket) => pairings.get(socket) },
    (error) => app.log.error({ err: error }, 'manifest push failed'),
    deps.pushInFlightBytes,
  );
  const stopChanges = deps.manifests.onChanged((changed) => void pusher.push(changed));
  /** Offline checks of closed sockets still to come: a closed app must not touch the database later. */
  const offlineChecks = new Set<NodeJS.Timeout>();
  let closing = false;
  app.addHook('onClose', async () => {
    closing = true;
    unsubscribe();
    stopChanges();
    pusher.stop();
    for (const timer of offlineChecks) clearTimeout(timer);
    for (const set of sockets.values()) for (const socket of set) socket.close(1001, 'server shutting down');
  });

  app.get(DEVICE_SOCKET_PATH, { websocket: true }, (socket, request) => {
    let identity: DeviceIdentity | null = null;
    let lastFailureAt = 0;
    const attach = (id: DeviceIdentity) => {
      // Closed meanwhile (the check outlived AUTH_TIMEOUT_MS, or the TV left): nothing to keep.
      if (socket.readyState !== socket.OPEN) return;
      identity = id;
      pairings.set(socket, id.tokenHash);
      let set = sockets.get(id.deviceId);
      if (!set) sockets.set(id.deviceId, (set = new Set()));
      set.add(socket);
      void deps.presence
        .heartbeat(id.deviceId, id.workspaceId)
        .catch((error: unknown) => heartbeatFailed(request.log, error));
      // Its manifest state is kept from now on, so edits reach this socket at once.
      void deps.manifests
        .version(id.deviceId)
        .catch((error: unknown) => request.log.error({ err: error }, 'manifest load failed'));
    };
    const refuse = () => revoke(socket, 'unauthenticated');
    /** Only a token the database does not know is refused; a check that failed is no answer. */
    const failed = (error: unknown) => {
      if (error instanceof HttpError && error.statusCode === 401) return refuse();
      const unavailable = isServiceUnavailable(error);
      if (unavailable) request.log.warn({ err: error }, 'device token check: service unavailable');
      else request.log.error({ err: error }, 'device token check failed');
      socket.close(unavailable ? TRY_AGAIN_LATER : INTERNAL_ERROR, 'try again later');
    };
    let checking = false;
    // No token within the time: refused. A check still waiting (the database slow or away): try again.
    const timeout = setTimeout(() => {
      if (identity) return;
      if (checking) socket.close(TRY_AGAIN_LATER, 'try again later');
      else refuse();
    }, AUTH_TIMEOUT_MS);

    // Messages that arrive while the token is being checked wait for that check.
    let authenticating: Promise<void> = Promise.resolve();
    const authenticateWith = (token: string) => {
      checking = true;
      authenticating = deps.auth.resolveToken(token).then(attach, failed);
    };
    const headerToken = bearerToken(request);
    if (headerToken) authenticateWith(headerToken);

    socket.on('message', (raw: Buffer) => {
      let parsed: unknown;
      try {
        parsed = JSON.parse(String(raw));
      } catch {
        return;
      }
      const message = deviceClientMessageSchema.safeParse(parsed);
      if (!message.success) return;
      if (message.data.type === 'auth') {
        if (!identity) authenticateWith(message.data.token);
        return;
      }
      if (message.data.type === 'screenshot_failed') {
        // Told to every process (Redis): one per socket every few seconds is all an answer needs.
        if (Date.now() - lastFailureAt < SCREENSHOT_FAILURE_GAP_MS) return;
        lastFailureAt = Date.now();
        void authenticating.then(() => {
          if (identity)
            deps.bus.publish({
              type: 'device.screenshot_failed',
              deviceId: identity.deviceId,
              workspaceId: identity.workspaceId,
            });
        });
        return;
      }
      authenticating
        .then(() => {
          if (!identity) return;
          const { deviceId, workspaceId } = identity;
          return deps.presence.heartbeat(deviceId, workspaceId).then(() => deviceId);
        })
        .then((deviceId) => (deviceId === undefined ? undefined : deps.manifests.version(deviceId)))
        .then((version) => {
          if (identity)
            send(socket, {
              type: 'heartbeat_ack',
              contentVersion: version ?? null,
              serverTime: new Date().toISOString(),
            });
        })
        .catch((error: unknown) => heartbeatFailed(request.log, error));
    });
    socket.on('close', () => {
      clearTimeout(timeout);
      if (!identity) return;
      const set = sockets.get(identity.deviceId);
      set?.delete(socket);
      if (set && set.size === 0 && !closing) {
        const { deviceId } = identity;
        sockets.delete(deviceId);
        // Closed without a new heartbeat within one interval: offline (docs/tv-protocol.md#presence).
        const closedAt = Date.now();
        const timer = setTimeout(() => {
          offlineChecks.delete(timer);
          deps.presence
            .goOfflineIfSilentSince(deviceId, closedAt)
            .catch((error: unknown) => request.log.error({ err: error }, 'offline check failed'));
        }, deps.closeGraceMs);
        timer.unref();
        offlineChecks.add(timer);
      }
    });
  });

  /**
   * After a bus gap (docs/scaling.md, "When PostgreSQL or Redis goes away"): the revocations
   * announced meanwhile never reached this process, so a socket whose token is not the one the
   * database holds for its device (`current`, from one read for all) is closed as the lost
   * `device.disconnected` would have closed it.
   */
  return {
    closeRevoked(current: ReadonlyMap<number, string | null>) {
      for (const [deviceId, tokenHash] of current)
        for (const socket of sockets.get(deviceId) ?? [])
          if (pairings.get(socket) !== tokenHash) revoke(socket, 'device disconnected');
    },
  };
}
