import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { WebSocket } from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVICE_REVOKED_CLOSE_CODE } from '../../../contract/realtime';
import { buildApp } from '../../app';
import type { Database } from '../../db/client';
import { devices, media, users, workspaces } from '../../db/schema';
import { createInProcessEventBus } from '../../realtime/event-bus';
import { createLocalStore } from '../../storage/local-store';
import { createS3Store } from '../../storage/s3-store';
import { startS3TestServer } from '../../storage/s3-test-server';
import { makePairedDevice, makeWorkspace, signedInUser } from '../../test/factories';
import { testConfig, useTestApp } from '../../test/test-app';
import { getTestDatabase, resetDatabase } from '../../test/test-database';
import { filesUnder, noisePng, uploadSettled } from '../../test/uploads';
import { removeWorkspace } from './workspace-service';
import { tvHeaders } from '../../test/api-factories';
import { eventually } from '../../test/eventually';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const thumbOf = (filename: string) => filename.replace(/\.\w+$/, '-thumb.webp');
const log = { error: () => undefined };

/** A user of `workspaceId` with an image and a paired TV whose token is in the caches. */
async function company(app: FastifyInstance, database: Database, workspaceId: number, seed: number) {
  const person = await signedInUser(app, database, 'user', workspaceId);
  const image = await uploadSettled(app, person.cookie, {
    content: await noisePng(64, 48, seed),
    filename: `foto-${seed}.png`,
  });
  const { device, token } = await makePairedDevice({ app, database }, { owner: person });
  expect((await app.inject({ method: 'GET', url: '/api/tv/content', headers: tvHeaders(token) })).statusCode).toBe(200);
  // The TV's screenshot (issue 15) is a file in the store too.
  const jpeg = await sharp({ create: { width: 16, height: 9, channels: 3, background: '#dc2626' } })
    .jpeg()
    .toBuffer();
  expect(
    (
      await app.inject({
        method: 'POST',
        url: '/api/tv/screenshot',
        headers: { ...tvHeaders(token), 'content-type': 'image/jpeg' },
        payload: jpeg,
      })
    ).statusCode,
  ).toBe(200);
  const [row] = await database.db.select({ key: devices.screenshotKey }).from(devices).where(eq(devices.id, device.id));
  return { ...person, image, token, deviceId: device.id, screenshotKey: row!.key! };
}

describe('removing a workspace (local store)', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sinalize-workspace-removal-'));
  const t = useTestApp({
    dataDir,
    tv: {
      flushIntervalMs: 40,
      offlineAfterMs: 60_000,
      pairing: { perAddressPerMinute: 1000, globalPerMinute: 1000, failureDelayMs: 10 },
    },
  });
  const stored = () => filesUnder(path.join(dataDir, 'media')).map((f) => path.basename(f));

  it('revokes its TVs at once (socket closed with 4001, then 401), deletes its rows and files; another workspace keeps everything', async () => {
    const gone = await makeWorkspace(t.database, 'Mercado');
    const kept = await makeWorkspace(t.database, 'Padaria');
    const leaving = await company(t.app, t.database, gone, 1);
    const staying = await company(t.app, t.database, kept, 2);
    const socket: WebSocket = await t.app.injectWS('/ws/device', { headers: tvHeaders(leaving.token) });
    const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
    const received: Array<{ type: string }> = [];
    socket.on('message', (raw) => received.push(JSON.parse(String(raw))));
    socket.send(JSON.stringify({ type: 'heartbeat' }));
    await eventually(() => received.some((m) => m.type === 'heartbeat_ack'), 'the heartbeat ack', 10_000);

    const removed = await removeWorkspace(
      { db: t.database.db, bus: t.bus, store: createLocalStore(path.join(dataDir, 'media')), log },
      gone,
    );
    expect(removed?.devices).toEqual([
      { id: leaving.deviceId, workspaceId: gone, screenshotKey: leaving.screenshotKey },
    ]);

    expect(await Promise.race([closed, sleep(10_000).then(() => 'still open after 10 s')])).toBe(
      DEVICE_REVOKED_CLOSE_CODE,
    );
    expect(received).toContainEqual({ type: 'disconnect' });
    const content = await t.app.inject({ method: 'GET', url: '/api/tv/content', headers: tvHeaders(leaving.token) });
    expect(content.statusCode).toBe(401);
    expect(stored()).not.toContain(leaving.image.filename);
    expect(stored()).not.toContain(thumbOf(leaving.image.filename));
    expect(stored()).not.toContain(leaving.screenshotKey);
    expect(stored()).toEqual(
      expect.arrayContaining([staying.image.filename, thumbOf(staying.image.filename), staying.screenshotKey]),
    );
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: leaving.cookie } })).statusCode,
    ).toBe(401);
    const { db } = t.database;
    expect(await db.select().from(workspaces).where(eq(workspaces.id, gone))).toEqual([]);
    expect(await db.select().from(users).where(eq(users.workspaceId, gone))).toEqual([]);

    // The other workspace: its TV plays, its user is signed in, its rows are there.
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/tv/content', headers: tvHeaders(staying.token) })).statusCode,
    ).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/devices', headers: { cookie: staying.cookie } })).json(),
    ).toHaveLength(1);
    expect(await db.select({ id: media.id }).from(media)).toEqual([{ id: staying.image.id }]);
    expect(await db.select({ id: devices.id }).from(devices)).toEqual([{ id: staying.deviceId }]);
    expect(
      await removeWorkspace({ db, bus: t.bus, store: createLocalStore(path.join(dataDir, 'media')), log }, gone),
    ).toBeNull();
    socket.terminate();
  });
});

describe('removing a workspace deletes its files from an S3 bucket', () => {
  let s3: Awaited<ReturnType<typeof startS3TestServer>>;
  let app: FastifyInstance;
  let database: Database;
  const bus = createInProcessEventBus();

  beforeAll(async () => {
    s3 = await startS3TestServer();
    database = await getTestDatabase();
    await resetDatabase(database);
    app = await buildApp({ config: testConfig({ mediaStorage: s3.config }), database, bus });
  });
  afterAll(async () => {
    await app?.close();
    await s3?.close();
  });

  it("deletes the workspace's objects and thumbnails, keeps another workspace's", async () => {
    const store = createS3Store(s3.config);
    const [gone, kept] = [await makeWorkspace(database), await makeWorkspace(database)];
    const leaving = await signedInUser(app, database, 'user', gone);
    const staying = await signedInUser(app, database, 'user', kept);
    const theirs = [
      await uploadSettled(app, leaving.cookie, { content: await noisePng(64, 48, 3), filename: 'a.png' }),
      await uploadSettled(app, leaving.cookie, { content: await noisePng(64, 48, 4), filename: 'b.png' }),
    ];
    const ours = await uploadSettled(app, staying.cookie, { content: await noisePng(64, 48, 5), filename: 'c.png' });
    for (const m of theirs) expect(await store.size(m.filename)).toBeGreaterThan(0);

    expect(await removeWorkspace({ db: database.db, bus, store, log }, gone)).not.toBeNull();
    for (const m of theirs) {
      expect(await store.size(m.filename)).toBeNull();
      expect(await store.size(thumbOf(m.filename))).toBeNull();
    }
    expect(await store.size(ours.filename)).toBeGreaterThan(0);
    expect(await store.size(thumbOf(ours.filename))).toBeGreaterThan(0);
  });
});
