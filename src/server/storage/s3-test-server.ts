import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { MediaStorageConfig } from '../config';

/**
 * A real S3-compatible server for the tests: s3rver in this process, on a random loopback port,
 * keeping its objects in a temp folder. s3rver accepts any signature, so the signer itself is
 * checked against AWS's published example in s3-signer.test.ts.
 */
export async function startS3TestServer(bucket = 'sinalize-test') {
  const directory = mkdtempSync(path.join(os.tmpdir(), 'sinalize-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const config: Extract<MediaStorageConfig, { kind: 's3' }> = {
    kind: 's3',
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
  };
  return { config, directory, close: () => server.close() };
}
