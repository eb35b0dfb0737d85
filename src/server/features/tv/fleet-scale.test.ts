import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Manifest } from '../../../contract/tv';
import { makePlaylist, signedInUser, workspaceOf } from '../../test/factories';
import { useTestApp } from '../../test/test-app';
import { createInProcessEventBus } from '../../realtime/event-bus';
import { createManifestService } from './manifest-service';
import { createPresenceService } from './presence-service';
import { createMediaUrlSigner } from './signed-media';

/**
 * One workspace with 50,000 screens: every statement that touches "all the devices" must stay under
 * PostgreSQL's 65,535 bind parameters (a statement with one or two per device breaks near 32,000).
 */
describe('a fleet of 50,000 devices', () => {
  const t = useTestApp();
  const FLEET = 50_000;

  it(
    'flushes the heartbeats, builds the manifests of every device and lists them all',
    { timeout: 120_000 },
    async () => {
      const owner = await signedInUser(t.app, t.database);
      const { user, cookie } = owner;
      const workspaceId = await workspaceOf(t.database, user.id);
      await t.database.db.execute(sql`
      insert into devices (name, location, resolution, auth_code, user_id, workspace_id)
      select 'TV ' || g, 'Frota', '1920x1080', lpad(g::text, 6, '0'), ${user.id}::int, ${workspaceId}::int from generate_series(1, ${FLEET}::int) g`);
      const ids = (
        (await t.database.db.execute(sql`select id from devices order by id`)) as unknown as {
          rows: Array<{ id: number }>;
        }
      ).rows.map((r) => r.id);
      expect(ids).toHaveLength(FLEET);

      const bus = createInProcessEventBus();
      const presence = createPresenceService(t.database.db, bus, { flushIntervalMs: 60_000, offlineAfterMs: 45_000 });
      const at = new Date('2026-11-20T12:00:00.000Z');
      // Announced online, so their heartbeats stay in memory until the flush (no write per device).
      for (const id of ids)
        bus.publish({
          type: 'device.status',
          deviceId: id,
          workspaceId,
          status: 'online',
          activeSessionId: null,
          lastSeen: null,
          nowPlaying: null,
        });
      await Promise.all(ids.map((id) => presence.heartbeat(id, workspaceId, at)));
      await presence.flush();
      const { rows } = (await t.database.db.execute(
        sql`select count(*)::int as n from devices where last_seen = ${at.toISOString()}::timestamptz`,
      )) as unknown as {
        rows: Array<{ n: number }>;
      };
      expect(rows[0]!.n).toBe(FLEET);
      await presence.stop();

      // Every TV of the fleet asks for its manifest at once (a reconnect after a deploy).
      const playlist = await makePlaylist(t, { owner, name: 'Frota', items: [] });
      await t.database.db.execute(sql`update devices set assigned_playlist_id_1 = ${playlist.id}::int`);
      const manifests = createManifestService(t.database.db, bus, createMediaUrlSigner('s'.repeat(32)));
      const versions = await Promise.all(ids.map((id) => manifests.version(id)));
      expect(new Set(versions.map((v) => v === null)).has(true)).toBe(false);
      const sample = await manifests.get(ids[FLEET - 1]!);
      expect(sample && (JSON.parse(sample.body) as Manifest).windows[0]?.playlistId).toBe(playlist.id);

      const list = await t.app.inject({ method: 'GET', url: '/api/devices', headers: { cookie } });
      expect(list.statusCode).toBe(200);
      expect(list.json()).toHaveLength(FLEET);
    },
  );
});
