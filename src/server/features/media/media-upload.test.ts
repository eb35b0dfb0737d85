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
import { filesUnder, multipart, noisePng, solidJpeg, testClip, upload } from './media-test-helpers';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sinalize-media-upload-'));
const mediaDir = path.join(dataDir, 'media');
const tmpDir = path.join(dataDir, 'tmp');
const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

describe('media upload', () => {
  const t = useTestApp({ dataDir });

  async function thumbnailOf(cookie: string, id: number) {
    const res = await t.app.inject({ method: 'GET', url: `/api/media/${id}/thumbnail`, headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    return sharp(res.rawPayload).metadata();
  }

  it('stores PNG and JPEG images under server names, with a WebP thumbnail of at most 320 px', async () => {
    const { user, cookie } = await signedInUser(t.app, t.database);
    const png = await noisePng(1000, 600);
    const res = await upload(t.app, cookie, { content: png, filename: 'C:\\fakepath\\Promoção de verão.png', contentType: 'image/png' });
    expect(res.statusCode, res.body).toBe(201);
    const item = res.json();
    expect(item).toMatchObject({
      userId: user.id,
      originalName: 'Promoção de verão.png',
      mimeType: 'image/png',
      size: png.length,
      duration: null,
      sha256: sha256(png),
      url: `/api/media/${item.id}/file`,
      thumbnailUrl: `/api/media/${item.id}/thumbnail`,
    });
    expect(item.filename).toMatch(/^[0-9a-f-]{36}\.png$/);
    expect(Object.keys(item).sort()).toEqual(
      ['createdAt', 'duration', 'filename', 'id', 'mimeType', 'originalName', 'sha256', 'size', 'thumbnailUrl', 'url', 'userId'],
    );
    expect(filesUnder(mediaDir).map((f) => path.basename(f))).toContain(item.filename);
    expect(await thumbnailOf(cookie, item.id)).toMatchObject({ format: 'webp', width: 320, height: 192 });

    // The type comes from the bytes: a JPEG declared as PNG and named .png is a JPEG.
    const jpeg = await solidJpeg(200, 100);
    const res2 = await upload(t.app, cookie, { content: jpeg, filename: 'foto.png', contentType: 'image/png' });
    expect(res2.statusCode, res2.body).toBe(201);
    expect(res2.json()).toMatchObject({ mimeType: 'image/jpeg', size: jpeg.length, originalName: 'foto.png' });
    expect(res2.json().filename).toMatch(/\.jpg$/);
    // Small images are not enlarged.
    expect(await thumbnailOf(cookie, res2.json().id)).toMatchObject({ format: 'webp', width: 200, height: 100 });
    expect(filesUnder(tmpDir)).toEqual([]);
  });

  it('accepts WebP and GIF images too', async () => {
    const { cookie } = await signedInUser(t.app, t.database);
    for (const [format, mimeType] of [['webp', 'image/webp'], ['gif', 'image/gif']] as const) {
      const content = await sharp({ create: { width: 500, height: 400, channels: 3, background: '#3366cc' } }).toFormat(format).toBuffer();
      const res = await upload(t.app, cookie, { content, filename: `imagem.${format}` });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({ mimeType, duration: null });
      expect(await thumbnailOf(cookie, res.json().id)).toMatchObject({ format: 'webp', width: 320, height: 256 });
    }
  });

  it('reads duration and a poster thumbnail from MP4, MOV and WebM videos', async () => {
    const { cookie } = await signedInUser(t.app, t.database);
    for (const [format, mimeType] of [['mp4', 'video/mp4'], ['mov', 'video/quicktime'], ['webm', 'video/webm']] as const) {
      const clip = await testClip(format);
      const res = await upload(t.app, cookie, { content: clip, filename: `clipe.${format}`, contentType: 'application/octet-stream' });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({ mimeType, duration: 3, size: clip.length, sha256: sha256(clip) });
      expect(res.json().thumbnailUrl).not.toBeNull();
      const thumb = await thumbnailOf(cookie, res.json().id);
      expect(thumb).toMatchObject({ format: 'webp', width: 320, height: 240 });
    }
  });

  it('refuses SVG, HTML and disguised files with 415, storing nothing', async () => {
    const { cookie } = await signedInUser(t.app, t.database);
    const before = filesUnder(mediaDir);
    const cases = [
      { content: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), filename: 'logo.svg', contentType: 'image/svg+xml' },
      { content: Buffer.from('<!doctype html><html><body>oi</body></html>'), filename: 'pagina.html', contentType: 'text/html' },
      { content: Buffer.alloc(4096, 0x5a), filename: 'x.png', contentType: 'image/png' },
      { content: Buffer.alloc(0), filename: 'vazio.png', contentType: 'image/png' },
    ];
    for (const file of cases) {
      const res = await upload(t.app, cookie, file);
      expect(res.statusCode, file.filename).toBe(415);
      expect(res.json()).toMatchObject({ message: messages.media.unsupportedType, code: 'UNSUPPORTED_MEDIA_TYPE' });
    }
    // Right magic bytes, broken body: still refused, after the decoder tried it.
    const png = await noisePng(64, 64);
    const broken = await upload(t.app, cookie, { content: png.subarray(0, 200), filename: 'quebrado.png' });
    expect(broken.statusCode).toBe(415);
    expect(broken.json().message).toBe(messages.media.unreadable);
    const fakeVideo = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.alloc(2000, 7)]);
    expect((await upload(t.app, cookie, { content: fakeVideo, filename: 'falso.mp4' })).statusCode).toBe(415);
    // Matroska is not WebM, whatever the name says.
    expect((await upload(t.app, cookie, { content: await testClip('mkv'), filename: 'video.webm' })).statusCode).toBe(415);

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
    const json = await t.app.inject({ method: 'POST', url: '/api/media/upload', headers: { cookie }, payload: { file: 'x' } });
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
