import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { migrationsBefore, rowsOf } from '../test/migrations';
import { openDatabase } from './client';

const { DATABASE_URL } = process.env;

/**
 * Migration 0004 on an install made before it: PGlite in a directory of its own, and with
 * DATABASE_URL a database of its own on that PostgreSQL server (named like the test databases,
 * so test-database.ts drops it if this run dies first).
 */
describe('migration 0004: campaign schedules and the workspace time zone', () => {
  async function place(): Promise<{ databaseUrl?: string; dataDir: string; drop: () => Promise<void> }> {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sinalize-upgrade-'));
    if (!DATABASE_URL) return { dataDir, drop: async () => undefined };
    const name = `sinalize_test_${process.pid}_campaigns_migration`;
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

  it(`maps the old statuses (scheduled/active → published, finished → paused) and gives every row the defaults (${DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, async () => {
    const { databaseUrl, dataDir, drop } = await place();
    try {
      const old = await openDatabase({ databaseUrl, dataDir, migrations: migrationsBefore('0004_campaign_schedule') });
      try {
        await old.db.execute(sql.raw(`insert into workspaces (name) values ('Loja')`));
        await old.db.execute(sql.raw(`insert into users (username, email, password_hash, role, workspace_id) values ('admin', 'admin@loja.com.br', 'x', 'admin', 1)`));
        for (const status of ['draft', 'scheduled', 'active', 'finished']) {
          await old.db.execute(sql.raw(`insert into campaigns (name, status, device_ids, user_id, workspace_id) values ('${status}', '${status}', '{7}', 1, 1)`));
        }
      } finally {
        await old.close();
      }

      const upgraded = await openDatabase({ databaseUrl, dataDir });
      try {
        const rows = await rowsOf<Record<string, unknown>>(
          upgraded,
          'select name, status, device_ids, group_ids, all_devices, priority, weekdays, start_time, end_time, updated_at is not null as dated from campaigns order by id',
        );
        const same = { device_ids: [7], group_ids: [], all_devices: false, priority: 'normal', weekdays: [0, 1, 2, 3, 4, 5, 6], start_time: null, end_time: null, dated: true };
        expect(rows).toEqual([
          { name: 'draft', status: 'draft', ...same },
          { name: 'scheduled', status: 'published', ...same },
          { name: 'active', status: 'published', ...same },
          { name: 'finished', status: 'paused', ...same },
        ]);
        expect(await rowsOf(upgraded, 'select time_zone from workspaces')).toEqual([{ time_zone: 'America/Sao_Paulo' }]);
      } finally {
        await upgraded.close();
      }
    } finally {
      await drop();
    }
  }, 60_000);
});
