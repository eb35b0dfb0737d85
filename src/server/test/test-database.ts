import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, type Database } from '../db/client';

let shared: Promise<Database> | undefined;

/**
 * The database of this test worker, created once and shared by every test file the worker runs
 * (the API project runs with `isolate: false`). PGlite in a temp dir by default; with
 * DATABASE_URL, a database of its own per worker on that server, so workers never collide.
 */
export function getTestDatabase(): Promise<Database> {
  return (shared ??= open());
}

async function open(): Promise<Database> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sinalize-test-'));
  const baseUrl = process.env.DATABASE_URL;
  if (!baseUrl) return openDatabase({ dataDir });

  // The process id keeps two test runs on one server (several checkouts, CI beside a developer)
  // from dropping each other's databases; the pool id alone repeats across runs.
  const name = `sinalize_test_${process.pid}_${process.env.VITEST_POOL_ID ?? 0}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await dropDatabasesOfEndedRuns(admin);
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return openDatabase({ databaseUrl: url.toString(), dataDir });
}

/** Databases left by test processes that are gone (a run killed before it cleaned up). */
async function dropDatabasesOfEndedRuns(admin: pg.Client): Promise<void> {
  const { rows } = await admin.query<{ datname: string }>(`select datname from pg_database where datname like 'sinalize_test_%'`);
  for (const { datname } of rows) {
    const pid = Number(/^sinalize_test_(\d+)_/.exec(datname)?.[1]);
    if (!pid || isRunning(pid)) continue;
    await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`).catch(() => undefined);
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Empties every table (ids restart), so each test starts from a blank database. */
export async function resetDatabase(database: Database): Promise<void> {
  // Both drivers answer `{ rows }`; the shared driver-agnostic type does not say so.
  const { rows } = (await database.db.execute(sql`select tablename from pg_tables where schemaname = 'public'`)) as unknown as {
    rows: Array<{ tablename: string }>;
  };
  const tables = rows.map((r) => `"${r.tablename}"`).join(', ');
  if (tables) await database.db.execute(sql.raw(`TRUNCATE ${tables} RESTART IDENTITY CASCADE`));
}
