import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
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
