import { randomUUID } from 'node:crypto';
import http from 'node:http';
import path from 'node:path';
import { setTimeout as wait } from 'node:timers/promises';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import fastifyWebsocket from '@fastify/websocket';
import Fastify, {
  errorCodes,
  LogController,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import { MAX_UPLOAD_BYTES } from '../contract/constants';
import { SCREENSHOT_MAX_BYTES, TV_SCREENSHOT_PATH } from '../contract/screens';
import { configureZod } from '../contract/zod-locale';
import { createApiKeyAuth } from './auth/api-key-auth';
import { createAuthenticator, createSessionAuthenticator } from './auth/authenticate';
import { findSessionUserByHash } from './auth/session-service';
import type { Config } from './config';
import type { Database } from './db/client';
import { activityRoutes } from './features/activities/activity-routes';
import { apiKeyRoutes } from './features/api-keys/api-key-routes';
import { appDownloadRoutes } from './features/app-download/app-download-routes';
import { authRoutes } from './features/auth/auth-routes';
import { campaignRoutes } from './features/campaigns/campaign-routes';
import { deviceGroupRoutes } from './features/device-groups/device-group-routes';
import { adsRoutes } from './features/ads/ads-routes';
import { partnerCommissionRoutes } from './features/ads/partner-commission-routes';
import { advertiserStatementRoutes } from './features/ads/advertiser-statement-routes';
import { layoutRoutes } from './features/layouts/layout-routes';
import { alertRoutes } from './features/alerts/alert-routes';
import { screenHealthRoutes } from './features/tv/screen-health-routes';
import { registerAlertJobs } from './features/alerts/alert-jobs';
import { createDeviceListCache } from './features/devices/device-list-cache';
import { deviceRoutes } from './features/devices/device-routes';
import { deviceScreenRoutes } from './features/devices/device-screen-routes';
import type { ContentFastPath } from './features/tv/content-fast-path';
import { createTvModule } from './features/tv/tv-module';
import { workspaceRoutes } from './features/workspaces/workspace-routes';
import { tvRoutes } from './features/tv/tv-routes';
import { registerDocs } from './features/docs/docs-routes';
import { healthRoutes } from './features/health/health-routes';
import type { ServiceProbe } from './features/health/health-service';
import { mediaRoutes } from './features/media/media-routes';
import { contentRoutes } from './features/content/content-routes';
import { registerFeedJobs } from './features/content/feed-jobs';
import { createFeedRefresher } from './features/content/feed-refresh-thread';
import {
  ADVERTISER_IN_USE,
  explainAdvertiserInUse,
  explainPartnerInUse,
  PARTNER_IN_USE,
} from './features/ads/removal-conflicts';
import { registerAdPacingJobs } from './features/ads/ad-pacing';
import { registerMediaJobs } from './features/media/media-jobs';
import { playRoutes } from './features/plays/play-routes';
import { playlistRoutes } from './features/playlists/playlist-routes';
import { reportRoutes } from './features/reports/report-routes';
import { userRoutes } from './features/users/user-routes';
import { installApiCompression } from './http/compress-api';
import { registerRoutes } from './http/define-route';
import type { RouteDeps } from './http/route-deps';
import { frameworkErrors, installErrorHandling, type ForeignKeyExplainer } from './http/errors';
import { installSecurity } from './http/security';
import { createJobQueue, type JobQueueOptions } from './jobs/job-queue';
import { listenForJobs } from './jobs/job-listener';
import { jobRoutes } from './jobs/job-routes';
import { startMaintenance } from './maintenance/maintenance';
import { registerAdminChannel } from './realtime/admin-channel';
import { createInProcessEventBus, type EventBus } from './realtime/event-bus';
import { createMemoryLimiter, type Limiter } from './limits/limiter';
import { registerWebApp } from './http/web-app';
import { createMediaStore } from './storage/media-store';
import { APP_VERSION } from './version';

export interface AppOptions {
  config: Config;
  database: Database;
  /** Where services announce changes; in-process unless given (tests pass one to listen in). */
  bus?: EventBus;
  /**
   * Where abuse limits count: this process's memory unless given; main.ts passes the Redis one when
   * REDIS_URL is set so that every process shares one budget (docs/security.md).
   */
  limiter?: Limiter;
  /** Where log lines go instead of stdout (tests read what the server logged). */
  logStream?: { write(line: string): void };
  /** How a set wait is waited (a refused pairing's delay): a timer unless given; tests record it instead. */
  sleep?: (ms: number) => PromiseLike<unknown>;
  /** Services besides the database that /api/health checks (main.ts: Redis, when REDIS_URL is set). */
  probes?: readonly ServiceProbe[];
  /** The job queue's timings and limits (docs/jobs.md); tests shorten the lease and poll, or stop the worker. */
  jobs?: Partial<JobQueueOptions>;
}

/** Every API route, in registration order; each factory takes the one `RouteDeps`. */
const routeFactories = [
  healthRoutes,
  authRoutes,
  userRoutes,
  apiKeyRoutes,
  playlistRoutes,
  campaignRoutes,
  deviceRoutes,
  deviceScreenRoutes,
  deviceGroupRoutes,
  adsRoutes,
  partnerCommissionRoutes,
  advertiserStatementRoutes,
  layoutRoutes,
  mediaRoutes,
  contentRoutes,
  tvRoutes,
  playRoutes,
  appDownloadRoutes,
  workspaceRoutes,
  activityRoutes,
  reportRoutes,
  jobRoutes,
  alertRoutes,
  screenHealthRoutes,
];

/** How long an idle keep-alive connection stays open (Fastify's default). */
export const KEEP_ALIVE_TIMEOUT_MS = 72_000;

/** An answer slower than this is logged at info level, whatever the configured detail. */
const SLOW_REQUEST_MS = 1000;

/**
 * Fastify writes two lines per request at info; at thousands of TV requests a second that costs a
 * third of the throughput. Here they are debug lines, a slow answer stays at info, and every error
 * line (failed requests, streams cut with an error, serializer failures) is Fastify's own.
 */
class RequestLogAtDebug extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) return super.requestCompleted(error, request, reply);
    const level = reply.elapsedTime >= SLOW_REQUEST_MS ? 'info' : 'debug';
    reply.log[level]({ res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}

/**
 * On shutdown every socket gets a close frame with 1001 ("going away"), so TVs and admin screens
 * reconnect at once to another process instead of waiting for a timeout; the close waits for
 * their answers at most a second.
 */
async function closeSocketsGoingAway(this: FastifyInstance): Promise<void> {
  const clients = [...this.websocketServer.clients];
  const closed = clients.map((client) => new Promise<void>((resolve) => client.once('close', () => resolve())));
  for (const client of clients) client.close(1001, 'servidor encerrando');
  await Promise.race([Promise.all(closed), new Promise((resolve) => setTimeout(resolve, 1000).unref())]);
  for (const client of clients) client.terminate();
}

/** Builds the whole HTTP server; `main.ts` listens on it and the API tests inject into it. */
export async function buildApp({
  config,
  database,
  bus = createInProcessEventBus(),
  limiter,
  logStream,
  sleep = (ms) => wait(ms),
  probes = [],
  jobs: jobOptions,
}: AppOptions): Promise<FastifyInstance> {
  configureZod();
  // Set once the TV module exists: conditional manifest requests answered before Fastify routes them.
  let contentFastPath: ContentFastPath | null = null;
  const app = Fastify({
    serverFactory: (handler) => {
      const server = http.createServer((req, res) => {
        if (!contentFastPath?.(req, res)) handler(req, res);
      });
      // Fastify sets this only on a server it makes itself. Node's own 5 s closes an idle connection
      // while a client may be sending on it (ECONNRESET on a PATCH seen in e2e); 72 s is Fastify's
      // default, longer than the proxies' and browsers' idle timeouts, which then close first.
      server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
      return server;
    },
    logger:
      config.logLevel === 'silent' ? false : { level: config.logLevel, ...(logStream ? { stream: logStream } : {}) },
    genReqId: (req) => (req.headers['x-request-id'] as string | undefined)?.slice(0, 64) || randomUUID(),
    // Only the proxies in TRUST_PROXY (loopback by default) may vouch for the client address:
    // every per-address limit keys on it.
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    logController: new RequestLogAtDebug(),
    // The router's own refusals (over-long path parameter, bad percent-encoding) in our format.
    frameworkErrors,
  });

  // The id that every log line of this request carries, so a user's report can be traced.
  app.addHook('onRequest', async (request, reply) => {
    reply.header('X-Request-Id', request.id);
  });
  // Explainers of refused removals, by foreign key, once the database is known (below).
  const foreignKeys = new Map<string, ForeignKeyExplainer>();
  installErrorHandling(app, foreignKeys);
  app.decorate('serviceProbes', probes);
  installSecurity(app, config.trustedOrigins);
  installApiCompression(app);
  await app.register(fastifyCookie);
  const limits = limiter ?? createMemoryLimiter();
  if (!limiter) app.addHook('onClose', () => limits.close());
  // Uploads are read as streams by their handler, never buffered.
  await app.register(fastifyMultipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10, fieldSize: 1024, parts: 20, headerPairs: 50 },
  });
  // The one raw body: a TV's screenshot (issue 15), a small JPEG held in memory, 413 past its limit.
  // Any other route refuses the type before a byte is read.
  app.addContentTypeParser(
    'image/jpeg',
    { parseAs: 'buffer', bodyLimit: SCREENSHOT_MAX_BYTES },
    (_request, body, done) => done(null, body),
  );
  app.addHook('onRequest', async (request) => {
    if (request.headers['content-type']?.startsWith('image/jpeg') && request.routeOptions.url !== TV_SCREENSHOT_PATH) {
      throw new errorCodes.FST_ERR_CTP_INVALID_MEDIA_TYPE(request.headers['content-type']);
    }
  });

  const { db } = database;
  foreignKeys.set(ADVERTISER_IN_USE, explainAdvertiserInUse(db));
  foreignKeys.set(PARTNER_IN_USE, explainPartnerInUse(db));
  const store = createMediaStore(config.mediaStorage);
  await app.register(fastifyWebsocket, { options: { maxPayload: 64 * 1024 }, preClose: closeSocketsGoingAway });
  const tv = createTvModule(app, { db, bus }, { secret: config.sessionSecret, ...config.tv });
  contentFastPath = tv.contentFastPath;
  const uploadTmpDir = path.join(config.dataDir, 'tmp');
  // One background queue for the app (docs/jobs.md). On PGlite only this process opens the
  // database, so jobs left running belong to a process that is gone: no need to wait for their lease.
  const jobs = createJobQueue(db, app.log, { releaseLeasesAtStart: database.kind === 'pglite', ...jobOptions });
  registerMediaJobs(jobs, { db, store, bus, tmpDir: uploadTmpDir, quotaBytes: config.storageQuotaBytes, log: app.log });
  registerAlertJobs(jobs, db, config.alerts, config.storageQuotaBytes);
  const feedDeps = { db, bus, feeds: config.feeds, store, tmpDir: uploadTmpDir, log: app.log };
  const feedRefresher = createFeedRefresher(database, feedDeps, config.mediaStorage);
  registerFeedJobs(feedDeps, jobs, feedRefresher);
  registerAdPacingJobs(jobs, { db, bus });
  const maintenance = startMaintenance(
    { db, store, tmpDir: uploadTmpDir, log: app.log, jobs },
    { ...config.maintenance, playsRetentionDays: config.playsRetentionDays },
  );
  jobs.start();
  const stopListening = config.databaseUrl
    ? await listenForJobs(config.databaseUrl, jobs.wake, (error) =>
        app.log.warn({ err: error }, 'job notifications lost; polling only'),
      ).catch((error: unknown) => {
        app.log.warn({ err: error }, 'could not listen for job notifications; polling only');
        return undefined;
      })
    : undefined;
  app.addHook('onClose', async () => {
    await stopListening?.();
    await jobs.stop();
    await feedRefresher.close();
    await maintenance.stop();
  });
  const deviceList = createDeviceListCache({ db, bus });
  app.addHook('onClose', async () => deviceList.stop());
  // Everything the events keep true, dropped: read again on the next request (tests: a cold cache).
  app.decorate('forgetKeptAnswers', () => {
    deviceList.clear();
    tv.manifests.clear();
    tv.auth.clear();
  });
  // A process that missed bus events (a Redis gap: main.ts): the lists are read again when asked
  // (one query per workspace), the manifests and tokens in one batch each, the TVs whose manifest
  // moved are told at once and revoked TVs' sockets closed (issue 28: an edit made on another
  // process meanwhile reached no TV of this one; docs/scaling.md#when-postgresql-or-redis-goes-away).
  app.decorate('resyncKeptAnswers', () => {
    deviceList.clear();
    void tv.manifests.resync();
    tv.auth
      .revalidate()
      .then(tv.closeRevoked, (error: unknown) =>
        app.log.warn({ err: error }, 'device tokens not checked after a bus gap; dropped instead'),
      );
  });
  const deps: RouteDeps = {
    config,
    db,
    bus,
    store,
    limiter: limits,
    jobs,
    tmpDir: uploadTmpDir,
    tv,
    deviceList,
    sleep,
  };
  const routes = routeFactories.flatMap((factory) => factory(deps));
  const keys = createApiKeyAuth(db, { flushIntervalMs: config.apiKeyUsageFlushMs });
  keys.start((error) => app.log.error({ err: error }, 'api key lastUsed flush failed'));
  app.addHook('onClose', () => keys.stop());
  registerRoutes(app, routes, { authenticate: createAuthenticator(db, keys, tv.auth), limiter: limits });
  registerAdminChannel(app, bus, {
    authenticate: createSessionAuthenticator(db),
    findSession: (hash) => findSessionUserByHash(db, hash),
    trustedOrigins: config.trustedOrigins,
  });
  await registerDocs(app, routes, APP_VERSION);
  await registerWebApp(app, config.webRoot);
  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Drops every answer kept between requests (the device lists, the TV manifests and tokens). */
    forgetKeptAnswers(): void;
    /**
     * This process missed bus events: drops the device lists, reads the TV manifests and tokens
     * again in one batch each, tells the TVs whose manifest moved and closes revoked TVs' sockets.
     */
    resyncKeptAnswers(): void;
  }
}
