import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/**
 * `column = any('{1,2,3}'::int[])`: one bind parameter for any number of ids. Drizzle's `inArray`
 * binds one per id, and PostgreSQL refuses statements with more than 65,535.
 */
export const anyOf = (column: PgColumn, ids: readonly number[]): SQL =>
  sql`${column} = any(${`{${ids.map((id) => Math.trunc(id)).join(',')}}`}::int[])`;
