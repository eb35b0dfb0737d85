import type { FastifyBaseLogger } from 'fastify';
import type { JobKind } from '../../contract/jobs';
import { deleteExpiredSessions } from '../auth/session-service';
import type { Db } from '../db/client';
import { cleanStaleUploads } from '../features/media/upload-receiver';
import { pruneOldPlays } from '../features/plays/play-service';
import type { JobQueue } from '../jobs/job-queue';
import { pruneJobs } from '../jobs/job-store';
import type { MediaStore } from '../storage/media-store';
import { reconcileMediaStore } from './orphan-files';

export const MAINTENANCE_JOB = 'maintenance.hourly' satisfies JobKind;

/** Completed jobs are kept a day (a periodic job's slot key must outlive its slot); failed ones 30 days. */
const COMPLETED_JOBS_KEPT_MS = 24 * 60 * 60 * 1000;
const FAILED_JOBS_KEPT_MS = 30 * 24 * 60 * 60 * 1000;

export interface MaintenanceOptions {
  /** Age below which a temp upload file or a store key without a row is left alone (in flight elsewhere). */
  graceMs: number;
  /** How often the maintenance job runs (the slot of its singleton key; also once at the first start). */
  sessionPruneIntervalMs: number;
  /** Raw plays older than this many days go (their daily roll-ups stay). */
  playsRetentionDays: number;
}

/**
 * Cleanup of what crashes and time leave behind (docs/jobs.md). This process's own upload temp
 * folder at start and every interval, on a local timer (another machine's is not ours to clean). Everything shared — store files without
 * a media row, expired sessions (nothing else deletes them), raw plays past `PLAYS_RETENTION_DAYS`,
 * old finished jobs — in one periodic job: every process asks for it once per interval, the slot's
 * singleton key lets one through, so N processes run it once. `stop` waits for the temp cleanup, so
 * the folder is never read after the app closed; the job itself stops with the queue.
 */
export function startMaintenance(
  deps: { db: Db; store: MediaStore; tmpDir: string; log: FastifyBaseLogger; jobs: JobQueue },
  options: MaintenanceOptions,
) {
  const { db, store, tmpDir, log, jobs } = deps;
  jobs.register(MAINTENANCE_JOB, {
    maxAttempts: 3,
    backoffMs: [60_000, 5 * 60_000],
    run: async () => {
      const tasks: Array<[string, () => Promise<unknown>]> = [
        ['media store reconciliation', () => reconcileMediaStore(db, store, { graceMs: options.graceMs, log })],
        ['session pruning', () => deleteExpiredSessions(db)],
        ['plays retention', () => pruneOldPlays(db, options.playsRetentionDays)],
        ['job pruning', () => pruneJobs(db, COMPLETED_JOBS_KEPT_MS, FAILED_JOBS_KEPT_MS)],
      ];
      // Each task runs whatever the others did; the job fails (and is tried again) if any did.
      const failed: string[] = [];
      for (const [name, task] of tasks) {
        await task().catch((error: unknown) => {
          log.error({ err: error }, `${name} failed`);
          failed.push(name);
        });
      }
      if (failed.length) throw new Error(`maintenance: ${failed.join(', ')} failed`);
    },
  });
  jobs.every(MAINTENANCE_JOB, options.sessionPruneIntervalMs);
  // This process's own upload temp folder, at start and then every interval (an upload's `.job`
  // copy stays here when another process ran its job). Not a queue job: docs/jobs.md, "Local
  // work": work on this process's own disk is a local timer, shared work is a job — a job would run
  // in one process of N and clean that one's folder, never the others'.
  let temps: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const cleanTemps = () => {
    temps = temps
      .then(() => cleanStaleUploads(tmpDir, options.graceMs))
      .catch((error: unknown) => log.error({ err: error }, 'upload temp cleanup failed'));
  };
  cleanTemps();
  const timer = setInterval(() => {
    if (!stopped) cleanTemps();
  }, options.sessionPruneIntervalMs).unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await temps;
    },
  };
}
