import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVICE_REVOKED_CLOSE_CODE } from '../../../contract/realtime';
import { buildApp } from '../../app';
import type { Database } from '../../db/client';
import { createS3Store } from '../../storage/s3-store';
import { startS3TestServer } from '../../storage/s3-test-server';
import { signedInUser } from '../../test/factories';
import { testConfig, useTestApp } from '../../test/test-app';
import { getTestDatabase, resetDatabase } from '../../test/test-database';
import { filesUnder, noisePng, uploadSettled } from '../media/media-test-helpers';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function eventually(condition: () => boolean | Promise<boolean>) {
  for (const started = Date.now(); Date.now() - started < 3000; await sleep(20)) if (await condition()) return;
  throw new Error('condition not met within 3 s');
}
const tv = (token: string) => ({ authorization: `Bearer ${token}` });

/** Uploaded and processed (its thumbnail made), as the removal finds it. */
async function uploadImage(app: FastifyInstance, cookie: string, seed: number) {
  return uploadSettled(app, cookie, { content: await noisePng(64, 48, seed), filename: `foto-${seed}.png` });
}
const thumbOf = (filename: string) => filename.replace(/\.\w+$/, '-thumb.webp');

describe('removing a user takes their TVs and files with them (local store)', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sinalize-user-removal-'));
  const t = useTestApp({
    dataDir,
    tv: { flushIntervalMs: 40, offlineAfterMs: 400, pairing: { perAddressPerMinute: 1000, globalPerMinute: 1000, failureDelayMs: 10 } },
  });
  const stored = () => filesUnder(path.join(dataDir, 'media')).map((f) => path.basename(f));

  it('revokes their paired TV at once (401, socket closed with 4001) and deletes their files; others keep theirs', async () => {
    const admin = await signedInUser(t.app, t.database, 'admin');
    const owner = await signedInUser(t.app, t.database);
    const bystander = await signedInUser(t.app, t.database);
    const theirs = await uploadImage(t.app, owner.cookie, 1);
    const kept = await uploadImage(t.app, bystander.cookie, 2);
    expect(stored()).toEqual(expect.arrayContaining([theirs.filename, thumbOf(theirs.filename), kept.filename]));

    const code = String(100000 + Math.floor(Math.random() * 899999));
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/devices',
      headers: { cookie: owner.cookie },
      payload: { name: 'TV', location: 'Loja', resolution: '1920x1080', authCode: code },
    });
    expect(created.statusCode, created.body).toBe(201);
    const token = (await t.app.inject({ method: 'POST', url: '/api/tv/authenticate', payload: { code } })).json().token as string;
    // The token is now in the authenticator's cache, and the TV has its socket open.
    expect((await t.app.inject({ method: 'GET', url: '/api/tv/content', headers: tv(token) })).statusCode).toBe(200);
    const socket: WebSocket = await t.app.injectWS('/ws/device', { headers: tv(token) });
    const closed = new Promise<number>((resolve) => socket.on('close', (closeCode) => resolve(closeCode)));
    const received: Array<{ type: string }> = [];
    socket.on('message', (raw) => received.push(JSON.parse(String(raw))));
    socket.send(JSON.stringify({ type: 'heartbeat' }));
    await eventually(() => received.some((m) => m.type === 'heartbeat_ack'));

    const removed = await t.app.inject({ method: 'DELETE', url: `/api/users/${owner.user.id}`, headers: { cookie: admin.cookie } });
    expect(removed.statusCode, removed.body).toBe(204);

    expect(await Promise.race([closed, sleep(3000).then(() => 'still open after 3 s')])).toBe(DEVICE_REVOKED_CLOSE_CODE);
    expect(received).toContainEqual({ type: 'disconnect' });
    const content = await t.app.inject({ method: 'GET', url: '/api/tv/content', headers: tv(token) });
    expect(content.statusCode).toBe(401);
    expect(content.json().code).toBe('DEVICE_UNAUTHENTICATED');
    expect(stored()).not.toContain(theirs.filename);
    expect(stored()).not.toContain(thumbOf(theirs.filename));
    expect(stored()).toEqual(expect.arrayContaining([kept.filename, thumbOf(kept.filename)]));
    expect(t.events).toContainEqual(expect.objectContaining({ type: 'device.disconnected', ownerId: owner.user.id }));
  });
});

describe('removing a user deletes their files from an S3 bucket', () => {
  let s3: Awaited<ReturnType<typeof startS3TestServer>>;
  let app: FastifyInstance;
  let database: Database;

  beforeAll(async () => {
    s3 = await startS3TestServer();
    database = await getTestDatabase();
    await resetDatabase(database);
    app = await buildApp({ config: testConfig({ mediaStorage: s3.config }), database });
  });
  afterAll(async () => {
    await app?.close();
    await s3?.close();
  });

  it('deletes the removed user’s objects and thumbnails, keeps everyone else’s', async () => {
    const store = createS3Store(s3.config);
    const admin = await signedInUser(app, database, 'admin');
    const owner = await signedInUser(app, database);
    const bystander = await signedInUser(app, database);
    const theirs = [await uploadImage(app, owner.cookie, 3), await uploadImage(app, owner.cookie, 4)];
    const kept = await uploadImage(app, bystander.cookie, 5);
    for (const m of theirs) expect(await store.size(m.filename)).toBeGreaterThan(0);

    const removed = await app.inject({ method: 'DELETE', url: `/api/users/${owner.user.id}`, headers: { cookie: admin.cookie } });
    expect(removed.statusCode, removed.body).toBe(204);
    for (const m of theirs) {
      expect(await store.size(m.filename)).toBeNull();
      expect(await store.size(thumbOf(m.filename))).toBeNull();
    }
    expect(await store.size(kept.filename)).toBeGreaterThan(0);
    expect(await store.size(thumbOf(kept.filename))).toBeGreaterThan(0);
  });
});
