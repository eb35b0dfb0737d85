import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { parseByteRange, type ByteRange } from '../../../contract/byte-range';
import { ERROR_CODES } from '../../../contract/errors';
import { messages } from '../../../contract/messages';
import { HttpError, notFound } from '../../http/errors';
import { ObjectNotFoundError, type MediaStore } from '../../storage/media-store';

export interface StoredFile {
  key: string;
  contentType: string;
  /** Content-derived, so it never changes for a URL: caching is `immutable`. */
  etag: string;
  /** Known for media files (Range is served); unknown for thumbnails (whole file only). */
  size: number | null;
  /** Set for downloads: `Content-Disposition: attachment` with this name. */
  downloadName?: string;
}

/** Whether an `If-None-Match` list names this entity tag (weak comparison, as RFC 9110 says for GET). */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim() === '*' || bare(tag) === bare(etag));
}

/** `attachment` with an ASCII fallback name and, for other characters, RFC 5987 `filename*`. */
export function attachmentHeader(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  if (ascii === name) return `attachment; filename="${ascii}"`;
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

async function open(request: FastifyRequest, store: MediaStore, key: string, range?: ByteRange): Promise<Readable> {
  // HEAD answers the same headers without a body: do not read the file (or fetch it from S3).
  if (request.method === 'HEAD') return Readable.from([]);
  try {
    return await store.read(key, range);
  } catch (error) {
    // A row whose file is gone: answer like a missing media item rather than with a 500.
    if (error instanceof ObjectNotFoundError) throw notFound(messages.media.notFound);
    throw error;
  }
}

/**
 * Streams a stored file with HTTP caching and ranges: `ETag` (304 on If-None-Match), year-long
 * private immutable caching, `Accept-Ranges`, 206 with `Content-Range` for one range and 416 for
 * an impossible one, and `nosniff` so a browser never reinterprets the bytes. Caching headers go
 * only on answers that carry (or confirm) the file, never on errors.
 */
export async function sendStoredFile(
  request: FastifyRequest,
  reply: FastifyReply,
  store: MediaStore,
  file: StoredFile,
): Promise<FastifyReply> {
  const cacheable = () =>
    reply
      .header('ETag', file.etag)
      .header('Cache-Control', 'private, max-age=31536000, immutable')
      .header('X-Content-Type-Options', 'nosniff');
  if (matchesEtag(request.headers['if-none-match'], file.etag)) return cacheable().code(304).send();

  if (file.size === null) {
    const stream = await open(request, store, file.key);
    return cacheable().type(file.contentType).send(stream);
  }

  // If-Range: a range only applies to the version the client already has part of.
  const ifRange = request.headers['if-range'];
  const range = ifRange && ifRange !== file.etag ? null : parseByteRange(request.headers.range, file.size);
  if (range === 'unsatisfiable') {
    reply.header('Content-Range', `bytes */${file.size}`);
    throw new HttpError(416, messages.media.rangeNotSatisfiable, ERROR_CODES.rangeNotSatisfiable);
  }
  const stream = await open(request, store, file.key, range ?? undefined);
  cacheable().header('Accept-Ranges', 'bytes').type(file.contentType);
  if (file.downloadName) reply.header('Content-Disposition', attachmentHeader(file.downloadName));
  if (!range) return reply.header('Content-Length', file.size).send(stream);
  return reply
    .code(206)
    .header('Content-Range', `bytes ${range.start}-${range.end}/${file.size}`)
    .header('Content-Length', range.end - range.start + 1)
    .send(stream);
}
