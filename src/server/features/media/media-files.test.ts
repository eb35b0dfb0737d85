import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { STORAGE_QUOTA_BYTES } from '../../../contract/constants';
import { messages } from '../../../contract/messages';
import { playlistItems, playlists } from '../../db/schema';
import { makePlaylist, makeWorkspace, signedInUser, workspaceOf } from '../../test/factories';
import { useTestApp } from '../../test/test-app';
import { filesUnder, noisePng, upload, uploadSettled } from '../../test/uploads';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sinalize-media-files-'));
const mediaDir = path.join(dataDir, 'media');

describe('media files, list and delete', () => {
  const t = useTestApp({ dataDir });

  async function withImages() {
    const owner = await signedInUser(t.app, t.database);
    const png = await noisePng(40, 30, 7);
    const first = await uploadSettled(t.app, owner.cookie, { content: png, filename: 'Promoção.png' });
    const second = await uploadSettled(t.app, owner.cookie, { content: await noisePng(20, 20, 8), filename: 'b.png' });
    return { owner, png, first, second };
  }
  const get = (url: string, cookie: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: { cookie, ...headers } });

  it("lists the workspace's media newest first (teammates share them, another workspace's admin sees none) and reports usage", async () => {
    const { owner, first, second } = await withImages();
    const other = await signedInUser(t.app, t.database, 'admin', await makeWorkspace(t.database));
    await upload(t.app, other.cookie, { content: await noisePng(10, 10), filename: 'outro.png' });

    const list = await get('/api/media', owner.cookie);
    expect(list.statusCode).toBe(200);
    expect(list.json().map((m: { id: number }) => m.id)).toEqual([second.id, first.id]);
    expect(list.json()[1]).toEqual(first);
    const teammate = await signedInUser(t.app, t.database);
    expect((await get('/api/media', teammate.cookie)).json()).toEqual(list.json());
    expect((await get('/api/media', other.cookie)).json()).toHaveLength(1);

    const usage = await get('/api/media/usage', teammate.cookie);
    expect(usage.json()).toEqual({ usedBytes: first.size + second.size, quotaBytes: STORAGE_QUOTA_BYTES, count: 2 });
  });

  it('streams the file with ETag, immutable caching, nosniff and byte ranges', async () => {
    const { owner, png, first } = await withImages();
    const whole = await get(first.url, owner.cookie);
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.equals(png)).toBe(true);
    expect(whole.headers).toMatchObject({
      'content-type': 'image/png',
      'content-length': String(png.length),
      'accept-ranges': 'bytes',
      etag: `"${first.sha256}"`,
      'cache-control': 'private, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
    });

    const head = await t.app.inject({ method: 'HEAD', url: first.url, headers: { cookie: owner.cookie } });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(String(png.length));
    expect(head.rawPayload.length).toBe(0);

    const part = await get(first.url, owner.cookie, { range: 'bytes=10-19' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 10-19/${png.length}`);
    expect(part.headers['content-length']).toBe('10');
    expect(part.rawPayload.equals(png.subarray(10, 20))).toBe(true);
    const suffix = await get(first.url, owner.cookie, { range: 'bytes=-5' });
    expect(suffix.rawPayload.equals(png.subarray(-5))).toBe(true);
    const open = await get(first.url, owner.cookie, { range: 'bytes=100-' });
    expect(open.headers['content-range']).toBe(`bytes 100-${png.length - 1}/${png.length}`);
    expect(open.rawPayload.equals(png.subarray(100))).toBe(true);

    const unsatisfiable = await get(first.url, owner.cookie, { range: `bytes=${png.length}-` });
    expect(unsatisfiable.statusCode).toBe(416);
    expect(unsatisfiable.headers['content-range']).toBe(`bytes */${png.length}`);
    expect(unsatisfiable.json().message).toBe(messages.media.rangeNotSatisfiable);
    expect(unsatisfiable.headers['cache-control']).toBeUndefined();

    const notModified = await get(first.url, owner.cookie, { 'if-none-match': `W/"x", "${first.sha256}"` });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.body).toBe('');
    expect(notModified.headers.etag).toBe(`"${first.sha256}"`);
    expect((await get(first.url, owner.cookie, { 'if-none-match': '"outro"' })).statusCode).toBe(200);
  });

  it('downloads with the original name (RFC 5987 for non-ASCII) and serves thumbnails', async () => {
    const { owner, png, first } = await withImages();
    const download = await get(`/api/media/${first.id}/download`, owner.cookie);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="Promo__o.png"; filename*=UTF-8''Promo%C3%A7%C3%A3o.png`,
    );
    expect(download.rawPayload.equals(png)).toBe(true);

    const thumb = await get(first.thumbnailUrl!, owner.cookie);
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/webp');
    expect(thumb.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    expect(
      (await get(first.thumbnailUrl!, owner.cookie, { 'if-none-match': thumb.headers.etag as string })).statusCode,
    ).toBe(304);
  });

  it('deletes the row, the file and the thumbnail, and recomputes the playlists that used it', async () => {
    const { owner, first, second } = await withImages();
    const { db } = t.database;
    const playlist = await makePlaylist(t, { owner, name: 'Vitrine', items: [first.id, second.id] });
    const names = filesUnder(mediaDir).map((f) => path.basename(f));
    expect(names).toContain(first.filename);

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/media/${first.id}`,
      headers: { cookie: owner.cookie },
    });
    expect(removed.statusCode).toBe(204);
    const [after] = await db.select().from(playlists).where(eq(playlists.id, playlist.id));
    expect(after!.totalSize).toBe(second.size);
    expect(t.events).toContainEqual({
      type: 'playlist.changed',
      playlistId: playlist.id,
      workspaceId: await workspaceOf(t.database, owner.user.id),
    });
    const items = await db.select().from(playlistItems).where(eq(playlistItems.playlistId, playlist.id));
    expect(items.map((i) => i.mediaId)).toEqual([second.id]);
    const left = filesUnder(mediaDir).map((f) => path.basename(f));
    expect(left).not.toContain(first.filename);
    expect(left.filter((n) => n.startsWith(first.filename.slice(0, 36)))).toEqual([]);
    expect((await get(first.url, owner.cookie)).statusCode).toBe(404);
    expect((await get('/api/media', owner.cookie)).json().map((m: { id: number }) => m.id)).toEqual([second.id]);
  });

  it("answers 404 for another workspace's media on every id route (its admin too), and touches nothing", async () => {
    const { first } = await withImages();
    const stranger = await signedInUser(t.app, t.database, 'admin', await makeWorkspace(t.database));
    for (const url of [
      `/api/media/${first.id}/file`,
      `/api/media/${first.id}/download`,
      `/api/media/${first.id}/thumbnail`,
      '/api/media/999999/file',
    ]) {
      const res = await get(url, stranger.cookie);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().message).toBe(messages.media.notFound);
    }
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/media/${first.id}`,
      headers: { cookie: stranger.cookie },
    });
    expect(del.statusCode).toBe(404);
    expect(filesUnder(mediaDir).map((f) => path.basename(f))).toContain(first.filename);
    expect((await get(`/api/media/abc/file`, stranger.cookie)).statusCode).toBe(400);
  });

  it('answers 401 on every media route without a session', async () => {
    for (const [method, url] of [
      ['GET', '/api/media'],
      ['GET', '/api/media/usage'],
      ['POST', '/api/media/upload'],
      ['GET', '/api/media/1/file'],
      ['GET', '/api/media/1/download'],
      ['GET', '/api/media/1/thumbnail'],
      ['DELETE', '/api/media/1'],
    ] as const) {
      const res = await t.app.inject({ method, url });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json().code).toBe('UNAUTHENTICATED');
    }
    const anonymousUpload = await upload(t.app, undefined, { content: await noisePng(8, 8), filename: 'a.png' });
    expect(anonymousUpload.statusCode).toBe(401);
  });

  it('documents the media routes in OpenAPI', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/media',
        '/api/media/upload',
        '/api/media/{id}/file',
        '/api/media/{id}/download',
        '/api/media/{id}/thumbnail',
        '/api/media/{id}',
      ]),
    );
    expect(
      doc.paths['/api/media/upload'].post.requestBody.content['multipart/form-data'].schema.properties.file.format,
    ).toBe('binary');
    expect(doc.components.schemas.Media.properties).toHaveProperty('thumbnailUrl');
  });
});
