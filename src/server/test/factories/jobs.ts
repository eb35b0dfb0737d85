import { eq } from 'drizzle-orm';
import { messages } from '../../../contract/messages';
import type { Database } from '../../db/client';
import { jobs } from '../../db/schema';
import { insertJob } from '../../jobs/job-store';

/**
 * A job as the queue leaves it after its last attempt failed (docs/jobs.md): queued by the
 * queue's own insert, then marked failed with a pt-BR error. Its kind's handler, if the app has
 * one, finds nothing to do when retried (media processing of a media that does not exist).
 */
export async function makeFailedJob(
  database: Database,
  {
    workspaceId,
    kind = 'media.process',
    payload = { mediaId: 999_999 },
    singletonKey,
  }: {
    workspaceId: number | null;
    kind?: string;
    payload?: Record<string, unknown>;
    singletonKey?: string;
  },
) {
  const id = (await insertJob(database.db, kind, payload, { maxAttempts: 3, workspaceId, singletonKey }))!;
  const [row] = await database.db
    .update(jobs)
    .set({ status: 'failed', attempts: 3, lastError: messages.jobs.internalError, finishedAt: new Date() })
    .where(eq(jobs.id, id))
    .returning();
  return row!;
}
