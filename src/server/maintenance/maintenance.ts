import type { FastifyBaseLogger } from 'fastify';
import { deleteExpiredSessions } from '../auth/session-service';
import type { Db } from '../db/client';
import { cleanStaleUploads } from '../features/media/upload-receiver';
import { pruneOldPlays } from '../features/plays/play-service';
import type { MediaStore } from '../storage/media-store';
import { reconcileMediaStore } from './orphan-files';

export interface MaintenanceOptions {
  /** Age below which a temp upload file or a store key without a row is left alone (in flight elsewhere). */
  graceMs: number;
  /** How often expired sessions and raw plays past their retention are deleted (also once at start). */
  sessionPruneIntervalMs: number;
  /** Raw plays older than this many days go (their daily roll-ups stay). */
  playsRetentionDays: number;
}

/**
 * Cleanup of what crashes and time leave behind: at start, stale upload temp files and store
 * files without a media row; at start and then periodically, expired sessions (nothing else
 * deletes them) and raw plays past `PLAYS_RETENTION_DAYS`. Runs in the background: the server listens at once. `stop` clears the timer and
 * waits for a round in progress, so the database is never closed under it.
 */
export function startMaintenance(
  deps: { db: Db; store: MediaStore; tmpDir: string; log: FastifyBaseLogger },
  options: MaintenanceOptions,
) {
  const { db, store, tmpDir, log } = deps;
  const running = new Set<Promise<unknown>>();
  const track = (name: string, job: () => Promise<unknown>) => {
    const promise = job()
      .catch((error: unknown) => log.error({ err: error }, `${name} failed`))
      .finally(() => running.delete(promise));
    running.add(promise);
  };
  const pruneExpired = () => {
    track('session pruning', () => deleteExpiredSessions(db));
    track('plays retention', () => pruneOldPlays(db, options.playsRetentionDays));
  };

  track('upload temp cleanup', () => cleanStaleUploads(tmpDir, options.graceMs));
  track('media store reconciliation', () => reconcileMediaStore(db, store, { graceMs: options.graceMs, log }));
  pruneExpired();
  const timer = setInterval(pruneExpired, options.sessionPruneIntervalMs).unref();

  return {
    async stop() {
      clearInterval(timer);
      await Promise.all(running);
    },
  };
}
