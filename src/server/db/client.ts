import { execFile } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import type { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { PROJECT_ROOT } from '../paths';
import { lockEmbeddedDatabase } from './pglite-lock';
import { openPgliteThread } from './pglite-thread';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** An open transaction, as `db.transaction` hands it to its callback. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** PostgreSQL's URL, for a thread of this process that opens a pool of its own (`connectPostgres`). */
  url?: string;
  close(): Promise<void>;
}

/** The committed SQL migrations; resolved from the project root so the bundled server finds them too. */
export const migrationsFolder = path.join(PROJECT_ROOT, 'drizzle');
const defaultMigrations = migrationsFolder;

/**
 * Opens PostgreSQL when a URL is given, otherwise PGlite (Postgres in WASM) in `dataDir/db`, and
 * applies the migrations. Both speak the same SQL, so the rest of the server cannot tell them apart.
 */
export async function openDatabase(opts: {
  databaseUrl?: string;
  dataDir: string;
  /** Tests of a migration only. */ migrations?: string;
  /** A connection PostgreSQL ended (restart, failover, `pg_terminate_backend`): logged, never fatal. */
  onConnectionError?: (error: Error) => void;
}): Promise<Database> {
  const migrationsFolder = opts.migrations ?? defaultMigrations;
  if (opts.databaseUrl) {
    const pool = openPool(opts.databaseUrl, opts.onConnectionError ?? (() => {}));
    try {
      await migrateLocked(pool, migrationsFolder);
    } catch (error) {
      // A failed attempt (main.ts tries again while the database is away) leaves no pool behind.
      await pool.end().catch(() => {});
      throw error;
    }
    return { ...onPool(pool), url: opts.databaseUrl };
  }
  const dir = path.join(opts.dataDir, 'db');
  mkdirSync(dir, { recursive: true });
  const unlock = lockEmbeddedDatabase(opts.dataDir);
  try {
    if (!existsSync(path.join(dir, 'PG_VERSION'))) await initPglite(dir);
    const client = await openPgliteThread(dir, { postgresqlconf: PGLITE_SETTINGS });
    // Drizzle's PGlite driver, on the thread's client: it calls only `query` and `transaction`.
    const db = drizzlePglite(client as unknown as PGlite, { schema });
    await migratePglite(db, { migrationsFolder });
    return { db: db as unknown as Db, kind: 'pglite', close: () => client.close().finally(unlock) };
  } catch (error) {
    unlock();
    throw error;
  }
}

const onPool = (pool: pg.Pool): Database => ({
  db: drizzlePg(pool, { schema }) as unknown as Db,
  kind: 'postgres',
  close: () => pool.end(),
});

/**
 * PostgreSQL already migrated by this process's main thread, on a pool of `max` connections: a
 * thread's own (features/content/feed-refresh-worker.ts). A connection the server ends is not
 * logged here: the main thread's pool sees the same restart and logs it.
 */
export const connectPostgres = (url: string, max: number): Database => ({
  ...onPool(openPool(url, () => {}, max)),
  url,
});

/** The advisory lock the migrations run under on PostgreSQL ("sinalize" in ASCII, any constant would do). */
const MIGRATION_LOCK = 0x73696e616c697a65n;

/**
 * Migrates under `pg_advisory_lock`, on one client of its own: replicas started together
 * (docker-compose) all migrate at once, and Drizzle takes no lock, so all but one would fail on
 * 42P07/23505. With it they take turns; the next finds the migrations applied (docs/scaling.md).
 * The lock is a session's: released in `finally`, or by PostgreSQL if the connection drops.
 */
async function migrateLocked(pool: pg.Pool, folder: string): Promise<void> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK.toString()]);
    try {
      await migratePg(drizzlePg(client, { schema }), { migrationsFolder: folder });
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK.toString()]).catch((error: Error) => {
        broken = error;
      });
    }
  } catch (error) {
    broken = error as Error;
    throw error;
  } finally {
    // A client whose connection failed is destroyed, not put back in the pool.
    client.release(broken);
  }
}

/** How long a request waits for a connection before it is answered 503 (docs/scaling.md). */
const CONNECT_TIMEOUT_MS = 5000;

/**
 * A pool that outlives PostgreSQL going away. pg emits `error` on an idle connection the server
 * ended, on the pool, and on a client checked out by a transaction between two of its statements;
 * an EventEmitter's `error` without a listener ends the process, so every one has a listener. The
 * pool drops a broken connection and opens new ones on the next query: once the server is back, so
 * are the answers. Queries meanwhile fail with the driver's error, which the error handler
 * answers 503 (`isServiceUnavailable`).
 */
function openPool(connectionString: string, onConnectionError: (error: Error) => void, max = 10): pg.Pool {
  const pool = new pg.Pool({ connectionString, max, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  // The pool repeats an idle connection's error, which the client's own listener has logged.
  pool.on('error', () => {});
  const lent = new WeakSet<pg.PoolClient>();
  pool.on('acquire', (client) => lent.add(client));
  pool.on('release', (_error, client) => lent.delete(client));
  pool.on('connect', (client) => {
    client.on('error', onConnectionError);
    client.once('end', () => takeBack(client));
  });
  /**
   * A connection that ended while lent is taken back at once, whatever its borrower does next:
   * Drizzle's pooled `transaction` sends BEGIN before the try/finally that gives the connection
   * back, so a connection lost before BEGIN's answer (a restart, a failover) was never given back;
   * ten such moments and every query waited for a connection forever (drizzle-orm issue #6241;
   * docs/scaling.md#when-postgresql-or-redis-goes-away).
   */
  function takeBack(client: pg.PoolClient) {
    if (!lent.has(client)) return;
    const release = client.release;
    // The borrower's own release, if it comes, finds it given back already (pg-pool throws on a second).
    client.release = () => {};
    release(new Error('connection ended while lent'));
  }
  return pool;
}

/**
 * The embedded database's memory (docs/benchmarks.md#targets: < 300 MB resident at rest). PGlite keeps Postgres'
 * buffers inside its WebAssembly memory, which never shrinks, so the pools are sized for a signage
 * workload (thousands of rows, not millions); the operating system's page cache still holds the files.
 */
const PGLITE_SETTINGS = [
  'shared_buffers=16MB',
  'work_mem=2MB',
  'maintenance_work_mem=16MB',
  'temp_buffers=1MB',
  'wal_buffers=256kB',
];

/**
 * Creates a new PGlite data directory in a child process: `initdb` grows the WebAssembly memory far
 * beyond the server's budget (docs/benchmarks.md#other-figures) and a process never gives that back, so
 * the server would carry it until restarted.
 */
async function initPglite(dir: string): Promise<void> {
  const module = JSON.stringify(import.meta.resolve('@electric-sql/pglite'));
  const script = `const { PGlite } = await import(${module}); const db = await PGlite.create(process.argv[1]); await db.close();`;
  await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script, dir]);
}
