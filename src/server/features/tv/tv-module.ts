import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import type { EventBus } from '../../realtime/event-bus';
import { createContentFastPath } from './content-fast-path';
import { createDeviceAuthenticator } from '../../auth/device-auth';
import { registerDeviceSocket } from './device-socket';
import { createManifestService } from './manifest-service';
import { createPresenceService, type PresenceOptions } from './presence-service';
import { createMediaUrlSigner } from './signed-media';

export interface TvOptions extends PresenceOptions {
  secret: string;
  pushInFlightBytes?: number;
}

/**
 * Everything the TVs talk to (docs/tv-protocol.md) but the routes (`tv-routes.ts`, which use its services):
 * the device socket, and the background work (batched `lastSeen`, the offline sweep, manifest
 * invalidation), stopped when the app closes. Call after the websocket plugin is registered.
 */
export function createTvModule(app: FastifyInstance, deps: { db: Db; bus: EventBus }, options: TvOptions) {
  const { db, bus } = deps;
  const auth = createDeviceAuthenticator(db, bus);
  const signer = createMediaUrlSigner(options.secret);
  const manifests = createManifestService(db, bus, signer);
  const presence = createPresenceService(db, bus, options);
  const deviceSockets = registerDeviceSocket(app, {
    db,
    bus,
    auth,
    manifests,
    presence,
    closeGraceMs: options.flushIntervalMs * 3,
    pushInFlightBytes: options.pushInFlightBytes,
  });
  const stopManifests = manifests.start((error) => app.log.error({ err: error }, 'manifest refresh failed'));
  presence.start((error) => app.log.error({ err: error }, 'presence round failed'));
  app.addHook('onClose', async () => {
    stopManifests();
    auth.close();
    await presence.stop();
  });
  return {
    /** The device level of the route pipeline (`auth: 'device'`). */
    auth,
    signer,
    presence,
    manifests,
    contentFastPath: createContentFastPath(auth, manifests),
    /** Closes the sockets of TVs whose token the database no longer holds (after a bus gap). */
    closeRevoked: deviceSockets.closeRevoked,
  };
}
export type TvModule = ReturnType<typeof createTvModule>;
