import { randomUUID } from 'node:crypto';
import path from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyWebsocket from '@fastify/websocket';
import Fastify, { type FastifyInstance } from 'fastify';
import { MAX_UPLOAD_BYTES } from '../contract/constants';
import { configureZod } from '../contract/zod-locale';
import { createAuthenticator } from './auth/authenticate';
import type { Config } from './config';
import type { Database } from './db/client';
import { appDownloadRoutes } from './features/app-download/app-download-routes';
import { authRoutes } from './features/auth/auth-routes';
import { campaignRoutes } from './features/campaigns/campaign-routes';
import { deviceGroupRoutes } from './features/device-groups/device-group-routes';
import { deviceRoutes } from './features/devices/device-routes';
import { createTvModule } from './features/tv/tv-module';
import { registerDocs } from './features/docs/docs-routes';
import { healthRoutes } from './features/health/health-routes';
import { mediaRoutes } from './features/media/media-routes';
import { cleanStaleUploads } from './features/media/upload-receiver';
import { playlistRoutes } from './features/playlists/playlist-routes';
import { userRoutes } from './features/users/user-routes';
import { registerRoutes } from './http/define-route';
import { installErrorHandling } from './http/errors';
import { installSecurity } from './http/security';
import { registerAdminChannel } from './realtime/admin-channel';
import { createInProcessEventBus, type EventBus } from './realtime/event-bus';
import { registerWebApp } from './http/web-app';
import { createMediaStore } from './storage/media-store';
import { APP_VERSION } from './version';

export interface AppOptions {
  config: Config;
  database: Database;
  /** Where services announce changes; in-process unless given (tests pass one to listen in). */
  bus?: EventBus;
}

/** Builds the whole HTTP server; `main.ts` listens on it and the API tests inject into it. */
export async function buildApp({ config, database, bus = createInProcessEventBus() }: AppOptions): Promise<FastifyInstance> {
  configureZod();
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    genReqId: (req) => (req.headers['x-request-id'] as string | undefined)?.slice(0, 64) || randomUUID(),
    // Only proxies on private networks may vouch for the client address (rate limits key on it).
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
  });

  // The id that every log line of this request carries, so a user's report can be traced.
  app.addHook('onRequest', async (request, reply) => {
    reply.header('X-Request-Id', request.id);
  });
  installErrorHandling(app);
  installSecurity(app, config.trustedOrigins);
  await app.register(fastifyCookie);
  await app.register(fastifyRateLimit, { global: false });
  // Uploads are read as streams by their handler, never buffered.
  await app.register(fastifyMultipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10, fieldSize: 1024, parts: 20, headerPairs: 50 },
  });

  const { db } = database;
  const store = createMediaStore(config.mediaStorage);
  await app.register(fastifyWebsocket, { options: { maxPayload: 64 * 1024 } });
  const tv = createTvModule(app, { db, bus, store }, { secret: config.sessionSecret, ...config.tv });
  const uploadTmpDir = path.join(config.dataDir, 'tmp');
  void cleanStaleUploads(uploadTmpDir).catch((error: unknown) => app.log.warn({ err: error }, 'could not clean old upload temp files'));
  const routes = [
    ...healthRoutes(db, APP_VERSION),
    ...authRoutes(db, { loginRateLimitPerMinute: config.loginRateLimitPerMinute }),
    ...userRoutes(db),
    ...playlistRoutes({ db, bus }),
    ...campaignRoutes({ db, bus }),
    ...deviceRoutes({ db, bus, quotaBytes: config.storageQuotaBytes }),
    ...deviceGroupRoutes(db),
    ...mediaRoutes(
      {
        db,
        bus,
        store,
        tmpDir: uploadTmpDir,
        quotaBytes: config.storageQuotaBytes,
        maxUploadBytes: MAX_UPLOAD_BYTES,
      },
      { uploadRateLimitPerMinute: config.uploadRateLimitPerMinute },
    ),
    ...tv.routes,
    ...appDownloadRoutes({ apkPath: config.appApkPath }),
  ];
  const authenticate = createAuthenticator(db);
  registerRoutes(app, routes, authenticate);
  registerAdminChannel(app, bus, authenticate);
  await registerDocs(app, routes, APP_VERSION);
  await registerWebApp(app, config.webRoot);
  return app;
}
