import { sql } from 'drizzle-orm';
import type { Health } from '../../../contract/auth';
import { messages } from '../../../contract/messages';
import type { Db } from '../../db/client';
import { serviceUnavailable } from '../../http/errors';
import { withTimeout } from '../../lib/timing';

/** A service besides the database the server needs (Redis, when REDIS_URL is set): `check` rejects when it is away. */
export interface ServiceProbe {
  name: 'redis';
  check(): Promise<unknown>;
}

/** A health check that hangs (a half-open connection) is an answer too: the service is away. */
const CHECK_TIMEOUT_MS = 2000;

const answers = (check: () => Promise<unknown>): Promise<boolean> =>
  withTimeout(check(), CHECK_TIMEOUT_MS).then(
    () => true,
    () => false,
  );

/**
 * 503 naming what is away when the database does not answer a query, for monitoring. The HAProxy
 * config keeps a process that answers 503 in rotation, since the database is shared
 * (docs/scaling.md). Redis (the probes) away is reported in the body of a 200 (`degraded`): Redis is
 * shared too, so failing on it would take every process out at once, while each works on without
 * it (limits counted in memory, events resynced).
 */
export async function checkHealth(db: Db, version: string, probes: readonly ServiceProbe[] = []): Promise<Health> {
  const [database, ...others] = await Promise.all([
    answers(() => db.execute(sql`select 1`)),
    ...probes.map((probe) => answers(() => probe.check())),
  ]);
  const redis = probes.length === 0 ? 'absent' : others.every(Boolean) ? 'up' : 'down';
  if (!database) {
    const { unavailable } = messages;
    throw serviceUnavailable(redis === 'down' ? unavailable.databaseAndRedis : unavailable.database);
  }
  return { status: redis === 'down' ? 'degraded' : 'ok', database: 'ok', redis, version };
}
