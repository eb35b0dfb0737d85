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

/**
 * With DATABASE_URL, the URL of this worker's own database (a server command under test connects
 * to it like a second process); undefined on PGlite.
 */
export function testDatabaseUrl(): string | undefined {
  const baseUrl = process.env.DATABASE_URL;
  if (!baseUrl) return undefined;
  // The process id keeps two test runs on one server (several checkouts, CI beside a developer)
  // from dropping each other's databases; the pool id alone repeats across runs.
  const url = new URL(baseUrl);
  url.pathname = `/sinalize_test_${process.pid}_${process.env.VITEST_POOL_ID ?? 0}`;
  return url.toString();
}

async function open(): Promise<Database> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sinalize-test-'));
  const baseUrl = process.env.DATABASE_URL;
  if (!baseUrl) return openDatabase({ dataDir });

  const url = new URL(testDatabaseUrl()!);
  const name = url.pathname.slice(1);
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await dropDatabasesOfEndedRuns(admin);
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  return openDatabase({ databaseUrl: url.toString(), dataDir });
}

/** Databases left by test processes that are gone (a run killed before it cleaned up). */
async function dropDatabasesOfEndedRuns(admin: pg.Client): Promise<void> {
  const { rows } = await admin.query<{ datname: string }>(
    `select datname from pg_database where datname like 'sinalize_test_%'`,
  );
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

/**
 * Empties every table, so each test starts from a blank database. Ids go on from where they were,
 * as in production, where an id is never used twice: what the app under test keeps by id (the
 * device lists, the TV manifests) can never be taken for a later test's rows. The previous
 * test's background work (the media processing queue) may still hold row locks in a transaction
 * that then needs a table TRUNCATE has locked: PostgreSQL breaks that deadlock by failing one of
 * the two; when it picks the TRUNCATE, it runs again once the other has finished.
 */
export async function resetDatabase(database: Database): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await truncateAll(database);
    } catch (error) {
      const code = (error as { cause?: { code?: string } }).cause?.code ?? (error as { code?: string }).code;
      if (code !== '40P01' || attempt === 5) throw error;
    }
  }
}

async function truncateAll(database: Database): Promise<void> {
  // Both drivers answer `{ rows }`; the shared driver-agnostic type does not say so.
  const { rows } = (await database.db.execute(
    sql`select tablename from pg_tables where schemaname = 'public'`,
  )) as unknown as {
    rows: Array<{ tablename: string }>;
  };
  const tables = rows.map((r) => `"${r.tablename}"`).join(', ');
  if (tables) await database.db.execute(sql.raw(`TRUNCATE ${tables} CASCADE`));
}
