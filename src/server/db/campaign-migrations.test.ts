import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { migrationsBefore, rowsOf, upgradePlace } from '../test/migrations';
import { openDatabase } from './client';

const { DATABASE_URL } = process.env;

/**
 * Migrations 0004 and 0008 on an install made before each: PGlite in a directory of its own, and
 * with DATABASE_URL a database of its own on that PostgreSQL server (named like the test databases,
 * so test-database.ts drops it if this run dies first).
 */
describe('campaign migrations', () => {
  it(`0004 maps the old statuses (scheduled/active → published, finished → paused) and gives every row the defaults (${DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, async () => {
    const { databaseUrl, dataDir, drop } = await upgradePlace('campaigns_migration');
    try {
      const old = await openDatabase({ databaseUrl, dataDir, migrations: migrationsBefore('0004_campaign_schedule') });
      try {
        await old.db.execute(sql.raw(`insert into workspaces (name) values ('Loja')`));
        await old.db.execute(
          sql.raw(
            `insert into users (username, email, password_hash, role, workspace_id) values ('admin', 'admin@loja.com.br', 'x', 'admin', 1)`,
          ),
        );
        await old.db.execute(
          sql.raw(
            `insert into devices (id, name, location, resolution, auth_code, user_id, workspace_id) values (7, 'TV', 'Loja', '1920x1080', '123456', 1, 1)`,
          ),
        );
        for (const status of ['draft', 'scheduled', 'active', 'finished']) {
          await old.db.execute(
            sql.raw(
              `insert into campaigns (name, status, device_ids, user_id, workspace_id) values ('${status}', '${status}', '{7}', 1, 1)`,
            ),
          );
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
        const same = {
          device_ids: [7],
          group_ids: [],
          all_devices: false,
          priority: 'normal',
          weekdays: [0, 1, 2, 3, 4, 5, 6],
          start_time: null,
          end_time: null,
          dated: true,
        };
        expect(rows).toEqual([
          { name: 'draft', status: 'draft', ...same },
          { name: 'scheduled', status: 'published', ...same },
          { name: 'active', status: 'published', ...same },
          { name: 'finished', status: 'paused', ...same },
        ]);
        expect(await rowsOf(upgraded, 'select time_zone from workspaces')).toEqual([
          { time_zone: 'America/Sao_Paulo' },
        ]);
      } finally {
        await upgraded.close();
      }
    } finally {
      await drop();
    }
  }, 60_000);

  it(`0008 drops from campaigns the screens and groups removed before it, keeping the others in order (${DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, async () => {
    const { databaseUrl, dataDir, drop } = await upgradePlace('campaigns_migration');
    try {
      const old = await openDatabase({
        databaseUrl,
        dataDir,
        migrations: migrationsBefore('0008_campaign_targets_cleanup'),
      });
      try {
        for (const statement of [
          `insert into workspaces (id, name) values (1, 'Loja'), (2, 'Outra')`,
          `insert into users (id, username, email, password_hash, role, workspace_id) values (1, 'admin', 'admin@loja.com.br', 'x', 'admin', 1), (2, 'outra', 'a@outra.com.br', 'x', 'admin', 2)`,
          `insert into devices (id, name, location, resolution, auth_code, user_id, workspace_id) values (3, 'TV 3', 'Loja', '1920x1080', '100003', 1, 1), (5, 'TV 5', 'Loja', '1920x1080', '100005', 1, 1), (6, 'TV 6', 'Outra', '1920x1080', '100006', 2, 2)`,
          `insert into device_groups (id, name, user_id, workspace_id) values (2, 'Sul', 1, 1)`,
          // 4 and 9 were removed; 6 and group 8 are another workspace's.
          `insert into campaigns (name, device_ids, group_ids, user_id, workspace_id) values ('mista', '{5,4,3,6}', '{9,2,8}', 1, 1), ('intacta', '{3}', '{2}', 1, 1), ('vazia', '{4}', '{}', 1, 1)`,
        ]) {
          await old.db.execute(sql.raw(statement));
        }
      } finally {
        await old.close();
      }

      const upgraded = await openDatabase({ databaseUrl, dataDir });
      try {
        expect(await rowsOf(upgraded, 'select name, device_ids, group_ids from campaigns order by id')).toEqual([
          { name: 'mista', device_ids: [5, 3], group_ids: [2] },
          { name: 'intacta', device_ids: [3], group_ids: [2] },
          { name: 'vazia', device_ids: [], group_ids: [] },
        ]);
      } finally {
        await upgraded.close();
      }
    } finally {
      await drop();
    }
  }, 60_000);
});
