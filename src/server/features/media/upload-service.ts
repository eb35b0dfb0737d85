import { randomUUID } from 'node:crypto';
import { unlink } from 'node:fs/promises';
import path from 'node:path';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { ERROR_CODES } from '../../../contract/errors';
import { MEDIA_UPLOAD_FIELD, type Media } from '../../../contract/media';
import { messages } from '../../../contract/messages';
import type { SessionUser } from '../../auth/session-user';
import { HttpError } from '../../http/errors';
import { inspectUpload } from './media-inspect';
import { presentMedia, sanitizeOriginalName } from './media-presenter';
import { removeStoredFiles, type MediaDeps } from './media-service';
import { assertRoomPossible, insertWithinQuota } from './quota';
import { EXTENSIONS } from './sniff';
import { receiveUpload, tooLarge } from './upload-receiver';

/** Room for the multipart framing around the file (boundaries, part headers, a few small fields). */
const MULTIPART_OVERHEAD = 64 * 1024;

const badUpload = (message: string = messages.media.fileRequired) => new HttpError(400, message, ERROR_CODES.validation);

/**
 * The one `file` part of an upload request. A declared body far over the limit is refused before
 * a byte is read (and the connection closed, so the client stops sending).
 */
export async function readUploadPart(request: FastifyRequest, reply: FastifyReply, maxBytes: number): Promise<MultipartFile> {
  if (!request.isMultipart()) throw new HttpError(415, messages.media.notMultipart, ERROR_CODES.unsupportedMedia);
  const declared = Number(request.headers['content-length']);
  if (declared > maxBytes + MULTIPART_OVERHEAD) {
    reply.header('Connection', 'close');
    throw tooLarge();
  }
  let part: MultipartFile | undefined;
  try {
    part = await request.file({ limits: { fileSize: maxBytes, files: 1 } });
  } catch (error) {
    request.log.info({ err: error }, 'malformed multipart upload');
    throw badUpload(messages.http.invalidRequest);
  }
  if (!part) throw badUpload();
  if (part.fieldname !== MEDIA_UPLOAD_FIELD) {
    part.file.resume();
    throw badUpload();
  }
  return part;
}

/**
 * `POST /api/media/upload` (DESIGN §6): stream to a temp file while hashing and sniffing, check
 * the quota early, make the thumbnail and read the duration, put the file and thumbnail in the
 * store, then insert the row (evicting old media if needed) in one transaction. The row appears
 * only when everything is stored; on any failure no row, no stored file and no temp file remain.
 */
export async function uploadMedia(deps: MediaDeps, user: SessionUser, part: MultipartFile, log: FastifyBaseLogger): Promise<Media> {
  const received = await receiveUpload(part.file, deps.tmpDir, deps.maxUploadBytes).catch((error: unknown) => {
    // The multipart stream itself broke (malformed or cut body, client gone): the request is at
    // fault. A system error (disk full) stays a 500.
    if (!(error instanceof HttpError) && part.file.errored && !(error as NodeJS.ErrnoException).syscall) {
      throw badUpload(messages.http.invalidRequest);
    }
    throw error;
  });

  const key = randomUUID();
  const filename = `${key}.${EXTENSIONS[received.mimeType]}`;
  const thumbnailKey = `${key}-thumb.webp`;
  const thumbnailTmp = path.join(deps.tmpDir, thumbnailKey);
  const stored: string[] = [];
  try {
    await assertRoomPossible(deps.db, user.id, received.size, deps.quotaBytes);
    const inspection = await inspectUpload(received, thumbnailTmp, log);
    await deps.store.putFile(filename, received.path, received.mimeType);
    stored.push(filename);
    if (inspection.hasThumbnail) {
      await deps.store.putFile(thumbnailKey, thumbnailTmp, 'image/webp');
      stored.push(thumbnailKey);
    }
    const { row, evicted } = await insertWithinQuota(
      deps.db,
      {
        userId: user.id,
        filename,
        originalName: sanitizeOriginalName(part.filename, EXTENSIONS[received.mimeType]),
        mimeType: received.mimeType,
        size: received.size,
        duration: inspection.duration,
        sha256: received.sha256,
        thumbnailFilename: inspection.hasThumbnail ? thumbnailKey : null,
      },
      deps.quotaBytes,
    );
    stored.length = 0; // the row owns the files now
    await removeStoredFiles(deps.store, evicted, log);
    return presentMedia(row);
  } finally {
    await Promise.all([unlink(received.path), unlink(thumbnailTmp)].map((p) => p.catch(() => undefined)));
    await Promise.all(
      stored.map((k) => deps.store.delete(k).catch((error: unknown) => log.error({ err: error, key: k }, 'could not undo a stored upload'))),
    );
  }
}
