import { and, asc, eq, gt, inArray, notExists, sql } from 'drizzle-orm';
import { ERROR_CODES } from '../../../contract/errors';
import { mediaFileUrl } from '../../../contract/media';
import { messages } from '../../../contract/messages';
import type { Db, Tx } from '../../db/client';
import { media, playlistItems } from '../../db/schema';
import { HttpError } from '../../http/errors';
import { recordActivity } from '../activities/activity-service';
import { takeDerivedKeys } from './media-pages';
import type { MediaRow } from './media-presenter';

export type NewMedia = Omit<typeof media.$inferInsert, 'id' | 'url' | 'createdAt'> & {
  userId: number;
  workspaceId: number;
  size: number;
};

export const quotaExceeded = () => new HttpError(413, messages.media.quotaExceeded, ERROR_CODES.payloadTooLarge);

/** First key of the per-workspace advisory lock that serializes quota decisions ('medi'). */
const QUOTA_LOCK = 0x6d656469;

const notInAnyPlaylist = () =>
  notExists(sql`(select 1 from ${playlistItems} where ${playlistItems.mediaId} = ${media.id})`);

/**
 * Takes the workspace's quota lock until the transaction ends: its quota decisions happen one at
 * a time (docs/media.md#quota: the quota is per workspace); other workspaces' uploads do not wait.
 */
export async function lockQuota(tx: Tx, workspaceId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${QUOTA_LOCK}, ${workspaceId})`);
}

export async function usedBytes(db: Db | Tx, workspaceId: number): Promise<number> {
  const [row] = await db
    .select({ used: sql`coalesce(sum(${media.size}), 0)`.mapWith(Number) })
    .from(media)
    .where(eq(media.workspaceId, workspaceId));
  return row?.used ?? 0;
}

/**
 * The workspace's media that no playlist uses, oldest first: the ones eviction may take. Content
 * items (docs/content.md) hold no bytes, so removing one would free nothing: never taken.
 */
function evictable(db: Db | Tx, workspaceId: number) {
  return db
    .select({ id: media.id, size: media.size })
    .from(media)
    .where(and(eq(media.workspaceId, workspaceId), gt(media.size, 0), notInAnyPlaylist()))
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
export async function assertRoomPossible(db: Db, workspaceId: number, size: number, quotaBytes: number): Promise<void> {
  const needed = (await usedBytes(db, workspaceId)) + size - quotaBytes;
  if (needed <= 0) return;
  if (size > quotaBytes || !pickOldest(await evictable(db, workspaceId), needed)) throw quotaExceeded();
}

/**
 * Locks and returns the oldest media outside playlists whose sizes free `needed` bytes, or null
 * when that much cannot be freed. Race-free against playlist saves without ever waiting on them:
 *
 * - A save locks the media it references `FOR KEY SHARE` before it writes its items (playlist
 *   service) and keeps the lock until it commits; inserting an item needs that lock too (FK).
 * - Here the candidates are locked `FOR UPDATE SKIP LOCKED`: media that a save in flight holds are
 *   skipped (in use, or about to be), never waited for, so saves and evictions cannot deadlock.
 * - Locked rows can no longer gain a playlist item until this transaction ends, but a save may
 *   have committed an item between the candidate query's snapshot and the lock. So the
 *   "in no playlist" check runs again, in a new statement (a new snapshot under READ COMMITTED)
 *   once the locks are held: whatever it sees is final.
 * A save that comes after waits for this transaction, then finds the media gone and answers 400.
 */
async function lockVictims(tx: Tx, workspaceId: number, needed: number): Promise<number[] | null> {
  const chosen: number[] = [];
  const passedOver = new Set<number>();
  let freed = 0;
  while (freed < needed) {
    const candidates = (await evictable(tx, workspaceId)).filter(
      (c) => !passedOver.has(c.id) && !chosen.includes(c.id),
    );
    const pick = pickOldest(candidates, needed - freed);
    if (!pick) return null;
    const locked = await tx
      .select({ id: media.id })
      .from(media)
      .where(inArray(media.id, pick))
      .for('update', { skipLocked: true });
    const lockedIds = locked.map((m) => m.id);
    const used = lockedIds.length
      ? new Set(
          (
            await tx
              .selectDistinct({ id: playlistItems.mediaId })
              .from(playlistItems)
              .where(inArray(playlistItems.mediaId, lockedIds))
          ).map((r) => r.id),
        )
      : new Set<number>();
    const sizes = new Map(candidates.map((c) => [c.id, c.size]));
    for (const id of pick) {
      if (lockedIds.includes(id) && !used.has(id)) {
        chosen.push(id);
        freed += sizes.get(id)!;
      } else {
        passedOver.add(id);
      }
    }
  }
  return chosen;
}

/**
 * Inserts the new media row, first deleting the workspace's oldest media that no playlist uses when
 * the quota needs the room (docs/media.md#quota). All in one transaction under a per-workspace advisory lock, so
 * parallel uploads (in this process or another) decide one after the other and never overshoot
 * together. If room cannot be made it throws 413 and nothing is deleted. Returns the evicted rows:
 * their files are removed by the caller once this has committed.
 */
export async function insertWithinQuota(
  db: Db,
  item: NewMedia,
  quotaBytes: number,
  /** Runs in the insert's transaction: the row's processing job goes in with it, or neither does. */
  alongside?: (tx: Tx, row: MediaRow) => Promise<unknown>,
): Promise<{ row: MediaRow; evicted: MediaRow[]; evictedPages: string[] }> {
  return db.transaction(async (tx) => {
    await lockQuota(tx, item.workspaceId);
    let evicted: MediaRow[] = [];
    let evictedPages: string[] = [];
    const needed = (await usedBytes(tx, item.workspaceId)) + item.size - quotaBytes;
    if (needed > 0) {
      const ids = item.size > quotaBytes ? null : await lockVictims(tx, item.workspaceId, needed);
      if (!ids) throw quotaExceeded();
      // Locked and checked above: nothing can have put them in a playlist since. An evicted PDF's
      // pages go too (docs/content.md#pdf); the caller removes their files with the others'.
      evictedPages = await takeDerivedKeys(tx, ids);
      evicted = await tx.delete(media).where(inArray(media.id, ids)).returning();
    }
    // The id first, so that the stored `url` can name it.
    const [next] = await tx
      .select({ id: sql`nextval(pg_get_serial_sequence('media', 'id'))`.mapWith(Number) })
      .from(sql`(select 1) as one`);
    const id = next!.id;
    const [row] = await tx
      .insert(media)
      .values({ ...item, id, url: mediaFileUrl(id) })
      .returning();
    const by = { userId: item.userId, workspaceId: item.workspaceId, entityType: 'media' };
    await recordActivity(tx, [
      ...evicted.map((gone) => ({
        ...by,
        type: 'media_evicted' as const,
        data: { name: gone.originalName },
        entityId: gone.id,
      })),
      { ...by, type: 'media_uploaded', data: { name: item.originalName }, entityId: id },
    ]);
    await alongside?.(tx, row!);
    return { row: row!, evicted, evictedPages };
  });
}
