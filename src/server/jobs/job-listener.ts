import { listenOnPg } from '../db/pg-listener';
import { JOBS_CHANNEL } from './job-store';

/**
 * On PostgreSQL, every enqueue sends a NOTIFY at its commit (`insertJob`); this process listens on
 * its own connection and wakes its workers, so a job queued by another process starts at once
 * instead of at the next poll. A lost connection is opened again with backoff
 * (`db/pg-listener.ts`), and the workers are woken then: a job queued during the outage is not
 * left to the poll. Returns the function that stops listening.
 */
export function listenForJobs(
  databaseUrl: string,
  wake: () => void,
  onError: (error: Error) => void,
): Promise<() => Promise<void>> {
  return listenOnPg({
    databaseUrl,
    channel: JOBS_CHANNEL,
    applicationName: 'sinalize_jobs',
    onNotification: wake,
    onError,
    onReconnect: wake,
  });
}
