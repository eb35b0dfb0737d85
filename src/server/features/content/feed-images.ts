import { createHash, randomUUID } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db, Tx } from '../../db/client';
import { feedImages, type StoredFeedItem } from '../../db/schema';
import type { MediaStore } from '../../storage/media-store';
import { sniffMediaType } from '../media/sniff';
import { feedPictureImage } from '../media/thumbnails';
import { safeFetch } from './feed-fetch';

/** A picture larger than this is not fetched whole (docs/content.md#pictures). */
export const FEED_PICTURE_MAX_BYTES = 5 * 1024 * 1024;
/** Pictures fetched at once for one feed: a feed of 50 items does not open 50 connections. */
const AT_ONCE = 4;
/**
 * No new batch starts after this: a feed's creation waits for its pictures, and 50 slow ones
 * must not hold it for minutes. The rest are fetched with the feed's next items.
 */
const BUDGET_MS = 30_000;

export interface FeedPictureDeps {
  db: Db;
  store: MediaStore;
  /** Where a picture is written before it is stored (DATA_DIR/tmp). */
  tmpDir: string;
  feeds: Config['feeds'];
  /** Where a store deletion that failed is told (the hourly reconciliation removes the file anyway). */
  log?: { error: (details: object, message: string) => void };
}

/** A picture fetched and stored under a new key, its row still to insert (`applyPictures`). */
export interface NewPicture {
  sourceUrl: string;
  filename: string;
  size: number;
  sha256: string;
}

/**
 * One picture: fetched like the feed (SSRF guard, timeout, redirects) but up to 5 MB, sniffed
 * (JPEG, PNG, GIF or WebP only: never SVG), re-encoded as WebP at most 1280 px wide and stored
 * under a fresh media key. Null when any of that fails: the item is shown without its picture.
 */
async function fetchPicture(deps: FeedPictureDeps, sourceUrl: string): Promise<NewPicture | null> {
  let image: Buffer;
  try {
    const page = await safeFetch(sourceUrl, { ...deps.feeds, maxBytes: FEED_PICTURE_MAX_BYTES });
    if (!sniffMediaType(page.body)?.startsWith('image/')) return null;
    image = await feedPictureImage(page.body);
  } catch {
    return null; // unreachable, refused, too large, or not a decodable image: the feed goes on
  }
  const filename = `${randomUUID()}.webp`;
  await mkdir(deps.tmpDir, { recursive: true });
  const local = path.join(deps.tmpDir, filename);
  try {
    await writeFile(local, image);
    await deps.store.putFile(filename, local, 'image/webp');
  } catch {
    await rm(local, { force: true });
    await deps.store.delete(filename).catch(() => undefined);
    return null;
  }
  return { sourceUrl, filename, size: image.length, sha256: createHash('sha256').update(image).digest('hex') };
}

/** The picture addresses the items name, each once. */
const picturesNamed = (items: readonly StoredFeedItem[]) =>
  new Set(items.flatMap((i) => (i.imageSource ? [i.imageSource] : [])));

/** The sources of the pictures a feed has stored, for `fetchNewPictures`. */
export const storedPictureSources = async (db: Db, mediaId: number) =>
  (await db.select({ sourceUrl: feedImages.sourceUrl }).from(feedImages).where(eq(feedImages.mediaId, mediaId))).map(
    (r) => r.sourceUrl,
  );

/**
 * The pictures the items name that are not among the feed's `stored` sources (none for a feed
 * being created), fetched and stored before any transaction: a file is stored before its row
 * (docs/security.md#data-integrity). A source already stored is not fetched again.
 */
export async function fetchNewPictures(
  deps: FeedPictureDeps,
  stored: readonly string[],
  items: readonly StoredFeedItem[],
): Promise<NewPicture[]> {
  const known = new Set(stored);
  const wanted = [...picturesNamed(items)].filter((source) => !known.has(source));
  const fetched: NewPicture[] = [];
  const deadline = Date.now() + BUDGET_MS;
  for (let i = 0; i < wanted.length && Date.now() < deadline; i += AT_ONCE) {
    const batch = await Promise.all(wanted.slice(i, i + AT_ONCE).map((source) => fetchPicture(deps, source)));
    for (const picture of batch) if (picture) fetched.push(picture);
  }
  return fetched;
}

