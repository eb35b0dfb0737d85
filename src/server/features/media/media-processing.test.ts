import { createHash, randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { media } from '../../db/schema';
import { createMemoryLimiter } from '../../limits/limiter';
import { createInProcessEventBus, type DomainEvent } from '../../realtime/event-bus';
import { signedInUser, ownedByUser, workspaceOf } from '../../test/factories';
import { testConfig, useTestApp } from '../../test/test-app';
import { filesUnder, noisePng, settledMedia, testClip, upload, uploadSettled } from './media-test-helpers';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sinalize-media-processing-'));
const mediaDir = path.join(dataDir, 'media');
const tmpDir = path.join(dataDir, 'tmp');
const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const tv = (token: string) => ({ authorization: `Bearer ${token}` });

/** DESIGN §6, §9: uploads answer once stored; thumbnails, durations and posters come from a background queue. */
describe('media processing after the upload answered', () => {
  const t = useTestApp({
    dataDir,
    tv: { flushIntervalMs: 1000, offlineAfterMs: 45_000, pairing: { perAddressPerMinute: 1000, globalPerMinute: 1000, failureDelayMs: 0 } },
  });

  /** A row left 'processing' with its file in the store, as a process that died mid-queue leaves it. */
  async function leftProcessing(userId: number, content: Buffer) {
    const filename = `${randomUUID()}.png`;
    mkdirSync(mediaDir, { recursive: true });
    writeFileSync(path.join(mediaDir, filename), content);
    const [row] = await t.database.db
      .insert(media)
      .values({ ...(await ownedByUser(t.database, userId)), filename, originalName: 'antes.png', mimeType: 'image/png', size: content.length, url: '', sha256: sha256(content), status: 'processing' })
      .returning();
    return row!;
  }

  async function pairedTv(cookie: string, playlistId: number, code: string) {
    const headers = { cookie };
    const device = (await t.app.inject({ method: 'POST', url: '/api/devices', headers, payload: { name: 'TV', location: 'Loja', resolution: '1920x1080', authCode: code } })).json();
    await t.app.inject({ method: 'PATCH', url: `/api/devices/${device.id}`, headers, payload: { assignedPlaylistId1: playlistId } });
    const token = (await t.app.inject({ method: 'POST', url: '/api/tv/authenticate', payload: { code } })).json().token as string;
    return async () => (await t.app.inject({ method: 'GET', url: '/api/tv/content', headers: tv(token) })).json().windows[0].items as Array<{ mediaId: number; sha256: string }>;
  }

  it("answers 201 as 'processing' before the thumbnail exists, then the row becomes 'ready' and media.changed is announced", async () => {
    const { user, cookie } = await signedInUser(t.app, t.database);
    const res = await upload(t.app, cookie, { content: await noisePng(400, 300), filename: 'nova.png' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ status: 'processing', thumbnailUrl: null });
    const ready = await settledMedia(t.app, cookie, res.json().id);
    expect(ready).toMatchObject({ status: 'ready', thumbnailUrl: `/api/media/${ready.id}/thumbnail` });
    // Announced twice: uploaded (as 'processing'), then processed.
    const announced = () => t.events.filter((e) => e.type === 'media.changed' && e.mediaId === ready.id);
    await expect.poll(announced).toEqual([{ type: 'media.changed', mediaId: ready.id, workspaceId: await workspaceOf(t.database, user.id) }, { type: 'media.changed', mediaId: ready.id, workspaceId: await workspaceOf(t.database, user.id) }]);
    expect((await t.app.inject({ method: 'GET', url: ready.thumbnailUrl!, headers: { cookie } })).statusCode).toBe(200);
    expect(filesUnder(tmpDir)).toEqual([]);
  });

  it("marks a file that cannot be read as media 'failed' and keeps it, with no thumbnail or duration", async () => {
    const { cookie } = await signedInUser(t.app, t.database);
    const storedBefore = filesUnder(mediaDir).length;
    const png = await noisePng(64, 64);
    // Right magic bytes, broken body: accepted by the sniffer, refused by the decoder.
    const cases = [
      { content: png.subarray(0, 200), filename: 'quebrado.png' },
      { content: Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.alloc(2000, 7)]), filename: 'falso.mp4' },
    ];
    for (const file of cases) {
      const res = await upload(t.app, cookie, file);
      expect(res.statusCode, res.body).toBe(201);
      const item = await settledMedia(t.app, cookie, res.json().id);
      expect(item).toMatchObject({ status: 'failed', thumbnailUrl: null, duration: null, size: file.content.length, sha256: sha256(file.content) });
      const kept = await t.app.inject({ method: 'GET', url: item.url, headers: { cookie } });
      expect(kept.statusCode).toBe(200);
      expect(kept.rawPayload.equals(file.content)).toBe(true);
    }
    // The two files and nothing else (no half-made thumbnail); no temp file left.
    expect(filesUnder(mediaDir).length).toBe(storedBefore + 2);
    expect(filesUnder(tmpDir)).toEqual([]);
  });

  it('lets a playlist take a media while it is processing; its TVs get it only once ready, in its final form', async () => {
    const { user, cookie } = await signedInUser(t.app, t.database);
    const stuck = await leftProcessing(user.id, await noisePng(32, 32, 3)); // nothing processes it in this app
    const image = await uploadSettled(t.app, cookie, { content: await noisePng(32, 32, 4), filename: 'pronta.png' });
    const playlist = (
      await t.app.inject({ method: 'POST', url: '/api/playlists', headers: { cookie }, payload: { name: 'Vitrine', items: [{ mediaId: stuck.id, duration: 5 }, { mediaId: image.id, duration: 5 }] } })
    ).json();
    expect(playlist.items).toHaveLength(2);
    const content = await pairedTv(cookie, playlist.id, '610001');
    expect((await content()).map((i) => i.mediaId)).toEqual([image.id]);

    // An end-indexed MP4 is rewritten in the queue: the TV gets the rewrite's hash, never the upload's.
    const clip = await testClip('mp4');
    const res = await upload(t.app, cookie, { content: clip, filename: 'camera.mp4' });
    expect(res.statusCode).toBe(201);
    const items = [{ mediaId: res.json().id, duration: 7 }, { mediaId: image.id, duration: 5 }];
    const saved = await t.app.inject({ method: 'PUT', url: `/api/playlists/${playlist.id}`, headers: { cookie }, payload: { name: 'Vitrine', items } });
    expect(saved.statusCode, saved.body).toBe(200);
    const video = await settledMedia(t.app, cookie, res.json().id);
    expect(video.status).toBe('ready');
    expect(video.sha256).not.toBe(sha256(clip));
    for (const started = Date.now(); (await content()).length < 2; ) {
      if (Date.now() - started > 5000) throw new Error('the TV never got the video');
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(await content()).toEqual([expect.objectContaining({ mediaId: video.id, sha256: video.sha256 }), expect.objectContaining({ mediaId: image.id })]);
    // The playlist's total follows the rewritten size.
    const list = (await t.app.inject({ method: 'GET', url: `/api/playlists/${playlist.id}`, headers: { cookie } })).json();
    expect(list.totalSize).toBe(video.size + image.size);
  });

  it("picks up at start the rows a previous process left 'processing', and announces their playlists", async () => {
    const { user, cookie } = await signedInUser(t.app, t.database);
    const png = await noisePng(500, 250, 9);
    const row = await leftProcessing(user.id, png);
    const playlist = (
      await t.app.inject({ method: 'POST', url: '/api/playlists', headers: { cookie }, payload: { name: 'Retomada', items: [{ mediaId: row.id, duration: 5 }] } })
    ).json();
    const listed = (await t.app.inject({ method: 'GET', url: '/api/media', headers: { cookie } })).json() as Array<{ id: number; status: string }>;
    expect(listed.find((m) => m.id === row.id)?.status).toBe('processing');

    // A restart: a new process on the same database and data folder.
    const bus = createInProcessEventBus();
    const events: DomainEvent[] = [];
    bus.subscribe((e) => events.push(e));
    const limiter = createMemoryLimiter();
    const restarted = await buildApp({ config: testConfig({ dataDir }), database: t.database, bus, limiter });
    try {
      const ready = await settledMedia(t.app, cookie, row.id);
      expect(ready).toMatchObject({ status: 'ready', size: png.length, sha256: sha256(png), thumbnailUrl: `/api/media/${row.id}/thumbnail` });
      expect(events).toContainEqual({ type: 'media.changed', mediaId: row.id, workspaceId: await workspaceOf(t.database, user.id) });
      expect(events).toContainEqual({ type: 'playlist.changed', playlistId: playlist.id, workspaceId: await workspaceOf(t.database, user.id) });
      // It worked on a copy fetched from the store, and removed it.
      expect(filesUnder(tmpDir)).toEqual([]);
    } finally {
      await restarted.close();
      await limiter.close();
    }
  });
});
