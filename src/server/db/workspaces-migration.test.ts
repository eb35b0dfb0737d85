import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { migrationsBefore, rowsOf } from '../test/migrations';
import { openDatabase } from './client';

/** PGlite in a directory of its own (the embedded default): an install upgraded in place. */
describe('migration 0002: workspaces', () => {
  it('puts an existing install (its admins, users and every row) into a first workspace', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sinalize-upgrade-'));
    const old = await openDatabase({ dataDir, migrations: migrationsBefore('0002_workspaces') });
    try {
      for (const statement of [
        `insert into users (username, email, password_hash, role) values ('admin', 'admin@loja.com.br', 'x', 'admin'), ('ana', 'ana@loja.com.br', 'x', 'user')`,
        `insert into device_groups (name, user_id) values ('Lojas', 2)`,
        `insert into media (filename, original_name, mime_type, size, url, sha256, user_id) values ('a.png', 'a.png', 'image/png', 10, '/api/media/1/file', 'f', 2)`,
        `insert into playlists (name, user_id) values ('Vitrine', 1)`,
        `insert into devices (name, location, resolution, auth_code, user_id) values ('TV', 'Loja', '1920x1080', '123456', 2)`,
        `insert into campaigns (name, user_id) values ('Natal', 1)`,
        `insert into activities (type, description, user_id) values ('device_created', 'TV criada', 2)`,
        `insert into api_keys (name, key_hash, user_id) values ('Integração', 'h', 1)`,
      ]) {
        await old.db.execute(sql.raw(statement));
      }
    } finally {
      await old.close();
    }

    const upgraded = await openDatabase({ dataDir });
    try {
      expect(await rowsOf(upgraded, 'select id, name from workspaces')).toEqual([{ id: 1, name: 'Minha empresa' }]);
      for (const table of [
        'users',
        'device_groups',
        'media',
        'playlists',
        'devices',
        'campaigns',
        'activities',
        'api_keys',
      ]) {
        const rows = await rowsOf<{ workspace_id: number }>(upgraded, `select workspace_id from ${table}`);
        expect(rows.length, table).toBeGreaterThan(0);
        expect(
          rows.every((r) => r.workspace_id === 1),
          table,
        ).toBe(true);
      }
      // NOT NULL and a foreign key from now on.
      await expect(
        upgraded.db.execute(sql.raw(`insert into device_groups (name, user_id) values ('Sem empresa', 1)`)),
      ).rejects.toThrow();
      await expect(
        upgraded.db.execute(
          sql.raw(`insert into device_groups (name, user_id, workspace_id) values ('Fantasma', 1, 99)`),
        ),
      ).rejects.toThrow();
      // And the first start finds users: it creates no second workspace.
      expect(await rowsOf(upgraded, 'select count(*)::int as n from workspaces')).toEqual([{ n: 1 }]);
    } finally {
      await upgraded.close();
    }
  }, 60_000);
});
