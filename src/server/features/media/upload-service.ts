import { randomUUID } from 'node:crypto';
import { copyFile, link, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { PDF_MIME_TYPE } from '../../../contract/content';
import { ERROR_CODES } from '../../../contract/errors';
import { MEDIA_UPLOAD_FIELD, type Media } from '../../../contract/media';
import { messages } from '../../../contract/messages';
import type { SessionUser } from '../../auth/session-user';
import { HttpError } from '../../http/errors';
import { presentMedia, sanitizeOriginalName } from './media-presenter';
import { MEDIA_PROCESS_JOB } from './media-jobs';
import { removeStoredFiles, type MediaDeps } from './media-service';
import { assertRoomPossible, insertWithinQuota } from './quota';
import { checkPdf } from './pdf-tools';
import { EXTENSIONS } from './sniff';
import { receiveUpload, tooLarge, UPLOAD_STREAM_HWM } from './upload-receiver';

/** Room for the multipart framing around the file (boundaries, part headers, a few small fields). */
const MULTIPART_OVERHEAD = 64 * 1024;

const badUpload = (message: string = messages.media.fileRequired) =>
  new HttpError(400, message, ERROR_CODES.validation);

/**
 * The one `file` part of an upload request. A declared body far over the limit is refused before
 * a byte is read (and the connection closed, so the client stops sending).
 */
export async function readUploadPart(
  request: FastifyRequest,
  reply: FastifyReply,
  maxBytes: number,
): Promise<MultipartFile> {
  if (!request.isMultipart()) throw new HttpError(415, messages.media.notMultipart, ERROR_CODES.unsupportedMedia);
  const declared = Number(request.headers['content-length']);
  if (declared > maxBytes + MULTIPART_OVERHEAD) {
    reply.header('Connection', 'close');
    throw tooLarge();
  }
  let part: MultipartFile | undefined;
  try {
    part = await request.file({ limits: { fileSize: maxBytes, files: 1 }, fileHwm: UPLOAD_STREAM_HWM });
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
 * `POST /api/media/upload` (docs/media.md#upload and docs/benchmarks.md#targets): stream to a temp file while hashing and sniffing,
 * check the quota early, put the file in the store and insert its row as 'processing' (evicting
 * old media if needed) in one transaction, then answer 201. The thumbnail, duration, poster and
 * the index-first rewrite are derived afterwards by its job (`media-jobs.ts`, queued in the row's
 * transaction: no row without its job; docs/jobs.md).
 * On any failure before the answer no row, no stored file and no temp file remain.
 *
 * Why the faststart rewrite is in the queue, not before the answer: it copies the whole file
 * again and hashes the copy (docs/benchmarks.md#other-figures), which alone would cost more than
 * receiving it. It changes the file's bytes, so the queue stores the
 * rewrite under a new key and switches `filename`, `size` and `sha256` in the same transaction
 * that marks the row 'ready'. TVs never see the file in between: manifests carry 'ready' media
 * only (so a TV downloads each video once, in its final form, and its sha256 check holds).
 */
export async function uploadMedia(
  deps: MediaDeps,
  user: SessionUser,
  part: MultipartFile,
  log: FastifyBaseLogger,
): Promise<Media> {
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
  // The processing job's own name for the bytes: `putFile` consumes the temp file (a rename, for the
  // local store), so a hard link keeps a local copy for free (a copy where links are not possible).
  // The job names it by file name only; a process on another machine fetches the file from the store.
  const jobFile = `${key}.job`;
  let jobCopy: string | null = path.join(deps.tmpDir, jobFile);
  const stored: string[] = [];
  try {
    // A PDF is opened before anything is kept: one protected by a password or unreadable is refused
    // here with a pt-BR message, not left to fail later (docs/content.md#pdf).
    if (received.mimeType === PDF_MIME_TYPE) await checkPdf(received.path);
    await assertRoomPossible(deps.db, user.workspaceId, received.size, deps.quotaBytes);
    await link(received.path, jobCopy).catch(() => copyFile(received.path, jobCopy!));
    await deps.store.putFile(filename, received.path, received.mimeType);
    stored.push(filename);
    const { row, evicted, evictedPages } = await insertWithinQuota(
      deps.db,
      {
        userId: user.id,
        workspaceId: user.workspaceId,
        filename,
        originalName: sanitizeOriginalName(part.filename, EXTENSIONS[received.mimeType]),
        mimeType: received.mimeType,
        size: received.size,
        duration: null,
        sha256: received.sha256,
        thumbnailFilename: null,
        status: 'processing',
      },
      deps.quotaBytes,
      (tx, inserted) =>
        deps.jobs.enqueue(
          MEDIA_PROCESS_JOB,
          { mediaId: inserted.id, localFile: jobFile },
          { tx, workspaceId: inserted.workspaceId },
        ),
    );
    stored.length = 0; // the row owns the file now
    jobCopy = null; // the job's now
    deps.jobs.wake();
    await removeStoredFiles(deps.store, evicted, log, evictedPages);
    // Other admin screens show it at once, as 'processing' (its job announces it again when done).
    deps.bus.publish({ type: 'media.changed', mediaId: row.id, workspaceId: user.workspaceId });
    return presentMedia(row);
  } finally {
    await Promise.all([received.path, jobCopy].filter((p) => p !== null).map((p) => unlink(p).catch(() => undefined)));
    await Promise.all(
      stored.map((k) =>
        deps.store
          .delete(k)
          .catch((error: unknown) => log.error({ err: error, key: k }, 'could not undo a stored upload')),
      ),
    );
  }
}
