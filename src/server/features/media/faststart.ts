import { createHash, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyBaseLogger } from 'fastify';
import { rewriteIndexFirst } from './media-tools';
import { indexAtEnd } from './mp4-boxes';
import type { ReceivedFile } from './upload-receiver';

const FORMATS: Partial<Record<ReceivedFile['mimeType'], 'mp4' | 'mov'>> = {
  'video/mp4': 'mp4',
  'video/quicktime': 'mov',
};

async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(file), hash);
  return hash.digest('hex');
}

/**
 * An MP4/MOV whose index (`moov`) comes after the media data (what cameras and ffmpeg write by
 * default) cannot start playing until the player has fetched the end of the file: a second
 * request, and on a first play a visible wait. So it is rewritten with the index first (ffmpeg
 * `-movflags +faststart`, or libav.js into reserved space: `media-tools.ts`), by stream copy: no
 * re-encoding, same pictures and sound. Returns the rewritten file (its own size and sha256; the
 * original temp file is removed), or the upload as it came when it needs nothing or the rewrite
 * fails (then it still plays, only starts slower).
 */
export async function moveIndexToFront(
  file: ReceivedFile,
  tmpDir: string,
  log: FastifyBaseLogger,
  signal?: AbortSignal,
): Promise<ReceivedFile> {
  const format = FORMATS[file.mimeType];
  if (!format) return file;
  const out = path.join(tmpDir, `${randomUUID()}.faststart.${format}`);
  try {
    if (!(await indexAtEnd(file.path))) return file;
    await rewriteIndexFirst(file.path, out, format, signal);
    const rewritten: ReceivedFile = {
      path: out,
      size: (await stat(out)).size,
      sha256: await sha256Of(out),
      mimeType: file.mimeType,
    };
    await unlink(file.path).catch(() => undefined);
    return rewritten;
  } catch (error) {
    log.warn({ err: error }, 'could not move the video index to the front; storing the upload as it came');
    await unlink(out).catch(() => undefined);
    return file;
  }
}
