import { createHash } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES } from '../../../contract/constants';
import { messages } from '../../../contract/messages';
import { signedInUser } from '../../test/factories';
import { useTestApp } from '../../test/test-app';
import { filesUnder, multipart, noisePng, settledMedia, solidJpeg, testClip, upload } from '../../test/uploads';
import { mediaTools } from './media-tools';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sinalize-media-upload-'));
const mediaDir = path.join(dataDir, 'media');
const tmpDir = path.join(dataDir, 'tmp');
const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** The top-level boxes of an MP4/QuickTime file (type and size), read here independently of the server's code. */
function topLevelBoxes(file: Buffer): Array<{ type: string; size: number }> {
  const boxes: Array<{ type: string; size: number }> = [];
  for (let at = 0; at + 8 <= file.length;) {
    let size = file.readUInt32BE(at);
    if (size === 1) size = Number(file.readBigUInt64BE(at + 8));
    if (size === 0) size = file.length - at;
    boxes.push({ type: file.toString('latin1', at + 4, at + 8), size });
    if (size < 8) break;
    at += size;
  }
  return boxes;
}

describe('media upload', () => {
  // Uploads are not what this file limits (media-rate-limit.test.ts is).
  const t = useTestApp({ dataDir, uploadRateLimitPerMinute: 10_000 });

  async function thumbnailOf(cookie: string, id: number) {
    const res = await t.app.inject({ method: 'GET', url: `/api/media/${id}/thumbnail`, headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    return sharp(res.rawPayload).metadata();
  }

  it('stores PNG and JPEG images under server names, with a WebP thumbnail of at most 320 px', async () => {
    const { user, cookie } = await signedInUser(t.app, t.database);
    const png = await noisePng(1000, 600);
    const res = await upload(t.app, cookie, {
      content: png,
      filename: 'C:\\fakepath\\Promoção de verão.png',
      contentType: 'image/png',
    });
    expect(res.statusCode, res.body).toBe(201);
    // The answer comes once the file is stored: the thumbnail is made afterwards.
    expect(res.json()).toMatchObject({ status: 'processing', thumbnailUrl: null });
    const item = await settledMedia(t.app, cookie, res.json().id);
    expect(item).toMatchObject({
      userId: user.id,
      originalName: 'Promoção de verão.png',
      mimeType: 'image/png',
      size: png.length,
      duration: null,
      sha256: sha256(png),
      url: `/api/media/${item.id}/file`,
      thumbnailUrl: `/api/media/${item.id}/thumbnail`,
      status: 'ready',
    });
    expect(item.filename).toMatch(/^[0-9a-f-]{36}\.png$/);
    expect(item.filename).toBe(res.json().filename);
    expect(Object.keys(item).sort()).toEqual([
      'createdAt',
      'duration',
      'filename',
      'id',
      'kind',
      'mimeType',
      'options',
      'originalName',
      'sha256',
      'size',
      'status',
      'thumbnailUrl',
      'url',
      'userId',
    ]);
    expect(filesUnder(mediaDir).map((f) => path.basename(f))).toContain(item.filename);
    expect(await thumbnailOf(cookie, item.id)).toMatchObject({ format: 'webp', width: 320, height: 192 });

    // The type comes from the bytes: a JPEG declared as PNG and named .png is a JPEG.
    const jpeg = await solidJpeg(200, 100);
    const res2 = await upload(t.app, cookie, { content: jpeg, filename: 'foto.png', contentType: 'image/png' });
    expect(res2.statusCode, res2.body).toBe(201);
    expect(res2.json()).toMatchObject({ mimeType: 'image/jpeg', size: jpeg.length, originalName: 'foto.png' });
    expect(res2.json().filename).toMatch(/\.jpg$/);
    await settledMedia(t.app, cookie, res2.json().id);
    // Small images are not enlarged.
    expect(await thumbnailOf(cookie, res2.json().id)).toMatchObject({ format: 'webp', width: 200, height: 100 });
    expect(filesUnder(tmpDir)).toEqual([]);
  });

  it('accepts WebP and GIF images too', async () => {
    const { cookie } = await signedInUser(t.app, t.database);
    for (const [format, mimeType] of [
      ['webp', 'image/webp'],
      ['gif', 'image/gif'],
    ] as const) {
      const content = await sharp({ create: { width: 500, height: 400, channels: 3, background: '#3366cc' } })
        .toFormat(format)
        .toBuffer();
      const res = await upload(t.app, cookie, { content, filename: `imagem.${format}` });
      expect(res.statusCode, res.body).toBe(201);
      expect(await settledMedia(t.app, cookie, res.json().id)).toMatchObject({
        mimeType,
        duration: null,
        status: 'ready',
      });
      expect(await thumbnailOf(cookie, res.json().id)).toMatchObject({ format: 'webp', width: 320, height: 256 });
    }
  });

  // Three clips encoded, uploaded and processed one after the other: 15 s alone on a loaded 2-core machine.
  it('reads duration and a poster thumbnail from MP4, MOV and WebM videos', { timeout: 60_000 }, async () => {
    const { cookie } = await signedInUser(t.app, t.database);
    for (const [format, mimeType] of [
      ['mp4', 'video/mp4'],
      ['mov', 'video/quicktime'],
      ['webm', 'video/webm'],
    ] as const) {
      const clip = await testClip(format);
      const res = await upload(t.app, cookie, {
        content: clip,
        filename: `clipe.${format}`,
        contentType: 'application/octet-stream',
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({ mimeType, duration: null, thumbnailUrl: null, status: 'processing' });
      const item = await settledMedia(t.app, cookie, res.json().id);
      expect(item).toMatchObject({ mimeType, duration: 3, status: 'ready' });
      if (mediaTools().kind === 'system') {
        expect(item.thumbnailUrl).not.toBeNull();
        const thumb = await thumbnailOf(cookie, item.id);
        expect(thumb).toMatchObject({ format: 'webp', width: 320, height: 240 });
      } else {
        // libav.js (SINALIZE_FFMPEG=wasm) decodes no video: the video is kept without a poster.
        expect(item.thumbnailUrl).toBeNull();
      }
      // Size and hash are those of the stored bytes (for MP4/MOV, rewritten with the index first).
      const stored = (await t.app.inject({ method: 'GET', url: `/api/media/${item.id}/file`, headers: { cookie } }))
        .rawPayload;
      expect(item).toMatchObject({ size: stored.length, sha256: sha256(stored) });
      if (format === 'webm') expect(stored.equals(clip)).toBe(true);
    }
  });

  it('stores an end-indexed MP4 or MOV with its moov first, by stream copy', async () => {
    const { cookie } = await signedInUser(t.app, t.database);
    for (const format of ['mp4', 'mov'] as const) {
      // ffmpeg (like cameras) writes the index after the media data unless told otherwise.
      const clip = await testClip(format);
      const before = topLevelBoxes(clip);
      expect(before.map((b) => b.type).indexOf('mdat')).toBeLessThan(before.map((b) => b.type).indexOf('moov'));

      const res = await upload(t.app, cookie, { content: clip, filename: `camera.${format}` });
      expect(res.statusCode, res.body).toBe(201);
      // Answered with the upload as it came; the rewrite replaces it before the row is ready.
      expect(res.json()).toMatchObject({ size: clip.length, sha256: sha256(clip), status: 'processing' });
      const item = await settledMedia(t.app, cookie, res.json().id);
      expect(item.filename).not.toBe(res.json().filename);
      // The replaced upload is deleted right after the commit that made the row ready.
      await expect
        .poll(() => filesUnder(mediaDir).map((f) => path.basename(f)), { timeout: 10_000 })
        .not.toContain(res.json().filename);
      const stored = (await t.app.inject({ method: 'GET', url: `/api/media/${item.id}/file`, headers: { cookie } }))
        .rawPayload;
      const after = topLevelBoxes(stored);
      const types = after.map((b) => b.type);
      expect(types).toContain('mdat');
      expect(types.indexOf('moov'), types.join(' ')).toBeLessThan(types.indexOf('mdat'));
      // Stream copy: the same coded pictures, so the media data is as large as before.
      expect(after.find((b) => b.type === 'mdat')!.size).toBe(before.find((b) => b.type === 'mdat')!.size);
      expect(item).toMatchObject({ duration: 3, size: stored.length, sha256: sha256(stored), status: 'ready' });
      expect(stored.equals(clip)).toBe(false);
    }
    expect(filesUnder(tmpDir)).toEqual([]);
  });

  it('refuses SVG, HTML and disguised files with 415, storing nothing', async () => {
    const { cookie } = await signedInUser(t.app, t.database);
    const before = filesUnder(mediaDir);
    const cases = [
      {
        content: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
        filename: 'logo.svg',
        contentType: 'image/svg+xml',
      },
      {
        content: Buffer.from('<!doctype html><html><body>oi</body></html>'),
        filename: 'pagina.html',
        contentType: 'text/html',
      },
      { content: Buffer.alloc(4096, 0x5a), filename: 'x.png', contentType: 'image/png' },
      { content: Buffer.alloc(0), filename: 'vazio.png', contentType: 'image/png' },
    ];
    for (const file of cases) {
      const res = await upload(t.app, cookie, file);
      expect(res.statusCode, file.filename).toBe(415);
      expect(res.json()).toMatchObject({ message: messages.media.unsupportedType, code: 'UNSUPPORTED_MEDIA_TYPE' });
    }
    // Matroska is not WebM, whatever the name says.
    expect((await upload(t.app, cookie, { content: await testClip('mkv'), filename: 'video.webm' })).statusCode).toBe(
      415,
    );

    expect(filesUnder(mediaDir)).toEqual(before);
    expect(filesUnder(tmpDir)).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: '/api/media', headers: { cookie } })).json()).toEqual([]);
  });

  it('cuts a file over 100 MB off at the limit and answers 413, leaving nothing on disk', async () => {
    const { cookie } = await signedInUser(t.app, t.database);
    const before = filesUnder(mediaDir);
    const big = Buffer.alloc(MAX_UPLOAD_BYTES + 1);
    (await noisePng(8, 8)).copy(big);
    const res = await upload(t.app, cookie, { content: big, filename: 'grande.png', contentType: 'image/png' });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ message: messages.media.tooLarge, code: 'PAYLOAD_TOO_LARGE' });
    expect(filesUnder(mediaDir)).toEqual(before);
    expect(filesUnder(tmpDir)).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: '/api/media', headers: { cookie } })).json()).toEqual([]);
  });

  it('answers a body that is not one multipart file with 400/415 JSON', async () => {
    const { cookie } = await signedInUser(t.app, t.database);
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/media/upload',
      headers: { cookie },
      payload: { file: 'x' },
    });
    expect(json.statusCode).toBe(415);
    expect(json.json()).toMatchObject({ message: messages.media.notMultipart });
    const octets = await t.app.inject({
      method: 'POST',
      url: '/api/media/upload',
      headers: { cookie, 'content-type': 'application/octet-stream' },
      payload: Buffer.from('abc'),
    });
    expect(octets.statusCode).toBe(415);
    expect(octets.json().message).toEqual(expect.any(String));

    const png = await noisePng(16, 16);
    const wrongField = await upload(t.app, cookie, { content: png, filename: 'a.png', field: 'imagem' });
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json().message).toBe(messages.media.fileRequired);

    const boundary = 'fronteira';
    const fieldOnly = await t.app.inject({
      method: 'POST',
      url: '/api/media/upload',
      headers: { cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="nome"\r\n\r\nvalor\r\n--${boundary}--\r\n`,
    });
    expect(fieldOnly.statusCode).toBe(400);
    const truncated = multipart({ content: png, filename: 'a.png' });
    const cut = await t.app.inject({
      method: 'POST',
      url: '/api/media/upload',
      headers: { cookie, ...truncated.headers },
      payload: truncated.payload.subarray(0, truncated.payload.length - 30),
    });
    expect(cut.statusCode).toBe(400);
    expect(filesUnder(tmpDir)).toEqual([]);
  });

  it('leaves no temp file behind when many uploads are cut at once', async () => {
    // Under concurrency a cut body used to fail the upload while its temp file was still being
    // opened: the cleanup ran first and the file appeared afterwards, for good.
    const { cookie } = await signedInUser(t.app, t.database);
    const png = await noisePng(16, 16);
    const truncated = multipart({ content: png, filename: 'a.png' });
    const payload = truncated.payload.subarray(0, truncated.payload.length - 30);
    for (let round = 0; round < 10; round += 1) {
      const cuts = await Promise.all(
        Array.from({ length: 30 }, () =>
          t.app.inject({
            method: 'POST',
            url: '/api/media/upload',
            headers: { cookie, ...truncated.headers },
            payload,
          }),
        ),
      );
      expect(cuts.map((cut) => cut.statusCode)).toEqual(cuts.map(() => 400));
    }
    expect(filesUnder(tmpDir)).toEqual([]);
  });

  it('keeps the original name for display only, sanitized', async () => {
    const { cookie } = await signedInUser(t.app, t.database);
    const png = await noisePng(8, 8);
    const name = `../../etc/\u202Egnp.exe${'a'.repeat(300)}.png`;
    const res = await upload(t.app, cookie, { content: png, filename: name });
    expect(res.statusCode).toBe(201);
    const { originalName } = res.json();
    expect(originalName).not.toMatch(/[/\\\u202E]/);
    expect(originalName.length).toBe(200);
    expect(originalName.endsWith('a.png')).toBe(true);
  });
});
