import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { hashToken, newToken } from '../auth/tokens';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { media, sessions } from '../db/schema';
import { createLocalStore } from '../storage/local-store';
import { createS3Store } from '../storage/s3-store';
import { startS3TestServer } from '../storage/s3-test-server';
import { makeMedia, userWithSession } from '../test/factories';
import { testConfig } from '../test/test-app';
import { getTestDatabase, resetDatabase } from '../test/test-database';
import { reconcileMediaStore } from './orphan-files';
import { eventually } from '../test/eventually';

const HOUR = 60 * 60 * 1000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** A file written now but dated `ageMs` ago (its modification time). */
function writeAged(file: string, ageMs: number) {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, 'x');
  const when = new Date(Date.now() - ageMs);
  utimesSync(file, when, when);
}

describe('cleanup of crash leftovers and expired sessions', () => {
  let database: Database;
  const apps: FastifyInstance[] = [];
  const start = async (overrides: Partial<Config>) => {
    const app = await buildApp({ config: testConfig(overrides), database });
    apps.push(app);
    return app;
  };
  beforeAll(async () => {
    database = await getTestDatabase();
  });
  afterEach(async () => {
    await Promise.all(apps.splice(0).map((app) => app.close()));
  });

  /** A row naming a key the test puts in the store itself, with a chosen age, or leaves missing. */
  const mediaRow = (userId: number, filename: string, thumbnailFilename: string | null) =>
    makeMedia({ database }, { userId, filename, thumbnailFilename });
  const sessionExists = async (tokenHash: string) =>
    (await database.db.select().from(sessions).where(eq(sessions.tokenHash, tokenHash))).length > 0;
  const expiredSession = async (userId: number) => {
    const tokenHash = hashToken(newToken());
    await database.db.insert(sessions).values({ tokenHash, userId, expiresAt: new Date(Date.now() - 1000) });
    return tokenHash;
  };

  it('at start (local store): old orphans, stale temp files and expired sessions go; live, young and foreign files stay', async () => {
    await resetDatabase(database);
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sinalize-maintenance-'));
    const file = (name: string) => path.join(dataDir, 'media', name);
    const [live, orphan, young, partial] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    writeAged(file(`${live}.png`), 2 * HOUR);
    writeAged(file(`${live}-thumb.webp`), 2 * HOUR);
    writeAged(file(`${orphan}.png`), 2 * HOUR);
    writeAged(file(`${orphan}-thumb.webp`), 2 * HOUR);
    writeAged(file(`${partial}.mp4.partial`), 2 * HOUR);
    writeAged(file(`${young}.png`), 0);
    writeAged(file('leia-me.txt'), 2 * HOUR);
    writeAged(path.join(dataDir, 'tmp', `${randomUUID()}.part`), 2 * HOUR);
    const freshTmp = path.join(dataDir, 'tmp', `${randomUUID()}.part`);
    writeAged(freshTmp, 0);
    const { user, cookie } = await userWithSession(database);
    await mediaRow(user.id, `${live}.png`, `${live}-thumb.webp`);
    const expired = await expiredSession(user.id);

    await start({ dataDir });
    await eventually(async () => !existsSync(file(`${orphan}.png`)) && !(await sessionExists(expired)));
    await eventually(() => readdirSync(path.join(dataDir, 'tmp')).length === 1);
    expect(existsSync(file(`${orphan}-thumb.webp`))).toBe(false);
    expect(existsSync(file(`${partial}.mp4.partial`))).toBe(false);
    expect(existsSync(file(`${live}.png`))).toBe(true);
    expect(existsSync(file(`${live}-thumb.webp`))).toBe(true);
    expect(existsSync(file(`${young}.png`))).toBe(true);
    expect(existsSync(file('leia-me.txt'))).toBe(true);
    expect(existsSync(freshTmp)).toBe(true);
    expect(await database.db.select().from(media)).toHaveLength(1);
    expect(await sessionExists(hashToken(cookie.slice('sid='.length)))).toBe(true);
  });

  it('prunes expired sessions periodically, not only at start', async () => {
    await resetDatabase(database);
    const { user, cookie } = await userWithSession(database);
    await start({ maintenance: { graceMs: HOUR, sessionPruneIntervalMs: 50 } });
    const expired = await expiredSession(user.id);
    await eventually(async () => !(await sessionExists(expired)));
    expect(await sessionExists(hashToken(cookie.slice('sid='.length)))).toBe(true);
  });

  it("cleans this process's upload temp folder every interval, not only at start", async () => {
    await resetDatabase(database);
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sinalize-maintenance-'));
    await start({ dataDir, maintenance: { graceMs: HOUR, sessionPruneIntervalMs: 50 } });
    // An upload's copy for its job, left behind after the start's cleanup (another process ran the job).
    const left = path.join(dataDir, 'tmp', `${randomUUID()}.job`);
    writeAged(left, 2 * HOUR);
    const fresh = path.join(dataDir, 'tmp', `${randomUUID()}.job`);
    writeAged(fresh, 0);
    await eventually(() => !existsSync(left), 'the stale copy removed');
    expect(existsSync(fresh)).toBe(true);
  });

  it('reports rows whose file is missing in the log, and never deletes them', async () => {
    await resetDatabase(database);
    const dir = mkdtempSync(path.join(os.tmpdir(), 'sinalize-maintenance-'));
    const { user } = await userWithSession(database);
    const lost = await mediaRow(user.id, `${randomUUID()}.png`, null);
    const kept = randomUUID();
    writeAged(path.join(dir, `${kept}.png`), 2 * HOUR);
    await mediaRow(user.id, `${kept}.png`, null);
    const logged: unknown[][] = [];
    const log = {
      error: (...args: unknown[]) => logged.push(args),
      warn: (...args: unknown[]) => logged.push(args),
    } as unknown as FastifyBaseLogger;

    const result = await reconcileMediaStore(database.db, createLocalStore(dir), {
      graceMs: HOUR,
      log,
      now: new Date(Date.now() + 1000),
    });
    expect(result).toEqual({ deleted: [], missing: [{ mediaId: lost.id, key: lost.filename }] });
    expect(logged).toEqual([
      [{ count: 1, missing: result.missing }, 'media rows whose file is missing from the store'],
    ]);
    expect(await database.db.select().from(media)).toHaveLength(2);
  });

  describe('on an S3 bucket', () => {
    let s3: Awaited<ReturnType<typeof startS3TestServer>>;
    beforeAll(async () => {
      s3 = await startS3TestServer();
    });
    afterAll(async () => {
      await s3?.close();
    });

    it('at start: deletes the objects without a row (past the grace period), keeps the live ones', async () => {
      await resetDatabase(database);
      const store = createS3Store(s3.config);
      const put = async (key: string) => {
        const tmp = path.join(mkdtempSync(path.join(os.tmpdir(), 'sinalize-s3-put-')), 'f');
        writeFileSync(tmp, 'conteudo');
        await store.putFile(key, tmp, 'image/png');
      };
      const [live, orphan] = [randomUUID(), randomUUID()];
      for (const key of [
        `${live}.png`,
        `${live}-thumb.webp`,
        `${orphan}.png`,
        `${orphan}-thumb.webp`,
        'backup-do-operador.tar',
      ])
        await put(key);
      const { user } = await userWithSession(database);
      await mediaRow(user.id, `${live}.png`, `${live}-thumb.webp`);
      await sleep(5); // the objects are older than the (zero) grace period below

      await start({ mediaStorage: s3.config, maintenance: { graceMs: 0, sessionPruneIntervalMs: HOUR } });
      await eventually(
        async () => (await store.size(`${orphan}.png`)) === null && (await store.size(`${orphan}-thumb.webp`)) === null,
      );
      expect(await store.size(`${live}.png`)).not.toBeNull();
      expect(await store.size(`${live}-thumb.webp`)).not.toBeNull();
      expect(await store.size('backup-do-operador.tar')).not.toBeNull();
    });
  });
});
