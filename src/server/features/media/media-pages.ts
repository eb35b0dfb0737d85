import { asc, count, eq, sql } from 'drizzle-orm';
import { anyOf } from '../../db/any-of';
import type { Db, Tx } from '../../db/client';
import { feedImages, mediaPages } from '../../db/schema';

/**
 * The files derived from a media row: a PDF's rendered pages (docs/content.md#pdf) live in
 * `media_pages`, and a feed's pictures (docs/content.md#feeds) in `feed_images`, one store key each.
 * They go with their media row (FK cascade), so whoever deletes media rows takes both kinds of keys
 * first, in the same transaction, and removes the files once committed (`removeStoredFiles`).
 */
export async function takeDerivedKeys(tx: Tx, mediaIds: readonly number[]): Promise<string[]> {
  if (mediaIds.length === 0) return [];
  const pages = await tx
    .delete(mediaPages)
    .where(anyOf(mediaPages.mediaId, mediaIds))
    .returning({ filename: mediaPages.filename });
  const pictures = await tx
    .delete(feedImages)
    .where(anyOf(feedImages.mediaId, mediaIds))
    .returning({ filename: feedImages.filename });
  return [...pages, ...pictures].map((p) => p.filename);
}

export type PageRow = typeof mediaPages.$inferSelect;

/** The pages of these media, in page order, grouped by media: one query for any number. */
export async function loadPages(db: Db | Tx, mediaIds: readonly number[]): Promise<Map<number, PageRow[]>> {
  const byMedia = new Map<number, PageRow[]>();
  if (mediaIds.length === 0) return byMedia;
  const rows = await db
    .select()
    .from(mediaPages)
    .where(anyOf(mediaPages.mediaId, [...new Set(mediaIds)]))
    .orderBy(asc(mediaPages.mediaId), asc(mediaPages.page));
  for (const row of rows) {
    const list = byMedia.get(row.mediaId);
    if (list) list.push(row);
    else byMedia.set(row.mediaId, [row]);
  }
  return byMedia;
}

/** How many pages each of these media has (the gallery's `pageCount`). */
export async function countPages(db: Db, mediaIds: readonly number[]): Promise<Map<number, number>> {
  if (mediaIds.length === 0) return new Map();
  const rows = await db
    .select({ mediaId: mediaPages.mediaId, pages: count() })
    .from(mediaPages)
    .where(anyOf(mediaPages.mediaId, mediaIds))
    .groupBy(mediaPages.mediaId);
  return new Map(rows.map((r) => [r.mediaId, r.pages]));
}

/** One media's page count (0 until its pages are rendered). */
export async function pageCountOf(db: Db | Tx, mediaId: number): Promise<number> {
  const [row] = await db.select({ pages: count() }).from(mediaPages).where(eq(mediaPages.mediaId, mediaId));
  return row?.pages ?? 0;
}

/** Every page and feed picture key (the reconciliation's list of keys that have a row). */
export const allPageKeys = async (db: Db): Promise<string[]> => [
  ...(await db.select({ key: sql<string>`${mediaPages.filename}` }).from(mediaPages)).map((r) => r.key),
  ...(await db.select({ key: sql<string>`${feedImages.filename}` }).from(feedImages)).map((r) => r.key),
];
