import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { openDatabase, type Database } from '../../db/client';
import { createInProcessEventBus, type EventBus } from '../../realtime/event-bus';
import { playlistItems } from '../../test/api-factories';
import { eventually } from '../../test/eventually';
import { makePairedDevice, makePlaylist, userWithSession } from '../../test/factories';
import { startFaultProxy, type FaultProxy } from '../../test/fault-proxy';
import { useTestApp } from '../../test/test-app';
import { testDatabaseUrl } from '../../test/test-database';

/**
 * The TV manifests through a PostgreSQL outage (docs/scaling.md, "When PostgreSQL or Redis goes
 * away"): the app under test reaches this worker's database through a fault proxy and hears the
 * events published on its own bus (as another process's would arrive); the test app beside it
 * (direct) makes and edits the data while the proxy is cut.
 */
describe.skipIf(!process.env.DATABASE_URL)('the TV manifests when the database goes away', () => {
  const t = useTestApp();
  let proxy: FaultProxy;
  let database: Database;
  let bus: EventBus;
  let app: FastifyInstance;

  beforeEach(async () => {
    if (app) return;
    proxy = await startFaultProxy(testDatabaseUrl()!);
    database = await openDatabase({
      databaseUrl: proxy.url,
      dataDir: mkdtempSync(path.join(os.tmpdir(), 'sinalize-manifest-outage-')),
    });
    bus = createInProcessEventBus();
    app = await buildApp({ config: t.config, database, bus });
  });
  afterEach(() => {
    proxy?.restore();
    app?.forgetKeptAnswers();
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    await proxy?.close();
  });

  /** A paired TV showing a playlist of one item (8 s), and how to edit that item's duration directly. */
  async function tvWithPlaylist() {
    const owner = await userWithSession(t.database, 'admin');
    const playlist = await makePlaylist(t, { owner });
    const { device, headers } = await makePairedDevice(t, { owner, playlists: [playlist.id] });
    const mediaId = playlist.items[0]!.mediaId;
    const edit = async (duration: number) => {
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/playlists/${playlist.id}`,
        headers: { cookie: owner.cookie },
        payload: { name: playlist.name, items: playlistItems([{ mediaId, duration }]) },
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    const changed = { type: 'playlist.changed' as const, playlistId: playlist.id, workspaceId: owner.user.workspaceId };
    const content = () => app.inject({ method: 'GET', url: '/api/tv/content', headers });
    const durationNow = async () => {
      const res = await content();
      if (res.statusCode !== 200) return null;
      const body = res.json<{ windows: Array<{ items: Array<{ duration: number }> }> }>();
      return body.windows[0]?.items[0]?.duration ?? null;
    };
    /**
     * A request that needs the database, answered once the proxy refused it: the event's reload,
     * whose connection was asked for before this one's, has been refused too.
     */
    const refusedMeanwhile = async () => {
      const res = await app.inject({ method: 'GET', url: '/api/playlists', headers: { cookie: owner.cookie } });
      expect(res.statusCode).toBe(503);
    };
    return { device, headers, edit, changed, content, durationNow, refusedMeanwhile };
  }

  it('an edit heard while the database is away reaches the TV once it is back: rebuilt, and pushed on its socket', async () => {
    const tv = await tvWithPlaylist();
    const first = await tv.content();
    expect(first.statusCode).toBe(200);
    const socket: WebSocket = await app.injectWS('/ws/device', { headers: tv.headers });
    const pushed: Array<{ type: string; manifest?: { version: string } }> = [];
    socket.on('message', (raw) => pushed.push(JSON.parse(String(raw)) as { type: string }));

    proxy.cut();
    await tv.edit(20);
    // Its event arrives while this process cannot read the playlist.
    bus.publish(tv.changed);
    await tv.refusedMeanwhile();
    proxy.restore();

    await eventually(async () => (await tv.durationNow()) === 20, 'the new manifest served', 15_000);
    await eventually(
      () => pushed.some((m) => m.type === 'manifest' && `"${m.manifest?.version}"` !== first.headers.etag),
      'the new manifest pushed',
      15_000,
    );
    socket.terminate();
  });

  it('a manifest whose build failed on the database is built again on the next request, not answered 503 until a restart', async () => {
    const tv = await tvWithPlaylist();
    // The TV's state is known (its heartbeat) but its body not built yet.
    expect((await app.inject({ method: 'POST', url: '/api/tv/heartbeat', headers: tv.headers })).statusCode).toBe(200);
    proxy.cut();
    await tv.edit(30);
    bus.publish(tv.changed);
    // The build needs the playlist the event dropped: it fails while the database is away.
    expect((await tv.content()).statusCode).toBe(503);
    proxy.restore();

    await eventually(async () => (await tv.durationNow()) === 30, 'the manifest built again', 15_000);
  });
});
