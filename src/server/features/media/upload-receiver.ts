import { createHash, randomUUID } from 'node:crypto';
import { mkdir, open, readdir, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ERROR_CODES } from '../../../contract/errors';
import type { UploadMimeType } from '../../../contract/media';
import { messages } from '../../../contract/messages';
import { HttpError } from '../../http/errors';
import { SNIFF_BYTES, sniffMediaType } from './sniff';

export interface ReceivedFile {
  path: string;
  size: number;
  sha256: string;
  mimeType: UploadMimeType;
}

/**
 * Buffer sizes along the upload path (docs/benchmarks.md#targets). With Node's 16 KiB defaults every 64 KiB socket
 * chunk overfilled the multipart file stream and the temp file's write stream, so parsing paused
 * for each disk write (one thread-pool round trip per chunk) instead of overlapping with it.
 * 1 MiB each keeps the disk busy while the next chunks are parsed and hashed; at most a few MiB
 * per upload are held, never the file.
 */
export const UPLOAD_STREAM_HWM = 1024 * 1024;

export const unsupportedType = () => new HttpError(415, messages.media.unsupportedType, ERROR_CODES.unsupportedMedia);
export const tooLarge = () => new HttpError(413, messages.media.tooLarge, ERROR_CODES.payloadTooLarge);

/**
 * Sits between the upload and the temp file: hashes and counts every byte, and decides the type
 * from the first bytes. An unsupported file is not written at all; its remaining bytes are
 * drained (not stored) so the client gets a clean answer instead of a reset connection.
 */
class Inspector extends Transform {
  readonly hash = createHash('sha256');
  size = 0;
  mimeType: UploadMimeType | null = null;
  rejected = false;
  private head: Buffer[] = [];
  private headLength = 0;

  constructor(private readonly maxBytes: number) {
    super({ highWaterMark: UPLOAD_STREAM_HWM });
  }

  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    this.size += chunk.length;
    if (this.size > this.maxBytes) return done(tooLarge());
    if (this.rejected) return done();
    this.hash.update(chunk);
    if (this.mimeType) return done(null, chunk);
    this.head.push(chunk);
    this.headLength += chunk.length;
    if (this.headLength >= SNIFF_BYTES) this.decide();
    done();
  }

  override _flush(done: TransformCallback): void {
    if (!this.mimeType && !this.rejected) this.decide();
    done();
  }

  private decide(): void {
    const head = Buffer.concat(this.head);
    this.head = [];
    this.mimeType = sniffMediaType(head);
    if (this.mimeType) this.push(head);
    else this.rejected = true;
  }
}

/**
 * Streams one uploaded file to a temp file under `tmpDir` (never into memory). The busboy stream
 * stops at `maxBytes` and marks itself truncated: that answers 413. On any failure the temp file
 * is removed before the error goes on.
 */
export async function receiveUpload(
  file: Readable & { truncated?: boolean },
  tmpDir: string,
  maxBytes: number,
): Promise<ReceivedFile> {
  await mkdir(tmpDir, { recursive: true });
  const tmpPath = path.join(tmpDir, `${randomUUID()}.part`);
  const inspector = new Inspector(maxBytes);
  // Opened here, not by the write stream: a body cut at once could fail the pipeline while the
  // stream's own open was still in flight, so the unlink below ran first and the file appeared
  // after it, for good.
  const handle = await open(tmpPath, 'wx');
  try {
    await pipeline(file, inspector, handle.createWriteStream({ highWaterMark: UPLOAD_STREAM_HWM }));
    if (file.truncated) throw tooLarge();
    if (inspector.rejected || !inspector.mimeType) throw unsupportedType();
    return { path: tmpPath, size: inspector.size, sha256: inspector.hash.digest('hex'), mimeType: inspector.mimeType };
  } catch (error) {
    await unlink(tmpPath).catch(() => undefined);
    throw error;
  } finally {
    // Normally closed by its stream already; this covers a pipeline that failed before it began.
    await handle.close().catch(() => undefined);
  }
}

/**
 * Removes temp files that a crashed process left behind (normal requests always clean up their
 * own). Only old ones: another process sharing DATA_DIR may be receiving an upload right now.
 */
export async function cleanStaleUploads(tmpDir: string, olderThanMs = 24 * 60 * 60 * 1000): Promise<number> {
  const names = await readdir(tmpDir).catch(() => [] as string[]);
  let removed = 0;
  for (const name of names) {
    const file = path.join(tmpDir, name);
    const info = await stat(file).catch(() => null);
    if (info?.isFile() && Date.now() - info.mtimeMs > olderThanMs) {
      await unlink(file).catch(() => undefined);
      removed += 1;
    }
  }
  return removed;
}
