import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalStore } from './local-store';
import { isMediaKey, ObjectNotFoundError, type MediaStore } from './media-store';
import { createS3Store } from './s3-store';
import { startS3TestServer } from './s3-test-server';

const tempFile = (bytes: Buffer) => {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'sinalize-store-')), 'upload.part');
  writeFileSync(file, bytes);
  return file;
};

/** The same behaviour from both drivers: whole and ranged reads, size, delete, missing objects. */
async function exerciseStore(store: MediaStore) {
  const bytes = randomBytes(256 * 1024 + 7);
  const file = tempFile(bytes);
  await store.putFile('abc123.mp4', file, 'video/mp4');
  expect(existsSync(file)).toBe(false);

  expect(await store.size('abc123.mp4')).toBe(bytes.length);
  expect((await buffer(await store.read('abc123.mp4'))).equals(bytes)).toBe(true);
  const part = await buffer(await store.read('abc123.mp4', { start: 1000, end: 1999 }));
  expect(part.equals(bytes.subarray(1000, 2000))).toBe(true);
  const tail = await buffer(await store.read('abc123.mp4', { start: bytes.length - 1, end: bytes.length - 1 }));
  expect(tail.equals(bytes.subarray(-1))).toBe(true);

  await store.delete('abc123.mp4');
  expect(await store.size('abc123.mp4')).toBeNull();
  await expect(store.read('abc123.mp4')).rejects.toBeInstanceOf(ObjectNotFoundError);
  await store.delete('abc123.mp4');
  await expect(store.read('../etc/passwd')).rejects.toThrow(/invalid storage key/);

  // list: every object, with its modification time.
  const before = Date.now() - 60_000;
  const keys = ['a1.png', 'b2.webp', 'c3.mp4', 'd4.gif', 'e5.png'];
  for (const key of keys) await store.putFile(key, tempFile(randomBytes(10)), 'application/octet-stream');
  const listed = [];
  for await (const object of store.list()) listed.push(object);
  expect(listed.map((o) => o.key).sort()).toEqual(keys);
  for (const o of listed) expect(o.lastModified.getTime()).toBeGreaterThan(before);
  for (const key of keys) await store.delete(key);
  const after = [];
  for await (const object of store.list()) after.push(object);
  expect(after).toEqual([]);
}

describe('media stores', () => {
  let s3: Awaited<ReturnType<typeof startS3TestServer>>;
  beforeAll(async () => {
    s3 = await startS3TestServer();
  });
  afterAll(async () => {
    await s3?.close();
  });

  it('S3 driver: put, ranged get, head and delete against a real S3-compatible server', async () => {
    await exerciseStore(createS3Store(s3.config));
  });

  it('S3 driver: lists across ListObjectsV2 pages, following the continuation token', async () => {
    // s3rver cannot make continuation tokens (it ciphers them with DES, which OpenSSL 3 lacks), so
    // this server plays S3's documented pages: two truncated ones, then the last.
    const pages = [
      { keys: ['a&amp;1.png', 'b2.png'], next: 'tok/1+=' },
      { keys: ['c3.png'], next: 'tok2' },
      { keys: ['d4.png'], next: null },
    ];
    const seen: URLSearchParams[] = [];
    const server = http.createServer((req, res) => {
      const query = new URL(req.url!, 'http://x').searchParams;
      seen.push(query);
      const page = pages[seen.length - 1]!;
      const contents = page.keys
        .map((k) => `<Contents><Key>${k}</Key><LastModified>2026-01-02T03:04:05.000Z</LastModified></Contents>`)
        .join('');
      res.end(
        `<?xml version="1.0" encoding="UTF-8"?><ListBucketResult><Name>b</Name>${contents}` +
          `<IsTruncated>${page.next ? 'true' : 'false'}</IsTruncated>${page.next ? `<NextContinuationToken>${page.next}</NextContinuationToken>` : ''}</ListBucketResult>`,
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const listed = [];
      for await (const object of createS3Store({ ...s3.config, endpoint }, { listPageSize: 2 }).list())
        listed.push(object);
      expect(listed.map((o) => o.key)).toEqual(['a&1.png', 'b2.png', 'c3.png', 'd4.png']);
      expect(listed[0]!.lastModified.toISOString()).toBe('2026-01-02T03:04:05.000Z');
      expect(seen.map((q) => [q.get('list-type'), q.get('max-keys'), q.get('continuation-token')])).toEqual([
        ['2', '2', null],
        ['2', '2', 'tok/1+='],
        ['2', '2', 'tok2'],
      ]);
    } finally {
      server.close();
    }
  });

  it('S3 driver: reports server errors (a bucket that does not exist)', async () => {
    const store = createS3Store({ ...s3.config, bucket: 'nao-existe' });
    await expect(store.putFile('x.png', tempFile(Buffer.from('x')), 'image/png')).rejects.toThrow(
      /answered 404 \(NoSuchBucket\)/,
    );
  });

  it('local driver: the same behaviour on a folder', async () => {
    await exerciseStore(createLocalStore(mkdtempSync(path.join(os.tmpdir(), 'sinalize-media-'))));
  });

  it('local driver: a media folder not created yet lists as empty', async () => {
    const listed = [];
    for await (const object of createLocalStore(path.join(os.tmpdir(), `sinalize-nada-${Date.now()}`)).list())
      listed.push(object);
    expect(listed).toEqual([]);
  });

  it('only our own names count as media keys (cleanup never touches anything else)', () => {
    const uuid = '0f8fad5b-d9cb-469f-a165-70867728950e';
    for (const key of [`${uuid}.png`, `${uuid}.webm`, `${uuid}-thumb.webp`, `${uuid}.mp4.partial`])
      expect(isMediaKey(key), key).toBe(true);
    for (const key of ['leia-me.txt', `${uuid}`, `x${uuid}.png`, `${uuid}.png.bak`, 'backup/db.sql'])
      expect(isMediaKey(key), key).toBe(false);
  });
});
