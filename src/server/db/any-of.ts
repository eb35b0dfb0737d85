import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/**
 * `column = any('{1,2,3}'::int[])`: one bind parameter for any number of ids. Drizzle's `inArray`
 * binds one per id, and PostgreSQL refuses statements with more than 65,535.
 */
export const anyOf = (column: PgColumn | SQL, ids: readonly number[]): SQL =>
  sql`${column} = any(${`{${ids.map((id) => Math.trunc(id)).join(',')}}`}::int[])`;

/**
 * `column = any('{"a","b"}'::text[])`: the same for text values (job kinds), each quoted as an
 * array element (backslashes and double quotes escaped), so a value cannot break out of the literal.
 */
export const anyText = (column: PgColumn | SQL, values: readonly string[]): SQL =>
  sql`${column} = any(${`{${values.map((v) => `"${v.replace(/[\\"]/g, (c) => `\\${c}`)}"`).join(',')}}`}::text[])`;
