import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeEach } from 'vitest';
import { buildApp, type AppOptions } from '../app';
import { loadConfig, type Config } from '../config';
import type { Database } from '../db/client';
import { createMemoryLimiter, type Limiter } from '../limits/limiter';
import { createInProcessEventBus, type DomainEvent, type EventBus } from '../realtime/event-bus';
import { createMediaStore, type MediaStore } from '../storage/media-store';
import { getTestDatabase, resetDatabase } from './test-database';

export interface TestContext {
  app: FastifyInstance;
  database: Database;
  /** Every event the services announced during the current test. */
  events: DomainEvent[];
  /** The app's bus: what a test publishes here reaches the app as another process's event would. */
  bus: EventBus;
  /** The app's configuration, as `buildApp` got it. */
  config: Config;
  /** The app's media store (another handle on the same folder or bucket), for factories that put files. */
  store: MediaStore;
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sinalize-app-'));
  // No APK unless a test names one: a developer's dist/sinalize-tv.apk must not change the results.
  return loadConfig({}, { dataDir, logLevel: 'silent', webRoot: undefined, appApkPath: undefined, ...overrides });
}

/**
 * Registers hooks that give each test the real app on a blank database. Returns a context whose
 * fields are filled in before each test runs.
 */
export function useTestApp(
  config: Partial<Config> = {},
  options: Pick<AppOptions, 'logStream' | 'sleep' | 'jobs'> = {},
): TestContext {
  const ctx = {} as TestContext;
  // Each test counts its abuse limits afresh (the same address, 127.0.0.1, makes every request):
  // the app keeps this limiter, whose counters are a new memory limiter's every test.
  let counters = createMemoryLimiter();
  const limiter: Limiter = {
    hit: (...args) => counters.hit(...args),
    peek: (key) => counters.peek(key),
    reset: (key) => counters.reset(key),
    close: () => counters.close(),
  };
  beforeEach(async () => {
    ctx.database ??= await getTestDatabase();
    await resetDatabase(ctx.database);
    await counters.close();
    counters = createMemoryLimiter();
    ctx.events = [];
    if (!ctx.app) {
      const bus = (ctx.bus = createInProcessEventBus());
      bus.subscribe((event) => ctx.events.push(event));
      ctx.config = testConfig({ loginRateLimitPerMinute: 10_000, ...config });
      ctx.store = createMediaStore(ctx.config.mediaStorage);
      ctx.app = await buildApp({ config: ctx.config, database: ctx.database, bus, limiter, ...options });
    }
  });
  afterAll(async () => {
    await ctx.app?.close();
    await limiter.close();
  });
  return ctx;
}

/** The `sid` cookie of a response, ready to send back as a Cookie header. */
export function sessionCookie(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((c) => c.name === 'sid');
  if (!cookie) throw new Error(`no session cookie (status ${response.statusCode}: ${response.body})`);
  return `sid=${cookie.value}`;
}
