import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeEach } from 'vitest';
import { buildApp } from '../app';
import { loadConfig, type Config } from '../config';
import type { Database } from '../db/client';
import { createInProcessEventBus, type DomainEvent } from '../realtime/event-bus';
import { getTestDatabase, resetDatabase } from './test-database';

export interface TestContext {
  app: FastifyInstance;
  database: Database;
  /** Every event the services announced during the current test. */
  events: DomainEvent[];
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sinalize-app-'));
  return loadConfig({}, { dataDir, logLevel: 'silent', webRoot: undefined, ...overrides });
}

/**
 * Registers hooks that give each test the real app on a blank database. Returns a context whose
 * fields are filled in before each test runs.
 */
export function useTestApp(config: Partial<Config> = {}): TestContext {
  const ctx = {} as TestContext;
  beforeEach(async () => {
    ctx.database ??= await getTestDatabase();
    await resetDatabase(ctx.database);
    ctx.events = [];
    if (!ctx.app) {
      const bus = createInProcessEventBus();
      bus.subscribe((event) => ctx.events.push(event));
      ctx.app = await buildApp({ config: testConfig({ loginRateLimitPerMinute: 10_000, ...config }), database: ctx.database, bus });
    }
  });
  afterAll(async () => {
    await ctx.app?.close();
  });
  return ctx;
}

/** The `sid` cookie of a response, ready to send back as a Cookie header. */
export function sessionCookie(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((c) => c.name === 'sid');
  if (!cookie) throw new Error(`no session cookie (status ${response.statusCode}: ${response.body})`);
  return `sid=${cookie.value}`;
}
