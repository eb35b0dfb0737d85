import { sql } from 'drizzle-orm';
import type { Health } from '../../../contract/auth';
import { messages } from '../../../contract/messages';
import type { Db } from '../../db/client';
import { serviceUnavailable } from '../../http/errors';

/** A service besides the database the server needs (Redis, when REDIS_URL is set): `check` rejects when it is away. */
export interface ServiceProbe {
  name: 'redis';
  check(): Promise<unknown>;
}

/** A health check that hangs (a half-open connection) is an answer too: the service is away. */
const CHECK_TIMEOUT_MS = 2000;

const answers = (check: () => Promise<unknown>): Promise<boolean> => {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), CHECK_TIMEOUT_MS)));
  const ok = check().then(
    () => true,
    () => false,
  );
  return Promise.race([ok, timeout]).finally(() => clearTimeout(timer));
};

/**
 * Healthy when the database answers a query and every probe (Redis) answers; otherwise 503 naming
 * what is away, so a load balancer takes the process out while the others (or the service) recover.
 */
export async function checkHealth(db: Db, version: string, probes: readonly ServiceProbe[] = []): Promise<Health> {
  const [database, ...others] = await Promise.all([
    answers(() => db.execute(sql`select 1`)),
    ...probes.map((probe) => answers(() => probe.check())),
  ]);
  const redis = others.every(Boolean);
  if (database && redis) return { status: 'ok', database: 'ok', version };
  const { unavailable } = messages;
  throw serviceUnavailable(
    !database && !redis ? unavailable.databaseAndRedis : !database ? unavailable.database : unavailable.redis,
  );
}
