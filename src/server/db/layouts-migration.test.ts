import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { uniqueViolation } from './errors';
import { migrationsBefore, rowsOf } from '../test/migrations';
import { openDatabase } from './client';

const zones = `'[{"key":"zona-1","name":"Tela","x":0,"y":0,"width":100,"height":100,"z":0,"fit":"contain"}]'`;
const insertLayout = (workspace: number, name: string, key: string) =>
  sql.raw(
    `insert into layouts (name, name_key, orientation, zones, user_id, workspace_id) values ('${name}', '${key}', 'horizontal', ${zones}, ${workspace}, ${workspace})`,
  );

/** PGlite in a directory of its own: an install from before layouts, upgraded in place (docs/layouts.md#storage). */
describe('migration 0011: layouts', () => {
  it('adds the table to an existing install: one name per workspace, gone with its workspace', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sinalize-upgrade-'));
    const old = await openDatabase({ dataDir, migrations: migrationsBefore('0011_layouts') });
    try {
      await old.db.execute(sql.raw(`insert into workspaces (name) values ('Loja'), ('Outra')`));
      await old.db.execute(
        sql.raw(
          `insert into users (username, email, password_hash, role, workspace_id) values ('ana', 'ana@loja.com.br', 'x', 'admin', 1), ('bia', 'bia@outra.com.br', 'x', 'admin', 2)`,
        ),
      );
      await expect(old.db.execute(sql.raw('select 1 from layouts'))).rejects.toThrow();
    } finally {
      await old.close();
    }

    const upgraded = await openDatabase({ dataDir });
    try {
      await upgraded.db.execute(insertLayout(1, 'Vitrine', 'vitrine'));
      await upgraded.db.execute(insertLayout(2, 'vitrine', 'vitrine'));
      const twice = await upgraded.db.execute(insertLayout(1, 'VITRINE', 'vitrine')).catch((e: unknown) => e);
      expect(uniqueViolation(twice)).toBe('layouts_name_unique');
      await upgraded.db.execute(sql.raw('delete from workspaces where id = 2'));
      expect(await rowsOf(upgraded, 'select name, workspace_id, zones from layouts order by id')).toEqual([
        {
          name: 'Vitrine',
          workspace_id: 1,
          zones: [{ key: 'zona-1', name: 'Tela', x: 0, y: 0, width: 100, height: 100, z: 0, fit: 'contain' }],
        },
      ]);
    } finally {
      await upgraded.close();
    }
  }, 60_000);
});
