import { randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../contract/messages';
import { buildApp } from '../app';
import type { Database } from '../db/client';
import { jobs, media } from '../db/schema';
import { createMediaStore } from '../storage/media-store';
import { eventually } from '../test/eventually';
import { makeMedia, signedInUser, workspaceOf } from '../test/factories';
import { testConfig } from '../test/test-app';
import { getTestDatabase, resetDatabase } from '../test/test-database';
import { noisePng, settledMedia } from '../test/uploads';
import { claimJob, insertJob } from './job-store';

/**
 * docs/jobs.md, end to end on the app's own queue: a media job whose every attempt fails for a
 * reason that is not the file's (here, its file missing from the store) is retried with its backoff,
 * failed after its last attempt with the row 'failed', listed to the workspace's admin with a
 * Portuguese reason, and once the cause is gone, "Tentar novamente" processes the media.
 */
describe('a job that fails for good, then retried by an admin', () => {
  let database: Database;
  let app: FastifyInstance;
  const config = testConfig({ dataDir: mkdtempSync(path.join(os.tmpdir(), 'sinalize-job-retry-')) });
  beforeAll(async () => {
    database = await getTestDatabase();
    await resetDatabase(database);
    // A short poll: the test skips each backoff by making the job due, and the worker finds it soon.
    app = await buildApp({ config, database, jobs: { pollIntervalMs: 50 } });
  });
  afterAll(async () => {
    await app?.close();
  });

  it("fails after 3 attempts, shows why, and runs again from the admins' retry", async () => {
    const owner = await signedInUser(app, database, 'admin');
    const workspaceId = await workspaceOf(database, owner.user.id);
    const key = `${randomUUID()}.png`;
    const row = await makeMedia({ database }, { owner, status: 'processing', filename: key });
    const id = (await insertJob(database.db, 'media.process', { mediaId: row.id }, { maxAttempts: 3, workspaceId }))!;
    const job = async () => (await database.db.select().from(jobs).where(eq(jobs.id, id)))[0]!;

    for (const [attempt, minutes] of [
      [1, 1],
      [2, 5],
    ] as const) {
      await eventually(async () => (await job()).attempts === attempt && (await job()).status === 'queued');
      expect((await job()).lastError).toBe(messages.jobs.internalError);
      // The kind's backoff (media-jobs.ts), as the database's clock counts it: 1 then 5 minutes.
      const { rows } = (await database.db.execute(
        sql`select extract(epoch from (run_at - now())) as s from jobs where id = ${id}`,
      )) as unknown as { rows: Array<{ s: string | number }> };
      expect(Number(rows[0]!.s)).toBeGreaterThan(minutes * 60 - 5);
      expect(Number(rows[0]!.s)).toBeLessThanOrEqual(minutes * 60);
      // Not the last attempt: the gallery still says "Processando…".
      expect((await database.db.select().from(media).where(eq(media.id, row.id)))[0]!.status).toBe('processing');
      await database.db.execute(sql`update jobs set run_at = now() where id = ${id}`);
    }
    await eventually(async () => (await job()).status === 'failed', 'failed after the 3rd attempt');
    expect((await database.db.select().from(media).where(eq(media.id, row.id)))[0]!.status).toBe('failed');

    const listed = await app.inject({ method: 'GET', url: '/api/jobs', headers: { cookie: owner.cookie } });
    expect(listed.json()).toEqual([
      expect.objectContaining({
        id,
        label: 'Processamento de mídia',
        attempts: 3,
        lastError: messages.jobs.internalError,
      }),
    ]);
    expect(listed.body).not.toContain(key);

    // The cause goes away (the file is back in the store); the admin tries again.
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'sinalize-job-retry-file-')), 'f.png');
    writeFileSync(file, await noisePng(40, 30, 2));
    await createMediaStore(config.mediaStorage).putFile(key, file, 'image/png');
    const retried = await app.inject({
      method: 'POST',
      url: `/api/jobs/${id}/retry`,
      headers: { cookie: owner.cookie },
    });
    expect(retried.statusCode, retried.body).toBe(200);
    const ready = await settledMedia(app, owner.cookie, row.id);
    expect(ready).toMatchObject({ status: 'ready', thumbnailUrl: `/api/media/${row.id}/thumbnail` });
    await eventually(async () => (await job()).status === 'completed');
    expect((await job()).attempts).toBe(1);
    expect((await app.inject({ method: 'GET', url: '/api/jobs', headers: { cookie: owner.cookie } })).json()).toEqual(
      [],
    );
  });

  it('gives the row up when the process running its last attempt died (the lease ran out)', async () => {
    const owner = await signedInUser(app, database, 'admin');
    const workspaceId = await workspaceOf(database, owner.user.id);
    const row = await makeMedia({ database }, { owner, status: 'processing', filename: `${randomUUID()}.png` });
    // A worker claims the last attempt and dies: nobody extends its lease. Claimed in the insert's
    // transaction, so the app's own worker never sees the job queued (it would take it first).
    const [id, claimed] = await database.db.transaction(async (tx) => {
      const inserted = await insertJob(tx, 'media.process', { mediaId: row.id }, { maxAttempts: 1, workspaceId });
      return [inserted!, await claimJob(tx, ['media.process'], 'dead-process', 100)] as const;
    });
    expect(claimed?.id).toBe(id);
    const job = async () => (await database.db.select().from(jobs).where(eq(jobs.id, id)))[0]!;
    await eventually(async () => (await job()).status === 'failed', 'failed once the lease ran out');
    expect((await job()).lastError).toBe(messages.jobs.interrupted);
    // Not "Processando…" forever: the gallery shows it failed, and the admin's retry can bring it back.
    await eventually(
      async () => (await database.db.select().from(media).where(eq(media.id, row.id)))[0]!.status === 'failed',
      'the row failed with its job',
    );
  });
});
