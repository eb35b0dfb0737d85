import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { isNotNull } from 'drizzle-orm';
import { devices, media } from '../db/schema';
import { allPageKeys } from '../features/media/media-pages';
import { isMediaKey, type MediaStore } from '../storage/media-store';

export interface Reconciliation {
  /** Store keys that had no media row and were older than the grace period: deleted. */
  deleted: string[];
  /** Media rows whose file (or thumbnail) is not in the store: reported, never deleted here. */
  missing: Array<{ mediaId: number; key: string }>;
}

/**
 * Brings the store and the media rows (and the devices' screenshots) back in line after a crash (docs/media.md#files). Files are written
 * before their row is inserted and deleted after their row is, so a crash can leave a file
 * without a row, never the other way round by our own doing. Those files are deleted here when
 * older than `graceMs`: an upload in flight in another process puts its file first and inserts
 * its row a moment later, so a young key may be about to get its row. Only our own key names are
 * considered (`isMediaKey`): anything else in the folder or bucket is never touched.
 * A row without its file means the store lost it (restored backup, manual removal): only logged.
 */
export async function reconcileMediaStore(
  db: Db,
  store: MediaStore,
  options: { graceMs: number; log: FastifyBaseLogger; now?: Date },
): Promise<Reconciliation> {
  const startedAt = options.now ?? new Date();
  const keys = new Set<string>();
  const old: string[] = [];
  for await (const object of store.list()) {
    if (!isMediaKey(object.key)) continue;
    keys.add(object.key);
    if (startedAt.getTime() - object.lastModified.getTime() > options.graceMs) old.push(object.key);
  }
  // Rows are read after the listing: a row inserted meanwhile names a young key, kept anyway.
  const rows = await db
    .select({
      id: media.id,
      filename: media.filename,
      thumbnailFilename: media.thumbnailFilename,
      createdAt: media.createdAt,
    })
    .from(media);
  const keysOf = (r: (typeof rows)[number]) => (r.thumbnailFilename ? [r.filename, r.thumbnailFilename] : [r.filename]);
  // TVs' screenshots (issue 15) have media-style keys too: the device row names its latest one, and
  // a removed device's picture has no row left, so it goes like any orphan.
  const screenshots = await db
    .select({ key: devices.screenshotKey })
    .from(devices)
    .where(isNotNull(devices.screenshotKey));
  // A PDF's rendered pages (docs/content.md#pdf) and a feed's pictures (docs/content.md#feeds) have
  // media keys of their own, named by `media_pages` and `feed_images`.
  const pages = await allPageKeys(db);
  const known = new Set([...rows.flatMap(keysOf), ...screenshots.map((s) => s.key!), ...pages]);

  const deleted: string[] = [];
  for (const key of old) {
    if (known.has(key)) continue;
    try {
      await store.delete(key);
      deleted.push(key);
    } catch (error) {
      options.log.error({ err: error, key }, 'could not delete an orphan media file');
    }
  }
  // A row newer than the listing may have had its file stored after the listing passed.
  const missing = rows
    .filter((r) => r.createdAt < startedAt)
    .flatMap((r) =>
      keysOf(r)
        .filter((key) => !keys.has(key))
        .map((key) => ({ mediaId: r.id, key })),
    );
  if (deleted.length)
    options.log.warn(
      { count: deleted.length, keys: deleted.slice(0, 20) },
      'deleted media files that had no media row (left by a crash)',
    );
  if (missing.length)
    options.log.error(
      { count: missing.length, missing: missing.slice(0, 20) },
      'media rows whose file is missing from the store',
    );
  return { deleted, missing };
}
