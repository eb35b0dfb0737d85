import { sql } from 'drizzle-orm';
import type { Health } from '../../../contract/auth';
import type { Db } from '../../db/client';

/** Healthy when the database answers a query (a failure is the 500 of the error handler). */
export async function checkHealth(db: Db, version: string): Promise<Health> {
  await db.execute(sql`select 1`);
  return { status: 'ok', database: 'ok', version };
}
