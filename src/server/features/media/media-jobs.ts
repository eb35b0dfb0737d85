import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { JobKind } from '../../../contract/jobs';
import { media } from '../../db/schema';
import type { JobQueue } from '../../jobs/job-queue';
import { announceMediaTools } from './media-tools';
import { processMedia, type ProcessingDeps } from './process-media';

export const MEDIA_PROCESS_JOB = 'media.process' satisfies JobKind;

/** The upload's hard link in the temp folder: a bare `<uuid>.job` name, never a path (it comes from the database). */
const JOB_FILE = /^[0-9a-f-]{36}\.job$/;

/**
 * Media processing as a job of the queue (docs/jobs.md; the steps: `process-media.ts`). One at a
 * time per process: ffmpeg and sharp are CPU-bound, and uploads and TVs keep the rest of the
 * machine. Three attempts, 1 and 5 minutes apart, for what is not the file's fault (the store
 * down, a tool crashing); the file's own fault ends the job at once with the row 'failed'.
 */
export function registerMediaJobs(jobs: JobQueue, deps: ProcessingDeps): void {
  void announceMediaTools(deps.log);
  jobs.register(MEDIA_PROCESS_JOB, {
    maxAttempts: 3,
    backoffMs: [60_000, 5 * 60_000],
    concurrency: 1,
    // An admin's retry after the last attempt gave the row up: it is 'processing' again (what the
    // gallery shows) until this job has run. A row the file's own fault failed has no failed job.
    onRetry: async (tx, job) => {
      const { mediaId } = job.payload as { mediaId: number };
      if (!Number.isInteger(mediaId) || job.workspaceId === null) return;
      await tx
        .update(media)
        .set({ status: 'processing' })
        .where(and(eq(media.id, mediaId), eq(media.workspaceId, job.workspaceId), eq(media.status, 'failed')));
    },
    // The last attempt failed, or its process died during it: the row is given up ('failed'), never
    // left 'processing' with nothing working on it. Told to the admin screens, as `markFailed` does.
    onFailed: async (tx, job) => {
      const { mediaId } = job.payload as { mediaId: number };
      if (!Number.isInteger(mediaId) || job.workspaceId === null) return;
      const workspaceId = job.workspaceId;
      const [failed] = await tx
        .update(media)
        .set({ status: 'failed' })
        .where(and(eq(media.id, mediaId), eq(media.workspaceId, workspaceId), eq(media.status, 'processing')))
        .returning({ id: media.id });
      if (failed) return () => deps.bus.publish({ type: 'media.changed', mediaId, workspaceId });
    },
    run: async (job, { signal }) => {
      const { mediaId, localFile } = job.payload as { mediaId: number; localFile?: string };
      const localPath = localFile && JOB_FILE.test(localFile) ? path.join(deps.tmpDir, localFile) : undefined;
      await processMedia(deps, { mediaId, localPath }, signal);
    },
  });
}
