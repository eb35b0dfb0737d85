import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { messages } from '../../contract/messages';
import { jobs } from '../db/schema';
import { eventually } from '../test/eventually';
import { makeFailedJob, makeWorkspace, signedInUser, workspaceOf } from '../test/factories';
import { useTestApp } from '../test/test-app';
import { insertJob } from './job-store';

/** docs/jobs.md: a workspace's admins see its failed jobs and may put them back in the queue. */
describe('GET /api/jobs and POST /api/jobs/{id}/retry', () => {
  const t = useTestApp();

  async function adminWithJobs() {
    const admin = await signedInUser(t.app, t.database, 'admin');
    const workspaceId = await workspaceOf(t.database, admin.user.id);
    const failed = await makeFailedJob(t.database, { workspaceId });
    const elsewhere = await makeFailedJob(t.database, { workspaceId: await makeWorkspace(t.database) });
    const system = await makeFailedJob(t.database, { workspaceId: null, kind: 'maintenance.hourly', payload: {} });
    // Not failed: never listed (a kind without a handler here, so it stays queued).
    await insertJob(t.database.db, 'feed.refresh', {}, { maxAttempts: 3, workspaceId });
    return { ...admin, workspaceId, failed, elsewhere, system };
  }
  const list = (cookie?: string, query = '') =>
    t.app.inject({ method: 'GET', url: `/api/jobs${query}`, headers: cookie ? { cookie } : {} });
  const retry = (id: number | string, cookie?: string) =>
    t.app.inject({ method: 'POST', url: `/api/jobs/${id}/retry`, headers: cookie ? { cookie } : {} });
  const statusOf = async (id: number) => (await t.database.db.select().from(jobs).where(eq(jobs.id, id)))[0]?.status;

  it("lists the workspace's failed jobs: what, when, attempts and a pt-BR reason; not another workspace's, nor the system's", async () => {
    const { cookie, failed } = await adminWithJobs();
    for (const query of ['', '?status=failed']) {
      const res = await list(cookie, query);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual([
        {
          id: failed.id,
          kind: 'media.process',
          label: 'Processamento de mídia',
          status: 'failed',
          attempts: 3,
          maxAttempts: 3,
          lastError: messages.jobs.internalError,
          createdAt: failed.createdAt.toISOString(),
          finishedAt: failed.finishedAt!.toISOString(),
        },
      ]);
      // Never the payload (ids, file names).
      expect(res.body).not.toContain('999999');
    }
  });

  it('refuses another status (400), no session (401) and a user who is not an admin (403)', async () => {
    const { failed } = await adminWithJobs();
    const user = await signedInUser(t.app, t.database, 'user');
    const { cookie } = await signedInUser(t.app, t.database, 'admin');
    const bad = await list(cookie, '?status=queued');
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain(messages.jobs.statusInvalid);
    expect((await list()).statusCode).toBe(401);
    expect((await list(user.cookie)).statusCode).toBe(403);
    expect((await retry(failed.id)).statusCode).toBe(401);
    expect((await retry(failed.id, user.cookie)).statusCode).toBe(403);
    expect((await retry('abc', cookie)).statusCode).toBe(400);
    expect((await retry(0, cookie)).statusCode).toBe(400);
    expect(await statusOf(failed.id)).toBe('failed');
  });

  it('puts a failed job back in the queue, where it runs; 409 when it is not failed', async () => {
    const { cookie, failed } = await adminWithJobs();
    const res = await retry(failed.id, cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: failed.id, status: 'queued', attempts: 0, finishedAt: null });
    // The app's worker takes it at once (its media is long gone: nothing to do, done).
    await eventually(async () => (await statusOf(failed.id)) === 'completed', 'the retried job ran');
    expect((await list(cookie)).json()).toEqual([]);
    const again = await retry(failed.id, cookie);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'CONFLICT', message: messages.jobs.notFailed });
  });

  it("answers 404 for another workspace's job, a system job and one that does not exist, and changes none", async () => {
    const { cookie, elsewhere, system } = await adminWithJobs();
    for (const id of [elsewhere.id, system.id, 999_999]) {
      const res = await retry(id, cookie);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND', message: messages.jobs.notFound });
    }
    expect(await statusOf(elsewhere.id)).toBe('failed');
    expect(await statusOf(system.id)).toBe('failed');
  });

  it('answers 409 when an equal job (same singleton key) is already queued', async () => {
    const { cookie, workspaceId } = await adminWithJobs();
    const failed = await makeFailedJob(t.database, {
      workspaceId,
      kind: 'feed.refresh',
      payload: {},
      singletonKey: 'feed:1',
    });
    await insertJob(t.database.db, 'feed.refresh', {}, { maxAttempts: 3, workspaceId, singletonKey: 'feed:1' });
    const res = await retry(failed.id, cookie);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(messages.jobs.alreadyQueued);
    expect(await statusOf(failed.id)).toBe('failed');
  });
});
