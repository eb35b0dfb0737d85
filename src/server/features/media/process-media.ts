import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { access, mkdir, unlink } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { PDF_MIME_TYPE } from '../../../contract/content';
import type { MediaMimeType } from '../../../contract/media';
import type { Db, Tx } from '../../db/client';
import { media, playlistItems, playlists } from '../../db/schema';
import { HttpError } from '../../http/errors';
import type { EventBus } from '../../realtime/event-bus';
import type { MediaStore } from '../../storage/media-store';
import { moveIndexToFront } from './faststart';
import { processPdf } from './process-pdf';
import { inspectUpload } from './media-inspect';
import type { MediaRow } from './media-presenter';
import { recomputePlaylistTotals } from './playlist-totals';
import { lockQuota, usedBytes } from './quota';
import { EXTENSIONS } from './sniff';
import type { ReceivedFile } from './upload-receiver';

export interface ProcessingDeps {
  db: Db;
  store: MediaStore;
  bus: EventBus;
  tmpDir: string;
  quotaBytes: number;
  log: FastifyBaseLogger;
}

export interface ProcessingJob {
  mediaId: number;
  /** A local copy of the stored file that the job owns (removed when it ends); fetched from the store when absent. */
  localPath?: string;
}

const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );

async function fetchToTemp(store: MediaStore, key: string, tmpDir: string): Promise<string> {
  const target = path.join(tmpDir, `${randomUUID()}.job`);
  // The folder exists once this process received an upload; a worker that never did (another
  // machine sharing the bucket, a fresh start) takes jobs too.
  await mkdir(tmpDir, { recursive: true });
  try {
    await pipeline(await store.read(key), createWriteStream(target, { flags: 'wx' }));
    return target;
  } catch (error) {
    await unlink(target).catch(() => undefined);
    throw error;
  }
}

/** Who must hear that the media changed: the playlists that use it (their TVs' manifests). */
async function playlistsUsing(tx: Tx, mediaId: number) {
  return tx
    .selectDistinct({ id: playlists.id, workspaceId: playlists.workspaceId })
    .from(playlistItems)
    .innerJoin(playlists, eq(playlists.id, playlistItems.playlistId))
    .where(eq(playlistItems.mediaId, mediaId))
    .orderBy(playlists.id);
}

interface Derived {
  duration: number | null;
  thumbnailFilename: string | null;
  /** The index-first rewrite of an MP4/MOV, already in the store under its own key. */
  rewrite: { filename: string; size: number; sha256: string } | null;
}

/**
 * Writes what the job derived onto the row, if it is still there and still 'processing' (a delete
 * or an eviction may have taken it meanwhile: then nothing is written and the caller removes the
 * new files). The quota lock first, then the row, then (through the totals) its playlists: the
 * order `insertWithinQuota` and `deleteMedia` use, so none of them can deadlock with this. The
 * rewrite is kept only if the workspace's quota still holds it (it may be a few bytes larger than the
 * upload); otherwise the file stays as it came, which plays, only starts later.
 */
async function commitReady(db: Db, row: MediaRow, derived: Derived, quotaBytes: number) {
  return db.transaction(async (tx) => {
    await lockQuota(tx, row.workspaceId);
    const [current] = await tx.select().from(media).where(eq(media.id, row.id)).for('update');
    if (current?.status !== 'processing') return { committed: false as const, current };
    let rewrite = derived.rewrite;
    if (
      rewrite &&
      rewrite.size > current.size &&
      (await usedBytes(tx, row.workspaceId)) - current.size + rewrite.size > quotaBytes
    )
      rewrite = null;
    const [updated] = await tx
      .update(media)
      .set({
        status: 'ready',
        duration: derived.duration,
        thumbnailFilename: derived.thumbnailFilename,
        ...(rewrite ?? {}),
      })
      .where(eq(media.id, row.id))
      .returning();
    const using = await playlistsUsing(tx, row.id);
    if (rewrite && rewrite.size !== current.size)
      await recomputePlaylistTotals(
        tx,
        using.map((p) => p.id),
      );
    return { committed: true as const, updated: updated!, previous: current, using, keptRewrite: rewrite !== null };
  });
}

async function markFailed(deps: ProcessingDeps, row: MediaRow): Promise<void> {
  const [failed] = await deps.db
    .update(media)
    .set({ status: 'failed' })
    .where(and(eq(media.id, row.id), eq(media.status, 'processing')))
    .returning({ id: media.id });
  // TVs never got it (manifests carry ready media only), so only the admin screens are told.
  if (failed) deps.bus.publish({ type: 'media.changed', mediaId: row.id, workspaceId: row.workspaceId });
}