/** A stored picture's row, as `applyPictures` needs it. */
export type StoredPicture = Pick<typeof feedImages.$inferSelect, 'filename' | 'sourceUrl' | 'sha256'>;

/** What `applyPictures` leaves: the items with their pictures' hashes, and the keys to remove after the commit. */
export interface AppliedPictures {
  items: StoredFeedItem[];
  /** Pictures no item names any more, and new ones that lost a race: their rows are gone (or never were). */
  unusedKeys: string[];
}

/**
 * In the feed's transaction (its media row locked): inserts the new pictures' rows, drops the rows
 * no item names any more, and gives each item the hash of its stored picture (`imageSha256`), or
 * none when its picture could not be had. The feed's version covers the items, so it moves when
 * a picture does (docs/content.md#pictures).
 */
export async function applyPictures(
  tx: Tx,
  mediaId: number,
  items: readonly StoredFeedItem[],
  fresh: readonly NewPicture[],
  /** The feed's picture rows, when the caller read them under the same lock (one round trip less). */
  stored?: readonly StoredPicture[],
): Promise<AppliedPictures> {
  const picture = { filename: feedImages.filename, sourceUrl: feedImages.sourceUrl, sha256: feedImages.sha256 };
  const inserted = fresh.length
    ? await tx
        .insert(feedImages)
        .values(fresh.map((p) => ({ mediaId, ...p })))
        .onConflictDoNothing()
        .returning(picture)
    : [];
  const kept = new Set(inserted.map((r) => r.filename));
  const unusedKeys = fresh.filter((p) => !kept.has(p.filename)).map((p) => p.filename);
  const named = picturesNamed(items);
  const rows = stored
    ? [...stored, ...inserted]
    : await tx.select(picture).from(feedImages).where(eq(feedImages.mediaId, mediaId));
  const stale = rows.filter((r) => !named.has(r.sourceUrl));
  if (stale.length)
    await tx.delete(feedImages).where(
      and(
        eq(feedImages.mediaId, mediaId),
        inArray(
          feedImages.sourceUrl,
          stale.map((r) => r.sourceUrl),
        ),
      ),
    );
  unusedKeys.push(...stale.map((r) => r.filename));
  const hashes = new Map(rows.filter((r) => named.has(r.sourceUrl)).map((r) => [r.sourceUrl, r.sha256]));
  return {
    items: items.map(({ imageSha256: _old, ...item }) => {
      const sha256 = item.imageSource ? hashes.get(item.imageSource) : undefined;
      return sha256 ? { ...item, imageSha256: sha256 } : item;
    }),
    unusedKeys,
  };
}

/** Removes files whose rows are gone (or were never inserted); a failure leaves an orphan for the hourly reconciliation. */
export async function removePictureFiles(deps: Pick<FeedPictureDeps, 'store' | 'log'>, keys: readonly string[]) {
  await Promise.all(
    keys.map((key) =>
      deps.store
        .delete(key)
        .catch((error: unknown) => deps.log?.error({ err: error, key }, 'could not remove a feed picture')),
    ),
  );
}

/**
 * Runs the transaction that applies `fresh` (it answers its result and the keys `applyPictures`
 * left unused, or null when it did not apply them), then removes the files no row names: those
 * unused keys, else every new picture's (not applied, or rolled back: the rows are as before).
 */
export async function settlePictures<T>(
  deps: Pick<FeedPictureDeps, 'store' | 'log'>,
  fresh: readonly NewPicture[],
  transaction: () => Promise<[T, string[] | null]>,
): Promise<T> {
  const all = fresh.map((p) => p.filename);
  let outcome: [T, string[] | null];
  try {
    outcome = await transaction();
  } catch (error) {
    await removePictureFiles(deps, all);
    throw error;
  }
  await removePictureFiles(deps, outcome[1] ?? all);
  return outcome[0];
}
