import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { preferredEncoding } from './web-app';

/** Below this an answer goes as it is: compression would save a few bytes and cost a round of CPU. */
export const COMPRESS_MIN_BYTES = 1024;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Brotli quality 4 for answers built per request: a fifth of the JSON's size at a few milliseconds for
 * a megabyte (quality 11, right for the build's static files, takes seconds). Both run on libuv's
 * thread pool, so a large list does not hold the event loop.
 */
const encoders = {
  br: (data: Buffer) =>
    brotli(data, {
      params: {
        [zlib.BROTLI_PARAM_QUALITY]: 4,
        [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
        [zlib.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    }),
  gzip: (data: Buffer) => gzipAsync(data, { level: 6 }),
};

/** A JSON answer kept between requests, with its compressed forms made once each, on first need. */
export interface CachedJson {
  body: Buffer;
  encoded(encoding: ApiEncoding): Promise<Buffer>;
}

export type ApiEncoding = keyof typeof encoders;

/** `asked` collects the encodings clients asked for, so a successor of this answer can make them ahead. */
export function cachedJson(json: string, asked = new Set<ApiEncoding>()): CachedJson {
  const body = Buffer.from(json);
  const made = new Map<ApiEncoding, Promise<Buffer>>();
  return {
    body,
    encoded(encoding) {
      asked.add(encoding);
      let result = made.get(encoding);
      if (!result) made.set(encoding, (result = encoders[encoding](body)));
      return result;
    },
  };
}

/** Sends a kept answer as the hook below would have sent it fresh (same encodings, same headers). */
export async function sendCachedJson(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: CachedJson,
): Promise<FastifyReply> {
  reply.type('application/json; charset=utf-8');
  const encoding =
    answer.body.length >= COMPRESS_MIN_BYTES ? preferredEncoding(request.headers['accept-encoding']) : undefined;
  if (answer.body.length >= COMPRESS_MIN_BYTES) reply.header('Vary', 'Accept-Encoding');
  if (!encoding || request.method === 'HEAD') return reply.send(answer.body);
  return reply.header('Content-Encoding', encoding).send(await answer.encoded(encoding));
}

/**
 * The TV's routes are left alone: their bodies are cached strings shared by thousands of TVs and
 * their 304 path is measured against a bare server (docs/benchmarks.md#targets); media files are streams with ranges.
 */
const eligiblePath = (url: string) => url.startsWith('/api/') && !url.startsWith('/api/tv/');

function isJson(reply: FastifyReply): boolean {
  const type = reply.getHeader('content-type');
  return typeof type === 'string' && type.startsWith('application/json');
}

/**
 * Compresses the JSON answers of `/api/*` (gzip or Brotli, as the client accepts) once they are over
 * 1 KB: `GET /api/devices` for 5,000 devices goes from megabytes to a few hundred kilobytes
 * (docs/benchmarks.md). Only finished strings and buffers are touched: streams, already-encoded
 * answers, HEAD requests and bodiless statuses pass through untouched.
 */
export function installApiCompression(app: FastifyInstance): void {
  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (!eligiblePath(request.url) || request.method === 'HEAD') return payload;
    if (reply.statusCode === 204 || reply.statusCode === 304 || reply.statusCode < 200) return payload;
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    if (reply.hasHeader('content-encoding') || !isJson(reply)) return payload;
    const body = typeof payload === 'string' ? Buffer.from(payload) : payload;
    if (body.length < COMPRESS_MIN_BYTES) return payload;
    // The same URL now has several encodings: shared caches must key on Accept-Encoding.
    const vary = reply.getHeader('vary');
    if (!vary) reply.header('Vary', 'Accept-Encoding');
    else if (!/accept-encoding|\*/i.test(String(vary))) reply.header('Vary', `${String(vary)}, Accept-Encoding`);
    const encoding = preferredEncoding(request.headers['accept-encoding']);
    if (!encoding) return payload;
    const encoded = await encoders[encoding](body);
    reply.header('Content-Encoding', encoding);
    reply.removeHeader('content-length');
    return encoded;
  });
}
