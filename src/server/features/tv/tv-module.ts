import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import type { EventBus } from '../../realtime/event-bus';
import type { MediaStore } from '../../storage/media-store';
import { createContentFastPath } from './content-fast-path';
import { createDeviceAuthenticator } from '../../auth/device-auth';
import { registerDeviceSocket } from './device-socket';
import { createManifestService } from './manifest-service';
import { createPresenceService, type PresenceOptions } from './presence-service';
import { createMediaUrlSigner } from './signed-media';
import { tvRoutes, type TvRouteDeps } from './tv-routes';

export interface TvOptions extends PresenceOptions {
  secret: string;
  pairing: TvRouteDeps['pairing'];
}

/**
 * Everything the TVs talk to (DESIGN §5): the routes, the device socket, and the background work
 * (batched `lastSeen`, the offline sweep, manifest invalidation), stopped when the app closes.
 * Call after the websocket plugin is registered.
 */
export function createTvModule(app: FastifyInstance, deps: { db: Db; bus: EventBus; store: MediaStore }, options: TvOptions) {
  const { db, bus, store } = deps;
  const auth = createDeviceAuthenticator(db, bus);
  const signer = createMediaUrlSigner(options.secret);
  const manifests = createManifestService(db, bus, signer);
  const presence = createPresenceService(db, bus, options);
  registerDeviceSocket(app, { bus, auth, manifests, presence, closeGraceMs: options.flushIntervalMs * 3 });
  const stopManifests = manifests.start((error) => app.log.error({ err: error }, 'manifest refresh failed'));
  presence.start((error) => app.log.error({ err: error }, 'presence round failed'));
  app.addHook('onClose', async () => {
    stopManifests();
    auth.close();
    await presence.stop();
  });
  return {
    routes: tvRoutes({ db, bus, auth, manifests, presence, signer, store, pairing: options.pairing }),
    /** The device level of the route pipeline (`auth: 'device'`). */
    auth,
    presence,
    manifests,
    contentFastPath: createContentFastPath(auth, manifests),
  };
}
