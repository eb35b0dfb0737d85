import { createReadStream } from 'node:fs';
import { stat, unlink } from 'node:fs/promises';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { MediaStorageConfig } from '../config';
import { assertSafeKey, ObjectNotFoundError, type MediaStore, type StoredObject } from './types';
import { canonicalQuery, EMPTY_PAYLOAD_SHA256, encodeKeyPath, signRequest, UNSIGNED_PAYLOAD } from './s3-signer';

type S3Config = Extract<MediaStorageConfig, { kind: 's3' }>;

export class S3RequestError extends Error {
  constructor(
    readonly status: number,
    readonly s3Code: string | undefined,
    method: string,
    key: string,
  ) {
    super(`S3 ${method} ${key} answered ${status}${s3Code ? ` (${s3Code})` : ''}`);
  }
}

/** The first KiB of an error answer, enough for S3's `<Code>`; the rest is discarded. */
async function errorOf(res: IncomingMessage, method: string, key: string): Promise<S3RequestError> {
  let text = '';
  for await (const chunk of res) {
    if (text.length < 1024) text += String(chunk);
  }
  return new S3RequestError(res.statusCode ?? 0, /<Code>([^<]+)<\/Code>/.exec(text)?.[1], method, key);
}

/**
 * Media in an S3-compatible bucket (AWS, MinIO, R2, …), path-style (`endpoint/bucket/key`), over
 * node's own http client with a small SigV4 signer instead of the AWS SDK. Bodies are streamed
 * with a known Content-Length and `UNSIGNED-PAYLOAD` (TLS protects them in transit), so a 100 MB
 * file is never hashed twice nor held in memory.
 */
const unescapeXml = (text: string) =>
  text.replace(
    /&(lt|gt|quot|apos|amp);/g,
    (_, name: string) => ({ lt: '<', gt: '>', quot: '"', apos: "'", amp: '&' })[name]!,
  );

/** One ListObjectsV2 page: the objects, and the token of the next page when there is one. */
export function parseListPage(xml: string): { objects: StoredObject[]; next: string | null } {
  const objects = [...xml.matchAll(/<Contents>([\s\S]*?)<\/Contents>/g)].map(([, body]) => ({
    key: unescapeXml(/<Key>([\s\S]*?)<\/Key>/.exec(body!)?.[1] ?? ''),
    lastModified: new Date(/<LastModified>([^<]*)<\/LastModified>/.exec(body!)?.[1] ?? 0),
  }));
  const truncated = /<IsTruncated>true<\/IsTruncated>/.test(xml);
  const token = /<NextContinuationToken>([^<]*)<\/NextContinuationToken>/.exec(xml)?.[1];
  return { objects, next: truncated && token ? unescapeXml(token) : null };
}

export function createS3Store(config: S3Config, options: { listPageSize?: number } = {}): MediaStore {
  const base = new URL(config.endpoint);
  const client = base.protocol === 'https:' ? https : http;
  const agent = new client.Agent({ keepAlive: true, maxSockets: 64 });
  const prefix = base.pathname.replace(/\/+$/, '');

  /** An object request (`key`), or a bucket request (`key` empty, with its query). */
  function send(
    method: string,
    key: string,
    headers: Record<string, string>,
    body?: Readable,
    query?: Record<string, string>,
  ): Promise<IncomingMessage> {
    if (key !== '' || !query) assertSafeKey(key);
    const path = encodeKeyPath(`${prefix}/${config.bucket}/${key}`);
    const payloadHash = body ? UNSIGNED_PAYLOAD : EMPTY_PAYLOAD_SHA256;
    const signed = signRequest(
      { method, host: base.host, path, query, headers, payloadHash, date: new Date() },
      config,
    );
    const target = query ? `${path}?${canonicalQuery(query)}` : path;
    return new Promise((resolve, reject) => {
      const req = client.request(
        {
          protocol: base.protocol,
          hostname: base.hostname,
          port: base.port,
          method,
          path: target,
          headers: signed,
          agent,
          timeout: 60_000,
        },
        (res) => {
          // The answer is here: from now on the reader's pace rules (a paused video may idle a while).
          req.setTimeout(0);
          resolve(res);
        },
      );
      req.on('timeout', () => req.destroy(new Error(`S3 ${method} ${key}: no answer in time`)));
      req.on('error', reject);
      if (body) pipeline(body, req).catch(reject);
      else req.end();
    });
  }

  return {
    kind: 's3',

    async putFile(key, filePath, contentType) {
      const { size } = await stat(filePath);
      const res = await send(
        'PUT',
        key,
        { 'content-type': contentType, 'content-length': String(size) },
        createReadStream(filePath),
      );
      if (res.statusCode !== 200) throw await errorOf(res, 'PUT', key);
      res.resume();
      await unlink(filePath);
    },

    async read(key, range) {
      const res = await send('GET', key, range ? { range: `bytes=${range.start}-${range.end}` } : {});
      if (res.statusCode === 404) {
        res.resume();
        throw new ObjectNotFoundError(key);
      }
      // A server that ignored the range would send more bytes than the answer announced.
      if (res.statusCode !== (range ? 206 : 200)) throw await errorOf(res, 'GET', key);
      return res;
    },

    async size(key) {
      const res = await send('HEAD', key, {});
      res.resume();
      if (res.statusCode === 404) return null;
      if (res.statusCode !== 200) throw new S3RequestError(res.statusCode ?? 0, undefined, 'HEAD', key);
      return Number(res.headers['content-length']);
    },

    async delete(key) {
      const res = await send('DELETE', key, {});
      if (res.statusCode !== 204 && res.statusCode !== 200 && res.statusCode !== 404)
        throw await errorOf(res, 'DELETE', key);
      res.resume();
    },

    /** ListObjectsV2, one page (up to 1000 keys) at a time, following the continuation token. */
    async *list() {
      let token: string | null = null;
      do {
        const query: Record<string, string> = { 'list-type': '2', 'max-keys': String(options.listPageSize ?? 1000) };
        if (token) query['continuation-token'] = token;
        const res = await send('GET', '', {}, undefined, query);
        if (res.statusCode !== 200) throw await errorOf(res, 'LIST', config.bucket);
        const chunks: Buffer[] = [];
        for await (const chunk of res) chunks.push(chunk as Buffer);
        const page = parseListPage(Buffer.concat(chunks).toString('utf8'));
        yield* page.objects;
        token = page.next;
      } while (token);
    },
  };
}
