import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { noisePng, uploadSettled } from '../test/uploads';
import { makeDevice, makePairedDevice, makePlaylist, signedInUser } from '../test/factories';
import { useTestApp } from '../test/test-app';
import { COMPRESS_MIN_BYTES } from './compress-api';

const decoders = { gzip: gunzipSync, br: brotliDecompressSync } as const;

describe('compressed API answers', () => {
  const t = useTestApp({
    tv: {
      flushIntervalMs: 1000,
      offlineAfterMs: 45_000,
      pairing: { perAddressPerMinute: 1000, globalPerMinute: 1000, failureDelayMs: 0 },
    },
  });

  async function ownerWithDevices(count: number) {
    const owner = await signedInUser(t.app, t.database);
    for (let i = 0; i < count; i++)
      await makeDevice(t, { owner, name: `TV ${String(i).padStart(3, '0')}`, location: `Loja ${i}` });
    return owner;
  }
  const list = (cookie: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: '/api/devices', headers: { cookie, ...headers } });

  it('sends gzip or Brotli as accepted, and the answer decodes to the same JSON', async () => {
    const { cookie } = await ownerWithDevices(60);
    const plain = await list(cookie);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESS_MIN_BYTES * 10);
    for (const [header, encoding] of [
      ['gzip', 'gzip'],
      ['br', 'br'],
      ['gzip, deflate, br, zstd', 'br'],
      ['br;q=0, gzip', 'gzip'],
    ] as const) {
      const res = await list(cookie, { 'accept-encoding': header });
      expect(res.statusCode, header).toBe(200);
      expect(res.headers['content-encoding'], header).toBe(encoding);
      expect(res.headers.vary, header).toMatch(/accept-encoding/i);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.rawPayload.length, header).toBeLessThan(plain.rawPayload.length / 4);
      expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
      expect(JSON.parse(decoders[encoding](res.rawPayload).toString('utf8'))).toEqual(plain.json());
    }
  });

  it('sends the JSON as it is when the client accepts no encoding we speak, and for HEAD', async () => {
    const { cookie } = await ownerWithDevices(60);
    for (const header of ['identity', 'gzip;q=0, br;q=0', 'deflate']) {
      const res = await list(cookie, { 'accept-encoding': header });
      expect(res.headers['content-encoding'], header).toBeUndefined();
      expect(res.json()).toHaveLength(60);
    }
    const head = await t.app.inject({
      method: 'HEAD',
      url: '/api/devices',
      headers: { cookie, 'accept-encoding': 'gzip' },
    });
    expect(head.headers['content-encoding']).toBeUndefined();
  });

  it('leaves small answers and error answers under 1 KB untouched', async () => {
    const { cookie } = await ownerWithDevices(1);
    const small = await list(cookie, { 'accept-encoding': 'gzip, br' });
    expect(small.rawPayload.length).toBeLessThan(COMPRESS_MIN_BYTES);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.headers.vary).toBeUndefined();
    expect(small.json()).toHaveLength(1);
    const unauthorized = await t.app.inject({
      method: 'GET',
      url: '/api/devices',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(unauthorized.statusCode).toBe(401);
    expect(unauthorized.headers['content-encoding']).toBeUndefined();
    expect(unauthorized.json().message).toEqual(expect.any(String));
  });

  it('leaves the TV manifest (200 and 304 with its ETag) and media ranges as they were', async () => {
    const owner = await signedInUser(t.app, t.database);
    // Ready (processed): manifests list only ready media.
    const image = await uploadSettled(t.app, owner.cookie, {
      content: await noisePng(16, 16),
      filename: 'a.png',
      contentType: 'image/png',
    });
    const playlist = await makePlaylist(t, {
      owner,
      items: Array.from({ length: 12 }, () => ({ mediaId: image.id, duration: 5 })),
    });
    const { headers } = await makePairedDevice(t, { owner, playlists: [playlist.id] });
    const tv = { ...headers, 'accept-encoding': 'gzip, br' };

    const manifest = await t.app.inject({ method: 'GET', url: '/api/tv/content', headers: tv });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.rawPayload.length).toBeGreaterThan(COMPRESS_MIN_BYTES);
    expect(manifest.headers['content-encoding']).toBeUndefined();
    const etag = manifest.headers.etag as string;
    expect(etag).toBeTruthy();
    const notModified = await t.app.inject({
      method: 'GET',
      url: '/api/tv/content',
      headers: { ...tv, 'if-none-match': etag },
    });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.headers.etag).toBe(etag);
    expect(notModified.headers['content-encoding']).toBeUndefined();
    expect(notModified.rawPayload.length).toBe(0);

    const mediaUrl: string = manifest.json().windows[0].items[0].url;
    const range = await t.app.inject({
      method: 'GET',
      url: mediaUrl,
      headers: { 'accept-encoding': 'gzip', range: 'bytes=0-9' },
    });
    expect(range.statusCode).toBe(206);
    expect(range.headers['content-encoding']).toBeUndefined();
    expect(range.rawPayload.length).toBe(10);
  });
});
