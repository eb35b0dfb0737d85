import { createHash, randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { pdfOptionsSchema } from '../../../contract/content';
import type { Db } from '../../db/client';
import { media, mediaPages, playlistItems, playlists } from '../../db/schema';
import type { MediaRow } from './media-presenter';
import { checkPdf, renderPdfPages, systemPoppler } from './pdf-tools';
import type { ProcessingDeps } from './process-media';
import { pageImage, writeThumbnail } from './thumbnails';

/** What the PDF branch shares with `processMedia`: temp files and new store keys it cleans up. */
export interface PdfWork {
  temps: string[];
  /** Store keys written so far; the caller removes them unless this clears the list (committed). */
  newKeys: string[];
}

/** A PDF's duration on screen: each page for `secondsPerPage` (docs/content.md#pdf). */
export const pdfDuration = (pages: number, options: unknown) =>
  pages * (pdfOptionsSchema.safeParse(options ?? {}).data?.secondsPerPage ?? 10);

/**
 * Writes the pages and the row's new state, if the row is still there and still 'processing' (a
 * delete, an eviction or another worker may have come first). The row is locked first, as
 * `deleteMedia` does; no bytes move, so the quota lock is not needed.
 */
async function commitPages(
  db: Db,
  row: MediaRow,
  pages: Array<typeof mediaPages.$inferInsert>,
  thumbnailFilename: string,
) {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(media).where(eq(media.id, row.id)).for('update');
    if (current?.status !== 'processing') return { committed: false as const, current };
    await tx.insert(mediaPages).values(pages);
    await tx
      .update(media)
      .set({ status: 'ready', duration: pdfDuration(pages.length, current.options), thumbnailFilename })
      .where(eq(media.id, row.id));
    const using = await tx
      .selectDistinct({ id: playlists.id, workspaceId: playlists.workspaceId })
      .from(playlistItems)
      .innerJoin(playlists, eq(playlists.id, playlistItems.playlistId))
      .where(eq(playlistItems.mediaId, row.id))
      .orderBy(playlists.id);
    return { committed: true as const, using };
  });
}

/**
 * A PDF's processing (docs/content.md#pdf): every page rendered by poppler's pdftoppm to fit
 * 1920 px, re-encoded as WebP and stored under its own key, page 1 also as the gallery's 320 px
 * thumbnail; then one transaction inserts the `media_pages` rows and marks the row 'ready' with
 * its duration (pages × seconds per page). The file's own fault throws an HttpError (the row
 * becomes 'failed'); anything else is thrown for the queue to retry, as for other media.
 */
export async function processPdf(
  deps: ProcessingDeps,
  row: MediaRow,
  local: string,
  work: PdfWork,
  signal?: AbortSignal,
): Promise<void> {
  const { db, store } = deps;
  // No poppler on this worker is ours, not the file's: thrown for the queue to retry (another
  // process may have it), never a 'failed' PDF (docs/media-tools.md#pdfs-poppler-utils).
  if (!systemPoppler())
    throw Object.assign(new Error('pdfinfo/pdftoppm are not on PATH (apt-get install -y poppler-utils)'), {
      code: 'ENOENT',
    });
  const { pages } = await checkPdf(local, signal);
  const outDir = await mkdtemp(path.join(deps.tmpDir, 'pdf-'));
  try {
    const rendered = await renderPdfPages(local, pages, outDir, signal);
    signal?.throwIfAborted();
    const rows: Array<typeof mediaPages.$inferInsert> = [];
    for (const [index, file] of rendered.entries()) {
      const image = await pageImage(file);
      const target = path.join(outDir, `${randomUUID()}.webp`);
      await writeFile(target, image);
      // A fresh key per page: `isMediaKey` knows the shape, and the crash cleanup the rows (orphan-files.ts).
      const key = path.basename(target);
      await store.putFile(key, target, 'image/webp');
      work.newKeys.push(key);
      rows.push({
        mediaId: row.id,
        page: index + 1,
        filename: key,
        size: image.length,
        sha256: createHash('sha256').update(image).digest('hex'),
      });
      signal?.throwIfAborted();
    }
    const thumbnailTmp = path.join(outDir, 'thumb.webp');
    await writeThumbnail(rendered[0]!, thumbnailTmp);
    // Named after the file it shows, as for other media.
    const thumbnailKey = `${path.parse(row.filename).name}-thumb.webp`;
    await store.putFile(thumbnailKey, thumbnailTmp, 'image/webp');
    work.newKeys.push(thumbnailKey);

    const done = await commitPages(db, row, rows, thumbnailKey);
    if (!done.committed) {
      // Gone, or finished by another worker: our pages go (the caller removes `newKeys`), except the
      // thumbnail key that the finished row names (the same name).
      const named = done.current?.thumbnailFilename;
      work.newKeys.splice(0, work.newKeys.length, ...work.newKeys.filter((k) => k !== named));
      return;
    }
    work.newKeys.length = 0;
    deps.bus.publish({ type: 'media.changed', mediaId: row.id, workspaceId: row.workspaceId });
    for (const p of done.using)
      deps.bus.publish({ type: 'playlist.changed', playlistId: p.id, workspaceId: p.workspaceId });
  } finally {
    await rm(outDir, { recursive: true, force: true });
  }
}
