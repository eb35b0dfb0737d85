import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { migrationsBefore, rowsOf } from '../test/migrations';
import { openDatabase } from './client';

/** PGlite in a directory of its own: an install of the in-memory processing queue, upgraded in place. */
describe('migration 0010: the job queue', () => {
  it("queues a processing job for each media row the old version left 'processing', and for no other", async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sinalize-upgrade-'));
    const old = await openDatabase({ dataDir, migrations: migrationsBefore('0010_job_queue') });
    try {
      for (const statement of [
        `insert into workspaces (name) values ('Loja'), ('Outra')`,
        `insert into users (username, email, password_hash, role, workspace_id) values ('ana', 'ana@loja.com.br', 'x', 'admin', 1), ('bia', 'bia@outra.com.br', 'x', 'admin', 2)`,
        ...[
          [1, 'ready'],
          [1, 'processing'],
          [2, 'processing'],
          [2, 'failed'],
        ].map(
          ([workspace, status], i) =>
            `insert into media (filename, original_name, mime_type, size, url, sha256, user_id, workspace_id, status) values ('${i}.png', '${i}.png', 'image/png', 10, '/api/media/${i + 1}/file', 'f', ${workspace}, ${workspace}, '${status}')`,
        ),
      ]) {
        await old.db.execute(sql.raw(statement));
      }
    } finally {
      await old.close();
    }

    const upgraded = await openDatabase({ dataDir });
    try {
      expect(
        await rowsOf(
          upgraded,
          'select kind, payload, workspace_id, status, attempts, max_attempts from jobs order by id',
        ),
      ).toEqual([
        {
          kind: 'media.process',
          payload: { mediaId: 2 },
          workspace_id: 1,
          status: 'queued',
          attempts: 0,
          max_attempts: 3,
        },
        {
          kind: 'media.process',
          payload: { mediaId: 3 },
          workspace_id: 2,
          status: 'queued',
          attempts: 0,
          max_attempts: 3,
        },
      ]);
    } finally {
      await upgraded.close();
    }
  }, 60_000);
});
