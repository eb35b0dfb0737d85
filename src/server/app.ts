import { randomUUID } from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { configureZod } from '../contract/zod-locale';
import { createAuthenticator } from './auth/authenticate';
import type { Config } from './config';
import type { Database } from './db/client';
import { authRoutes } from './features/auth/auth-routes';
import { registerDocs } from './features/docs/docs-routes';
import { healthRoutes } from './features/health/health-routes';
import { userRoutes } from './features/users/user-routes';
import { registerRoutes } from './http/define-route';
import { installErrorHandling } from './http/errors';
import { installSecurity } from './http/security';
import { registerWebApp } from './http/web-app';
import { APP_VERSION } from './version';

export interface AppOptions {
  config: Config;
  database: Database;
}

/** Builds the whole HTTP server; `main.ts` listens on it and the API tests inject into it. */
export async function buildApp({ config, database }: AppOptions): Promise<FastifyInstance> {
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

  const { db } = database;
  const routes = [
    ...healthRoutes(db, APP_VERSION),
    ...authRoutes(db, { loginRateLimitPerMinute: config.loginRateLimitPerMinute }),
    ...userRoutes(db),
  ];
  registerRoutes(app, routes, createAuthenticator(db));
  await registerDocs(app, routes, APP_VERSION);
  await registerWebApp(app, config.webRoot);
  return app;
}
