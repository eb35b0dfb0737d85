import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { migrationsBefore, rowsOf, upgradePlace } from '../test/migrations';
import { openDatabase } from './client';

const { DATABASE_URL } = process.env;
const run = (database: Awaited<ReturnType<typeof openDatabase>>, query: string) => database.db.execute(sql.raw(query));

/**
 * Migration 0012 on an install made before zones (docs/layouts.md#plays): plays get the zone of their
 * window, roll-ups keep theirs under '' and are keyed by zone from then on, devices keep Tela Única /
 * Tela Dupla. PGlite in a directory of its own, or with DATABASE_URL a database of its own.
 */
describe('migration 0012: zones', () => {
  it(`gives old plays the zones of their windows and keys the roll-ups by zone (${DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, async () => {
    const { databaseUrl, dataDir, drop } = await upgradePlace('zones_migration');
    try {
      const old = await openDatabase({ databaseUrl, dataDir, migrations: migrationsBefore('0012_zones') });
      try {
        await run(old, `insert into workspaces (name) values ('Loja')`);
        await run(
          old,
          `insert into users (username, email, password_hash, role, workspace_id) values ('admin', 'admin@loja.com.br', 'x', 'admin', 1)`,
        );
        await run(
          old,
          `insert into devices (id, name, location, resolution, layout, auth_code, user_id, workspace_id) values (7, 'TV', 'Loja', '1920x1080', 'dual', '123456', 1, 1)`,
        );
        for (const [client, window] of [
          ['a1b2c3d4e5', 0],
          ['f6g7h8i9j0', 1],
        ] as const)
          await run(
            old,
            `insert into plays (workspace_id, device_id, client_id, media_id, window_index, started_at, duration_ms, completed) values (1, 7, '${client}', 3, ${window}, now(), 1000, true)`,
          );
        await run(
          old,
          `insert into play_days (workspace_id, day, device_id, media_id, plays, duration_ms, completed) values (1, '2026-11-20', 7, 3, 2, 2000, 2)`,
        );
      } finally {
        await old.close();
      }

      const upgraded = await openDatabase({ databaseUrl, dataDir });
      try {
        expect(await rowsOf(upgraded, 'select window_index, zone_key from plays order by window_index')).toEqual([
          { window_index: 0, zone_key: 'janela-1' },
          { window_index: 1, zone_key: 'janela-2' },
        ]);
        // The same day, device and media in another zone is another roll-up row.
        await run(
          upgraded,
          `insert into play_days (workspace_id, day, device_id, media_id, zone_key, plays, duration_ms, completed) values (1, '2026-11-20', 7, 3, 'principal', 1, 500, 1)`,
        );
        expect(await rowsOf(upgraded, 'select zone_key, plays from play_days order by zone_key')).toEqual([
          { zone_key: '', plays: 2 },
          { zone_key: 'principal', plays: 1 },
        ]);
        expect(
          await rowsOf(upgraded, 'select layout, layout_id, extra_zone_playlist_ids from devices where id = 7'),
        ).toEqual([{ layout: 'dual', layout_id: null, extra_zone_playlist_ids: [] }]);
      } finally {
        await upgraded.close();
      }
    } finally {
      await drop();
    }
  }, 60_000);
});
