import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { STORAGE_QUOTA_BYTES } from '../../contract/constants';
import { loadConfig } from '../config';

describe('media storage configuration', () => {
  const dataDir = () => mkdtempSync(path.join(os.tmpdir(), 'sinalize-config-'));

  it('keeps media in DATA_DIR/media with a 1 GiB quota by default', () => {
    const dir = dataDir();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config.mediaStorage).toEqual({ kind: 'local', dir: path.join(dir, 'media') });
    expect(config.storageQuotaBytes).toBe(STORAGE_QUOTA_BYTES);
    expect(config.uploadRateLimitPerMinute).toBe(120);
  });

  it('uses an S3-compatible bucket, path-style, when S3_BUCKET is set', () => {
    const config = loadConfig({
      DATA_DIR: dataDir(),
      S3_ENDPOINT: 'http://minio:9000/',
      S3_BUCKET: 'midias',
      S3_ACCESS_KEY_ID: 'chave',
      S3_SECRET_ACCESS_KEY: 'segredo',
      STORAGE_QUOTA_BYTES: '5000000',
    });
    expect(config.mediaStorage).toEqual({
      kind: 's3',
      endpoint: 'http://minio:9000',
      bucket: 'midias',
      region: 'us-east-1',
      accessKeyId: 'chave',
      secretAccessKey: 'segredo',
    });
    expect(config.storageQuotaBytes).toBe(5_000_000);
    const aws = loadConfig({
      DATA_DIR: dataDir(),
      S3_BUCKET: 'midias',
      S3_REGION: 'sa-east-1',
      S3_ACCESS_KEY_ID: 'a',
      S3_SECRET_ACCESS_KEY: 'b',
    });
    expect(aws.mediaStorage).toMatchObject({ endpoint: 'https://s3.sa-east-1.amazonaws.com', region: 'sa-east-1' });
  });

  it('refuses a bucket without its keys, rather than starting half-configured', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), S3_BUCKET: 'midias' })).toThrow(
      /S3_ACCESS_KEY_ID[\s\S]*S3_SECRET_ACCESS_KEY/,
    );
  });
});
