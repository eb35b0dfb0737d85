import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { eventually } from './eventually';

/**
 * Resolves once a session of this test's database waits for a lock (`pg_locks.granted = false`):
 * a request that must queue behind a lock the test holds has reached it, so the test may let go.
 * A row lock's waiter waits on the holder's transaction id, a lock with no database of its own:
 * the session's database is what places it. PostgreSQL only (PGlite runs one transaction at a time).
 * `waiters`: how many must be waiting (two requests queued behind the test's lock and each other).
 */
export async function lockWaiterAppears(database: Database, timeoutMs = 10_000, waiters = 1): Promise<void> {
  await eventually(
    async () => {
      // Both drivers answer `{ rows }`; the shared type does not say so.
      const { rows } = (await database.db.execute(
        sql`select count(*)::int as n from pg_locks l join pg_stat_activity a on a.pid = l.pid
            where not l.granted and a.datname = current_database()`,
      )) as unknown as { rows: Array<{ n: number }> };
      return rows[0]!.n >= waiters;
    },
    'a session waiting for a lock',
    timeoutMs,
  );
}
