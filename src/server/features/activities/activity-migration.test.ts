import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Activity } from '../../../contract/activities';
import { buildApp } from '../../app';
import { openDatabase } from '../../db/client';
import { createMemoryLimiter } from '../../limits/limiter';
import { createInProcessEventBus } from '../../realtime/event-bus';
import { userWithSession } from '../../test/factories';
import { migrationsBefore, rowsOf, upgradePlace } from '../../test/migrations';
import { testConfig } from '../../test/test-app';
import { recordActivity } from './activity-service';

const { DATABASE_URL } = process.env;

/**
 * Migration 0009 on an install made before it: the entries it finds keep their sentence word for
 * word (`GET /api/activities`, its search and its type filter), beside new entries stored as data.
 * PGlite in a directory of its own, or with DATABASE_URL a database of its own on that server
 * (named like the test databases, so test-database.ts drops it if this run dies first).
 */
describe('activity messages migration (0009)', () => {
  const before = [
    ['device_created', 'Dispositivo "TV Caixa" criado', 'device'],
    ['campaign_status', 'Campanha "Verão": Publicada', 'campaign'],
    // A sentence no template makes today: kept as it was.
    ['media_deleted', 'Mídia "promoção.png" apagada à mão', 'media'],
  ] as const;

  it(`keeps the sentences of the entries written before it, word for word, searchable and filterable (${DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, async () => {
    const { databaseUrl, dataDir, drop } = await upgradePlace('activities_migration');
    try {
      const old = await openDatabase({ databaseUrl, dataDir, migrations: migrationsBefore('0009_activity_messages') });
      try {
        await old.db.execute(sql.raw(`insert into workspaces (name) values ('Loja')`));
        await old.db.execute(
          sql.raw(
            `insert into users (username, email, password_hash, role, workspace_id) values ('ana', 'ana@loja.com.br', 'x', 'admin', 1)`,
          ),
        );
        for (const [type, text, entity] of before)
          await old.db.execute(
            sql`insert into activities (type, description, entity_type, entity_id, user_id, workspace_id) values (${type}, ${text}, ${entity}, 7, 1, 1)`,
          );
      } finally {
        await old.close();
      }

      const upgraded = await openDatabase({ databaseUrl, dataDir });
      const app = await buildApp({
        config: testConfig(),
        database: upgraded,
        bus: createInProcessEventBus(),
        limiter: createMemoryLimiter(),
      });
      try {
        expect(await rowsOf(upgraded, 'select legacy_text, data from activities order by id')).toEqual(
          before.map(([, text]) => ({ legacy_text: text, data: null })),
        );
        await recordActivity(upgraded.db, {
          userId: 1,
          workspaceId: 1,
          type: 'device_created',
          data: { name: 'TV Nova' },
          entityType: 'device',
          entityId: 8,
        });
        const { cookie } = await userWithSession(upgraded, 'user', 1);
        const read = async (query = '') => {
          const res = await app.inject({ method: 'GET', url: `/api/activities${query}`, headers: { cookie } });
          expect(res.statusCode, res.body).toBe(200);
          return (res.json() as { items: Activity[] }).items.map((a) => [a.type, a.description, a.userName]);
        };
        expect(await read()).toEqual([
          ['device_created', 'Dispositivo "TV Nova" criado', 'ana'],
          ...before.map(([type, text]) => [type, text, 'ana']).reverse(),
        ]);
        expect(await read(`?search=${encodeURIComponent('apagada a mao')}`)).toEqual([
          ['media_deleted', 'Mídia "promoção.png" apagada à mão', 'ana'],
        ]);
        expect(await read('?type=device_created&search=dispositivo')).toEqual([
          ['device_created', 'Dispositivo "TV Nova" criado', 'ana'],
          ['device_created', 'Dispositivo "TV Caixa" criado', 'ana'],
        ]);
        // An entry is told by its data or by its old text, never by neither.
        await expect(
          upgraded.db.execute(
            sql.raw(`insert into activities (type, user_id, workspace_id) values ('device_created', 1, 1)`),
          ),
        ).rejects.toThrow();
      } finally {
        await app.close();
        await upgraded.close();
      }
    } finally {
      await drop();
    }
  }, 60_000);
});
