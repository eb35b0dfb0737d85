import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { migrationsFolder, type Database } from '../db/client';

/** The committed migrations up to (not including) `tag`: the database of an install made before it. */
export function migrationsBefore(tag: string): string {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'sinalize-migrations-'));
  cpSync(migrationsFolder, folder, { recursive: true });
  const journalPath = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: Array<{ tag: string }> };
  const index = journal.entries.findIndex((e) => e.tag === tag);
  if (index < 0) throw new Error(`no migration ${tag}`);
  journal.entries = journal.entries.slice(0, index);
  writeFileSync(journalPath, JSON.stringify(journal));
  return folder;
}

export const rowsOf = async <T>(database: Database, query: string) =>
  ((await database.db.execute(sql.raw(query))) as unknown as { rows: T[] }).rows;

/**
 * Where an install made before a migration lives: PGlite in a directory of its own, or with
 * DATABASE_URL a database of its own on that server, named like the test databases so
 * test-database.ts drops it if this run dies first.
 */
export async function upgradePlace(
  label: string,
): Promise<{ databaseUrl?: string; dataDir: string; drop: () => Promise<void> }> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sinalize-upgrade-'));
  const { DATABASE_URL } = process.env;
  if (!DATABASE_URL) return { dataDir, drop: async () => undefined };
  const name = `sinalize_test_${process.pid}_${label}`;
  const admin = async (query: string) => {
    const client = new pg.Client({ connectionString: DATABASE_URL });
    await client.connect();
    await client.query(query).finally(() => client.end());
  };
  await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(DATABASE_URL);
  url.pathname = `/${name}`;
  return { databaseUrl: url.toString(), dataDir, drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}
