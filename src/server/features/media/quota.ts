import { and, asc, eq, inArray, notExists, sql } from 'drizzle-orm';
import { ERROR_CODES } from '../../../contract/errors';
import { mediaFileUrl } from '../../../contract/media';
import { messages } from '../../../contract/messages';
import type { Db } from '../../db/client';
import { media, playlistItems } from '../../db/schema';
import { HttpError } from '../../http/errors';
import type { MediaRow } from './media-presenter';

export type NewMedia = Omit<typeof media.$inferInsert, 'id' | 'url' | 'createdAt'> & { userId: number; size: number };
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export const quotaExceeded = () => new HttpError(413, messages.media.quotaExceeded, ERROR_CODES.payloadTooLarge);

/** First key of the per-user advisory lock that serializes quota decisions ('medi'). */
const QUOTA_LOCK = 0x6d656469;

const notInAnyPlaylist = () =>
  notExists(
    sql`(select 1 from ${playlistItems} where ${playlistItems.mediaId} = ${media.id})`,
  );

async function usedBytes(db: Db | Tx, userId: number): Promise<number> {
  const [row] = await db
    .select({ used: sql`coalesce(sum(${media.size}), 0)`.mapWith(Number) })
    .from(media)
    .where(eq(media.userId, userId));
  return row?.used ?? 0;
}

/** The user's media that no playlist uses, oldest first: the ones eviction may take. */
function evictable(db: Db | Tx, userId: number) {
  return db
    .select({ id: media.id, size: media.size })
    .from(media)
    .where(and(eq(media.userId, userId), notInAnyPlaylist()))
    .orderBy(asc(media.createdAt), asc(media.id));
}

/** The oldest candidates whose sizes free at least `needed` bytes, or null if all of them do not. */
function pickOldest(candidates: Array<{ id: number; size: number }>, needed: number): number[] | null {
  const ids: number[] = [];
  let freed = 0;
  for (const c of candidates) {
    if (freed >= needed) break;
    ids.push(c.id);
    freed += c.size;
  }
  return freed >= needed ? ids : null;
}

/**
 * A cheap early answer, before the file is processed and stored: 413 when even evicting every
 * media outside playlists could not make room. Not authoritative (no lock); `insertWithinQuota` is.
 */
export async function assertRoomPossible(db: Db, userId: number, size: number, quotaBytes: number): Promise<void> {
  const needed = (await usedBytes(db, userId)) + size - quotaBytes;
  if (needed <= 0) return;
  if (size > quotaBytes || !pickOldest(await evictable(db, userId), needed)) throw quotaExceeded();
}

/**
 * Inserts the new media row, first deleting the user's oldest media that no playlist uses when
 * the quota needs the room (DESIGN §6). All in one transaction under a per-user advisory lock, so
 * parallel uploads (in this process or another) decide one after the other and never overshoot
 * together. If room cannot be made it throws 413 and nothing is deleted. Returns the evicted rows:
 * their files are removed by the caller once this has committed.
 */
export async function insertWithinQuota(db: Db, item: NewMedia, quotaBytes: number): Promise<{ row: MediaRow; evicted: MediaRow[] }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${QUOTA_LOCK}, ${item.userId})`);
    let evicted: MediaRow[] = [];
    const needed = (await usedBytes(tx, item.userId)) + item.size - quotaBytes;
    if (needed > 0) {
      const ids = item.size > quotaBytes ? null : pickOldest(await evictable(tx, item.userId), needed);
      if (!ids) throw quotaExceeded();
      // The playlist check again in the delete itself: an item added since the select keeps its media.
      evicted = await tx.delete(media).where(and(inArray(media.id, ids), notInAnyPlaylist())).returning();
      if (evicted.length !== ids.length) throw quotaExceeded();
    }
    // The id first, so that the stored `url` can name it.
    const [next] = await tx.select({ id: sql`nextval(pg_get_serial_sequence('media', 'id'))`.mapWith(Number) }).from(sql`(select 1) as one`);
    const id = next!.id;
    const [row] = await tx.insert(media).values({ ...item, id, url: mediaFileUrl(id) }).returning();
    return { row: row!, evicted };
  });
}
