import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import type { Database } from '../../db/client';
import { createS3Store } from '../../storage/s3-store';
import { startS3TestServer } from '../../storage/s3-test-server';
import { signedInUser } from '../../test/factories';
import { testConfig } from '../../test/test-app';
import { getTestDatabase, resetDatabase } from '../../test/test-database';
import { filesUnder, noisePng, settledMedia, testClip, upload } from '../../test/uploads';
import { mediaTools } from './media-tools';

describe('media on an S3-compatible bucket', () => {
  let s3: Awaited<ReturnType<typeof startS3TestServer>>;
  let app: FastifyInstance;
  let database: Database;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sinalize-media-s3-'));

  beforeAll(async () => {
    s3 = await startS3TestServer();
    database = await getTestDatabase();
    await resetDatabase(database);
    app = await buildApp({ config: testConfig({ dataDir, mediaStorage: s3.config }), database });
  });
  afterAll(async () => {
    await app?.close();
    await s3?.close();
  });

  it('uploads through the app into the bucket, serves ranges from it and deletes from it', async () => {
    const store = createS3Store(s3.config);
    const { cookie } = await signedInUser(app, database);
    const png = await noisePng(64, 48, 3);
    const res = await upload(app, cookie, { content: png, filename: 'no-bucket.png' });
    expect(res.statusCode, res.body).toBe(201);
    const item = await settledMedia(app, cookie, res.json().id);
    expect(await store.size(item.filename)).toBe(png.length);
    expect(await store.size(item.filename.replace('.png', '-thumb.webp'))).toBeGreaterThan(0);
    // Nothing of it stays on the server's disk: not in DATA_DIR/media, not in the temp folder.
    expect(
      filesUnder(dataDir).filter((f) => !f.includes(`${path.sep}db${path.sep}`) && !f.endsWith('session-secret')),
    ).toEqual([]);

    const part = await app.inject({ method: 'GET', url: item.url, headers: { cookie, range: 'bytes=8-23' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 8-23/${png.length}`);
    expect(part.rawPayload.equals(png.subarray(8, 24))).toBe(true);
    const whole = await app.inject({ method: 'GET', url: item.url, headers: { cookie } });
    expect(whole.rawPayload.equals(png)).toBe(true);
    const thumb = await app.inject({ method: 'GET', url: item.thumbnailUrl!, headers: { cookie } });
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/webp');

    const clip = await upload(app, cookie, { content: await testClip('mp4'), filename: 'clipe.mp4' });
    const video = await settledMedia(app, cookie, clip.json().id);
    expect(video).toMatchObject({ mimeType: 'video/mp4', duration: 3, status: 'ready' });
    // Rewritten index-first in the queue: the bucket holds the rewrite and its poster, not the upload.
    expect(await store.size(video.filename)).toBe(video.size);
    const poster = await store.size(video.filename.replace('.mp4', '-thumb.webp'));
    // libav.js (SINALIZE_FFMPEG=wasm) decodes no video: no poster then.
    if (mediaTools().kind === 'system') expect(poster).toBeGreaterThan(0);
    else expect(poster).toBeNull();
    expect(await store.size(clip.json().filename)).toBeNull();

    expect((await app.inject({ method: 'DELETE', url: `/api/media/${item.id}`, headers: { cookie } })).statusCode).toBe(
      204,
    );
    expect(await store.size(item.filename)).toBeNull();
    expect(await store.size(item.filename.replace('.png', '-thumb.webp'))).toBeNull();
  });
});
