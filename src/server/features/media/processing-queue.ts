import { unlink } from 'node:fs/promises';
import { asc, eq } from 'drizzle-orm';
import { media } from '../../db/schema';
import { announceMediaTools } from './media-tools';
import { processMedia, type ProcessingDeps, type ProcessingJob } from './process-media';

export interface ProcessingQueue {
  /** Queues a media row left 'processing' by its upload (a row already queued is not queued twice). */
  enqueue(job: ProcessingJob): void;
  /** Queues every row that a previous process left 'processing' (it held them in memory only). */
  resume(): Promise<number>;
  /** Takes no more jobs (their rows stay 'processing' for the next start) and waits for the running ones. */
  stop(): Promise<void>;
}

/**
 * The in-process processing queue (docs/media.md#processing, like immich's jobs): at most `concurrency` media
 * processed at a time (ffmpeg and sharp are CPU-bound; uploads and TVs keep the rest of the
 * machine), the others wait in arrival order. Nothing survives a restart but the rows: `resume`
 * at start picks up those still 'processing'. Several processes sharing a database each resume
 * them; the first to finish wins, the other finds the row no longer 'processing' and drops its work.
 */
export function createProcessingQueue(deps: ProcessingDeps, concurrency = 1): ProcessingQueue {
  const pending: ProcessingJob[] = [];
  const queued = new Set<number>();
  const running = new Set<Promise<void>>();
  let stopped = false;
  void announceMediaTools(deps.log);

  function pump() {
    while (!stopped && running.size < concurrency && pending.length > 0) {
      const job = pending.shift()!;
      const run: Promise<void> = processMedia(deps, job)
        .catch((error: unknown) => deps.log.error({ err: error, mediaId: job.mediaId }, 'media processing crashed'))
        .finally(() => {
          running.delete(run);
          queued.delete(job.mediaId);
          pump();
        });
      running.add(run);
    }
  }

  const drop = (job: ProcessingJob) =>
    job.localPath ? unlink(job.localPath).catch(() => undefined) : Promise.resolve();

  return {
    enqueue(job) {
      if (stopped || queued.has(job.mediaId)) {
        void drop(job);
        return;
      }
      queued.add(job.mediaId);
      pending.push(job);
      pump();
    },
    async resume() {
      const rows = await deps.db
        .select({ id: media.id })
        .from(media)
        .where(eq(media.status, 'processing'))
        .orderBy(asc(media.id));
      for (const { id } of rows) this.enqueue({ mediaId: id });
      return rows.length;
    },
    async stop() {
      stopped = true;
      await Promise.all(pending.splice(0).map(drop));
      await Promise.all(running);
    },
  };
}
