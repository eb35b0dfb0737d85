import { and, desc, eq, sql } from 'drizzle-orm';
import { jobKindLabel, type Job } from '../../contract/jobs';
import { messages } from '../../contract/messages';
import type { SessionUser } from '../auth/session-user';
import { visibleTo } from '../auth/tenancy';
import type { Db } from '../db/client';
import type { JobQueue } from './job-queue';
import { uniqueViolation } from '../db/errors';
import { jobs } from '../db/schema';
import { conflict, notFound } from '../http/errors';

/** How many failed jobs the page lists (the newest); failed jobs are kept 30 days (maintenance). */
const LIST_LIMIT = 200;

type JobRow = typeof jobs.$inferSelect;
type RetryStep = JobQueue['onRetry'];

/** What an admin sees of a job: never its payload (ids, file names) nor anything but the pt-BR error. */
export function presentJob(row: JobRow): Job {
  return {
    id: row.id,
    kind: row.kind,
    label: jobKindLabel(row.kind),
    status: row.status,
    attempts: row.attempts,
    maxAttempts: row.maxAttempts,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

/**
 * The failed jobs of the admin's workspace, newest first. System jobs (no workspace: the
 * maintenance) are not listed to any workspace's admin: they are the operator's, in the server log
 * (docs/jobs.md).
 */
export async function listFailedJobs(db: Db, actor: SessionUser): Promise<Job[]> {
  const rows = await db
    .select()
    .from(jobs)
    .where(and(eq(jobs.status, 'failed'), visibleTo(jobs.workspaceId, actor)))
    .orderBy(desc(jobs.finishedAt), desc(jobs.id))
    .limit(LIST_LIMIT);
  return rows.map(presentJob);
}

/**
 * Puts a failed job of the admin's workspace back in the queue, due now, with its attempts
 * counted again from zero; the kind's `onRetry` step runs in the same transaction. 404 for another
 * workspace's job or none, 409 when it is not failed or an equal job (same singleton key) is
 * already queued.
 */
export async function retryJob(db: Db, actor: SessionUser, id: number, onRetry: RetryStep): Promise<Job> {
  let row: JobRow | undefined;
  try {
    row = await db.transaction(async (tx) => {
      const [queued] = await tx
        .update(jobs)
        .set({ status: 'queued', attempts: 0, runAt: sql`now()`, finishedAt: null })
        .where(and(eq(jobs.id, id), visibleTo(jobs.workspaceId, actor), eq(jobs.status, 'failed')))
        .returning();
      if (queued) await onRetry(queued.kind)?.(tx, queued);
      return queued;
    });
  } catch (error) {
    if (uniqueViolation(error) === 'jobs_singleton_unique') throw conflict(messages.jobs.alreadyQueued);
    throw error;
  }
  if (row) return presentJob(row);
  const [existing] = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.id, id), visibleTo(jobs.workspaceId, actor)));
  if (!existing) throw notFound(messages.jobs.notFound);
  throw conflict(messages.jobs.notFailed);
}
