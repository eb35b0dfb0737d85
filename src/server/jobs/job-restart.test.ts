import { createHash } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type AppOptions } from '../app';
import type { Database } from '../db/client';
import { jobs, media } from '../db/schema';
import { createInProcessEventBus, type DomainEvent } from '../realtime/event-bus';
import { eventually } from '../test/eventually';
import { makeMedia, signedInUser, workspaceOf } from '../test/factories';
import { testConfig } from '../test/test-app';
import { getTestDatabase, resetDatabase } from '../test/test-database';
import { filesUnder, noisePng, settledMedia, upload } from '../test/uploads';

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** docs/jobs.md: what was queued survives a restart in the jobs table; no table is scanned at start. */
describe('a restart resumes the queued jobs', () => {
  let database: Database;
  const apps: FastifyInstance[] = [];
  const start = async (dataDir: string, options: Omit<AppOptions, 'config' | 'database'> = {}) => {
    const app = await buildApp({ config: testConfig({ dataDir }), database, ...options });
    apps.push(app);
    return app;
  };
  beforeAll(async () => {
    database = await getTestDatabase();
  });
  afterEach(async () => {
    await Promise.all(apps.splice(0).map((app) => app.close()));
  });

  it('processes after a new start an upload whose job was queued, and removes its temp link; a row without a job stays', async () => {
    await resetDatabase(database);
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sinalize-job-restart-'));
    // The first process takes uploads but runs no jobs (as if it died before its worker got there).
    const first = await start(dataDir, { jobs: { work: false } });
    const owner = await signedInUser(first, database, 'user');
    const { user, cookie } = owner;
    const png = await noisePng(300, 200, 5);
    const res = await upload(first, cookie, { content: png, filename: 'fila.png' });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().id as number;
    const playlist = (
      await first.inject({
        method: 'POST',
        url: '/api/playlists',
        headers: { cookie },
        payload: { name: 'Retomada', items: [{ mediaId: id, duration: 5 }] },
      })
    ).json();
    // Committed with the row: the job names the media and the upload's hard link.
    const workspaceId = await workspaceOf(database, user.id);
    const mediaJobs = () => database.db.select().from(jobs).where(eq(jobs.kind, 'media.process'));
    const [job] = await mediaJobs();
    expect(job).toMatchObject({ kind: 'media.process', status: 'queued', attempts: 0, workspaceId });
    expect(job!.payload).toMatchObject({ mediaId: id });
    expect(filesUnder(path.join(dataDir, 'tmp')).map((f) => path.basename(f))).toEqual([job!.payload.localFile]);
    // A row an older version left 'processing' without a job: a restart must not go looking for it.
    const orphan = await makeMedia({ database }, { owner, status: 'processing' });
    await first.close();

    const bus = createInProcessEventBus();
    const events: DomainEvent[] = [];
    bus.subscribe((e) => events.push(e));
    const second = await start(dataDir, { bus });
    const ready = await settledMedia(second, cookie, id);
    expect(ready).toMatchObject({ status: 'ready', sha256: sha256(png), thumbnailUrl: `/api/media/${id}/thumbnail` });
    expect(events).toContainEqual({ type: 'media.changed', mediaId: id, workspaceId });
    expect(events).toContainEqual({ type: 'playlist.changed', playlistId: playlist.id, workspaceId });
    await eventually(async () => (await mediaJobs())[0]?.status === 'completed');
    expect(filesUnder(path.join(dataDir, 'tmp'))).toEqual([]);
    const [still] = await database.db.select().from(media).where(eq(media.id, orphan.id));
    expect(still!.status).toBe('processing');
  });
});
