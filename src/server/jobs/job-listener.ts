import pg from 'pg';
import { JOBS_CHANNEL } from './job-store';

/**
 * On PostgreSQL, every enqueue sends a NOTIFY at its commit (`insertJob`); this process listens on
 * its own connection and wakes its workers, so a job queued by another process starts at once
 * instead of at the next poll. Losing this connection only slows things down to the poll interval:
 * it is not reopened. Returns the function that stops listening.
 */
export async function listenForJobs(
  databaseUrl: string,
  wake: () => void,
  onError: (error: Error) => void,
): Promise<() => Promise<void>> {
  const client = new pg.Client({ connectionString: databaseUrl });
  client.on('error', onError);
  client.on('notification', (message) => {
    if (message.channel === JOBS_CHANNEL) wake();
  });
  await client.connect();
  await client.query(`LISTEN ${JOBS_CHANNEL}`);
  return () => client.end();
}
