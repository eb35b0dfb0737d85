import { createHash, createHmac } from 'node:crypto';

/** What a signed S3 request says in `x-amz-content-sha256` when the body is not hashed up front. */
export const UNSIGNED_PAYLOAD = 'UNSIGNED-PAYLOAD';
export const EMPTY_PAYLOAD_SHA256 = createHash('sha256').update('').digest('hex');

export interface SigningKeys {
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
}

export interface RequestToSign {
  method: string;
  /** The Host header as sent (with the port when it is not the default). */
  host: string;
  /** The path already encoded as it goes on the wire (`encodeKeyPath`). */
  path: string;
  /** Query parameters, unencoded (sent as `canonicalQuery(query)`). */
  query?: Record<string, string>;
  headers: Record<string, string>;
  /** Hex SHA-256 of the body, or UNSIGNED_PAYLOAD for a streamed body. */
  payloadHash: string;
  date: Date;
}

/** RFC 3986 encoding of each path segment, as SigV4 wants it for S3 (slashes kept, no double encoding). */
export function encodeKeyPath(pathname: string): string {
  return pathname
    .split('/')
    .map((segment) =>
      encodeURIComponent(segment).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`),
    )
    .join('/');
}

const encodeRfc3986 = (value: string) =>
  encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** The query string as SigV4 wants it (sorted by name, every byte but unreserved ones encoded); also what goes on the wire. */
export function canonicalQuery(query: Record<string, string> = {}): string {
  return Object.keys(query)
    .sort()
    .map((name) => `${encodeRfc3986(name)}=${encodeRfc3986(query[name]!)}`)
    .join('&');
}

const sha256Hex = (data: string) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();

/**
 * AWS Signature Version 4 for one S3 request (object operations, and the bucket listing with its
 * query). Signs `host`, `range` when present and every `x-amz-*` header. Returns the headers
 * to send: the given ones plus `x-amz-date`, `x-amz-content-sha256` and `authorization`.
 */
export function signRequest(req: RequestToSign, keys: SigningKeys): Record<string, string> {
  const amzDate = req.date.toISOString().replace(/[-:]|\.\d{3}/g, '');
  const day = amzDate.slice(0, 8);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) headers[name.toLowerCase()] = value;
  headers['x-amz-date'] = amzDate;
  headers['x-amz-content-sha256'] = req.payloadHash;

  const signed: Record<string, string> = { ...headers, host: req.host };
  const names = Object.keys(signed)
    .filter((n) => n === 'host' || n === 'range' || n.startsWith('x-amz-'))
    .sort();
  const canonicalHeaders = names.map((n) => `${n}:${signed[n]!.trim().replace(/\s+/g, ' ')}\n`).join('');
  const signedHeaders = names.join(';');
  const canonicalRequest = [
    req.method,
    req.path,
    canonicalQuery(req.query),
    canonicalHeaders,
    signedHeaders,
    req.payloadHash,
  ].join('\n');

  const scope = `${day}/${keys.region}/s3/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256Hex(canonicalRequest)].join('\n');
  const signingKey = ['s3', 'aws4_request'].reduce<Buffer>(
    (key, part) => hmac(key, part),
    hmac(hmac(`AWS4${keys.secretAccessKey}`, day), keys.region),
  );
  const signature = createHmac('sha256', signingKey).update(stringToSign).digest('hex');
  headers.authorization = `AWS4-HMAC-SHA256 Credential=${keys.accessKeyId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`;
  return headers;
}