/**
 * One media item's processing (docs/media.md#processing), after its upload answered: the thumbnail (images; it
 * also proves the image decodes), duration and poster (videos), and the index-first rewrite of an
 * end-indexed MP4/MOV. Derived files go to the store under new keys before the row points at
 * them, in one transaction; then the replaced file is removed and the change announced
 * (`media.changed`, and `playlist.changed` for each playlist using it, whose TVs now get it).
 *
 * A file that cannot be read as media (an image that does not decode, a video without a readable
 * video stream) marks the row 'failed': the file is kept (it can be downloaded or deleted), TVs
 * never get it. A poster or rewrite that fails only leaves the video without it, as before.
 * Any other error is thrown for the queue to retry (the job's last failure marks the row 'failed':
 * media-jobs.ts); nothing is half-saved: new keys are removed.
 */
export async function processMedia(deps: ProcessingDeps, job: ProcessingJob, signal?: AbortSignal): Promise<void> {
  const { db, store, log } = deps;
  const temps = job.localPath ? [job.localPath] : [];
  const newKeys: string[] = [];
  try {
    const [row] = await db.select().from(media).where(eq(media.id, job.mediaId));
    if (!row || row.status !== 'processing') return;
    try {
      const local =
        job.localPath && (await exists(job.localPath))
          ? job.localPath
          : await fetchToTemp(store, row.filename, deps.tmpDir);
      temps.push(local);
      // A PDF's pages are rendered to images instead (docs/content.md#pdf).
      if (row.mimeType === PDF_MIME_TYPE) return await processPdf(deps, row, local, { temps, newKeys }, signal);
      const mimeType = row.mimeType as MediaMimeType;
      const file: ReceivedFile = { path: local, size: row.size, sha256: row.sha256, mimeType };
      const thumbnailTmp = path.join(deps.tmpDir, `${randomUUID()}-thumb.webp`);
      temps.push(thumbnailTmp);
      // The job's signal (the queue's stop, a lost lease: docs/jobs.md) ends ffmpeg, ffprobe and the
      // libav.js worker; a poster or rewrite cut short is otherwise kept out quietly, so check it too.
      const inspection = await inspectUpload(file, thumbnailTmp, log, signal);
      signal?.throwIfAborted();
      const final = await moveIndexToFront(file, deps.tmpDir, log, signal);
      signal?.throwIfAborted();
      temps.push(final.path);
      let rewrite: Derived['rewrite'] = null;
      if (final !== file) {
        rewrite = { filename: `${randomUUID()}.${EXTENSIONS[mimeType]}`, size: final.size, sha256: final.sha256 };
        await store.putFile(rewrite.filename, final.path, mimeType);
        newKeys.push(rewrite.filename);
      }
      // Named after the file it shows (`<uuid>-thumb.webp`), as operators and cleanup expect.
      const thumbnailKey = `${path.parse(rewrite?.filename ?? row.filename).name}-thumb.webp`;
      if (inspection.hasThumbnail) {
        await store.putFile(thumbnailKey, thumbnailTmp, 'image/webp');
        newKeys.push(thumbnailKey);
      }
      const derived = {
        duration: inspection.duration,
        thumbnailFilename: inspection.hasThumbnail ? thumbnailKey : null,
        rewrite,
      };
      const done = await commitReady(db, row, derived, deps.quotaBytes);
      if (!done.committed) {
        // Deleted or evicted meanwhile, or finished by another worker (one whose lease ran out): the new
        // keys go in `finally`, except one that the finished row names (the same thumbnail key).
        const named = new Set([done.current?.filename, done.current?.thumbnailFilename]);
        newKeys.splice(0, newKeys.length, ...newKeys.filter((k) => !named.has(k)));
        return;
      }
      newKeys.length = 0;
      if (rewrite && !done.keptRewrite) await store.delete(rewrite.filename).catch(() => undefined);
      if (done.keptRewrite) {
        await store
          .delete(done.previous.filename)
          .catch((error: unknown) =>
            log.error({ err: error, key: done.previous.filename }, 'could not remove a replaced media file'),
          );
      }
      deps.bus.publish({ type: 'media.changed', mediaId: row.id, workspaceId: row.workspaceId });
      for (const p of done.using)
        deps.bus.publish({ type: 'playlist.changed', playlistId: p.id, workspaceId: p.workspaceId });
    } catch (error) {
      // The file's own fault (415-like) is routine and final; anything else (ffprobe missing, the
      // store down) is ours and may pass: the queue tries again (docs/jobs.md), and the kind's
      // `onFailed` step gives the row up when the last attempt fails (media-jobs.ts).
      if (error instanceof HttpError) {
        log.info({ err: error, mediaId: row.id }, 'uploaded media cannot be read');
        await markFailed(deps, row);
        return;
      }
      throw error;
    }
  } finally {
    await Promise.all([...new Set(temps)].map((p) => unlink(p).catch(() => undefined)));
    await Promise.all(
      newKeys.map((k) =>
        store
          .delete(k)
          .catch((error: unknown) => log.error({ err: error, key: k }, 'could not remove a derived media file')),
      ),
    );
  }
}
