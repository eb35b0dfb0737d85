import type { FastifyBaseLogger } from 'fastify';
import { mediaKindOf } from '../../../contract/content';
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Media, MediaUsage } from '../../../contract/media';
import { messages } from '../../../contract/messages';
import type { SessionUser } from '../../auth/session-user';
import { loadVisible as loadVisibleRow, ownedBy, visibleTo } from '../../auth/tenancy';
import type { Db } from '../../db/client';
import { media, playlistItems, playlists } from '../../db/schema';
import { notFound } from '../../http/errors';
import type { EventBus } from '../../realtime/event-bus';
import type { MediaStore } from '../../storage/media-store';
import { recordActivity } from '../activities/activity-service';
import type { JobQueue } from '../../jobs/job-queue';
import { feedStatusesOf } from '../content/feed-service';
import { countPages, takeDerivedKeys } from './media-pages';
import { presentMedia, type MediaRow } from './media-presenter';
import { recomputePlaylistTotals } from './playlist-totals';

/** What the media feature needs from the app: the database, the file store and its limits. */
export interface MediaDeps {
  db: Db;
  store: MediaStore;
  /** Where the playlists that lose an item are announced (their TVs must re-sync). */
  bus: EventBus;
  /** Where uploads are streamed before they are checked and stored (under DATA_DIR). */
  tmpDir: string;
  quotaBytes: number;
  maxUploadBytes: number;
  /** Where the upload's processing job goes (thumbnails, durations, posters, the index-first rewrite). */
  jobs: JobQueue;
}

export async function listMedia(db: Db, actor: SessionUser): Promise<Media[]> {
  const rows = await db
    .select()
    .from(media)
    .where(visibleTo(media.workspaceId, actor))
    .orderBy(desc(media.createdAt), desc(media.id));
  return presentMediaRows(db, rows);
}

/**
 * Rows as the API answers them: a feed with its status, a PDF with its page count, each read for
 * all the rows in one query (docs/content.md).
 */
export async function presentMediaRows(db: Db, rows: MediaRow[]): Promise<Media[]> {
  const ofKind = (kind: string) => rows.filter((r) => mediaKindOf(r.mimeType) === kind).map((r) => r.id);
  const [feeds, pages] = await Promise.all([feedStatusesOf(db, ofKind('feed')), countPages(db, ofKind('pdf'))]);
  return rows.map((r) => presentMedia(r, { feed: feeds.get(r.id) ?? null, pageCount: pages.get(r.id) }));
}

/** The use of the caller's workspace quota (docs/media.md#quota: the quota is per workspace). */
export async function mediaUsage(db: Db, actor: SessionUser, quotaBytes: number): Promise<MediaUsage> {
  const [row] = await db
    .select({ usedBytes: sql`coalesce(sum(${media.size}), 0)`.mapWith(Number), count: count() })
    .from(media)
    .where(eq(media.workspaceId, actor.workspaceId));
  return { usedBytes: row?.usedBytes ?? 0, quotaBytes, count: row?.count ?? 0 };
}

/** Another workspace's media, or one that does not exist, is "not found" alike: ids do not leak. */
export const loadVisibleMedia = (db: Db, actor: SessionUser, id: number) =>
  loadVisibleRow<typeof media, MediaRow>(db, media, actor, id, messages.media.notFound);

/** Where a failed file removal is reported: the request's logger, or a command's terminal. */
export interface ErrorLog {
  error(details: object, message: string): void;
}

/**
 * Removes the stored file and thumbnail of rows already deleted, and the PDF pages' files that
 * went with them (`takeDerivedKeys`); a failure only leaves an orphan file.
 */
export async function removeStoredFiles(
  store: MediaStore,
  rows: MediaRow[],
  log: ErrorLog,
  pageKeys: readonly string[] = [],
): Promise<void> {
  const keys = [
    ...rows.flatMap((r) => (r.thumbnailFilename ? [r.filename, r.thumbnailFilename] : [r.filename])),
    ...pageKeys,
  ];
  await Promise.all(
    keys.map((key) =>
      store.delete(key).catch((error: unknown) => log.error({ err: error, key }, 'could not remove a media file')),
    ),
  );
}

/**
 * Deletes a media item (docs/media.md#deletion): its playlist items go with it (FK cascade) and the totals of
 * the playlists that used it are recomputed in the same transaction. Once committed, the files
 * are removed and each of those playlists is announced as changed, so their TVs re-sync.
 *
 * Lock order, the same as a playlist save's, so that the two never deadlock: the media row first
 * (a save locks its media before anything else; once this lock is held no new item can use the
 * media), then the playlists that use it (in id order), and only then their items (the cascade).
 * A save holding one of those playlists is waited for; it can no longer be waiting for us.
 */
export async function deleteMedia(
  deps: MediaDeps,
  actor: SessionUser,
  id: number,
  log: FastifyBaseLogger,
): Promise<void> {
  const { row, affected, pageKeys } = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(media)
      .where(and(eq(media.id, id), visibleTo(media.workspaceId, actor)))
      .for('update');
    if (!row) throw notFound(messages.media.notFound);
    const using = await tx
      .selectDistinct({ id: playlistItems.playlistId })
      .from(playlistItems)
      .where(eq(playlistItems.mediaId, id));
    const affected = using.length
      ? await tx
          .select({ id: playlists.id, workspaceId: playlists.workspaceId })
          .from(playlists)
          .where(
            inArray(
              playlists.id,
              using.map((p) => p.id),
            ),
          )
          .orderBy(playlists.id)
          .for('no key update')
      : [];
    const pageKeys = await takeDerivedKeys(tx, [id]);
    await tx.delete(media).where(eq(media.id, id));
    await recomputePlaylistTotals(
      tx,
      affected.map((p) => p.id),
    );
    await recordActivity(tx, {
      ...ownedBy(actor),
      type: 'media_deleted',
      data: { name: row.originalName },
      entityType: 'media',
      entityId: id,
    });
    return { row, affected, pageKeys };
  });
  await removeStoredFiles(deps.store, [row], log, pageKeys);
  for (const p of affected)
    deps.bus.publish({ type: 'playlist.changed', playlistId: p.id, workspaceId: p.workspaceId });
  deps.bus.publish({ type: 'media.deleted', mediaId: row.id, workspaceId: row.workspaceId });
}
