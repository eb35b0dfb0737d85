import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalStore } from './local-store';
import { ObjectNotFoundError, type MediaStore } from './media-store';
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

  it('S3 driver: reports server errors (a bucket that does not exist)', async () => {
    const store = createS3Store({ ...s3.config, bucket: 'nao-existe' });
    await expect(store.putFile('x.png', tempFile(Buffer.from('x')), 'image/png')).rejects.toThrow(/answered 404 \(NoSuchBucket\)/);
  });

  it('local driver: the same behaviour on a folder', async () => {
    await exerciseStore(createLocalStore(mkdtempSync(path.join(os.tmpdir(), 'sinalize-media-'))));
  });
});
