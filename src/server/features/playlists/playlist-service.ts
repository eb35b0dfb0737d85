import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { ERROR_CODES } from '../../../contract/errors';
import { messages } from '../../../contract/messages';
import type { Playlist, PlaylistData, PlaylistDetail } from '../../../contract/playlists';
import type { SessionUser } from '../../auth/session-user';
import { loadVisible as loadVisibleRow, ownedBy, visibleTo } from '../../auth/tenancy';
import type { Db, Tx } from '../../db/client';
import { devices, media, playlistItems, playlists } from '../../db/schema';
import { HttpError, notFound } from '../../http/errors';
import type { EventBus } from '../../realtime/event-bus';
import { recordActivity } from '../activities/activity-service';
import { presentPlaylist, presentPlaylistDetail } from './playlist-presenter';

export interface PlaylistDeps {
  db: Db;
  bus: EventBus;
}

/** Two queries whatever the number of playlists: the rows, then all their items. */
export async function listPlaylists({ db }: PlaylistDeps, actor: SessionUser): Promise<Playlist[]> {
  const rows = await db
    .select()
    .from(playlists)
    .where(visibleTo(playlists.workspaceId, actor))
    .orderBy(desc(playlists.createdAt), desc(playlists.id));
  if (rows.length === 0) return [];
  const items = await db
    .select()
    .from(playlistItems)
    .where(
      inArray(
        playlistItems.playlistId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(playlistItems.playlistId), asc(playlistItems.order));
  const byPlaylist = new Map<number, typeof items>();
  for (const item of items) byPlaylist.set(item.playlistId, [...(byPlaylist.get(item.playlistId) ?? []), item]);
  return rows.map((row) => presentPlaylist(row, byPlaylist.get(row.id) ?? []));
}

const loadVisible = (db: Db | Tx, actor: SessionUser, id: number) =>
  loadVisibleRow(db, playlists, actor, id, messages.playlists.notFound.title);

export async function getPlaylist({ db }: PlaylistDeps, actor: SessionUser, id: number): Promise<PlaylistDetail> {
  return readDetail(db, actor, id);
}

/**
 * A save answers with what it stored, read inside its own transaction: read after the commit, a
 * media deleted meanwhile (which leaves its playlists, docs/media.md) made a whole save look partial.
 */
async function readDetail(db: Db | Tx, actor: SessionUser, id: number): Promise<PlaylistDetail> {
  const row = await loadVisible(db, actor, id);
  const items = await db
    .select({ item: playlistItems, media })
    .from(playlistItems)
    .innerJoin(media, eq(media.id, playlistItems.mediaId))
    .where(eq(playlistItems.playlistId, id))
    .orderBy(asc(playlistItems.order));
  return presentPlaylistDetail(row, items);
}

/**
 * The items in their final order (by the client's `order` when given, else as listed, then
 * renumbered 0..n-1) and the playlist's total size, after checking that every media item exists
 * and is of the playlist's workspace. The size comes from the database, never from the client.
 *
 * The media rows are locked `FOR KEY SHARE` until the save commits (docs/media.md: media a playlist
 * uses are never deleted). A media deleted or evicted before this point is missing here (the lock
 * waits for a delete in flight, then skips the gone row), so the save answers 400 and stores
 * nothing; a deletion or eviction that comes later waits for the save or, for eviction, passes
 * these media over (`quota.ts`). Either way every item sent is stored, or none.
 */
async function resolveItems(tx: Tx, workspaceId: number, items: PlaylistData['items']) {
  const ids = [...new Set(items.map((i) => i.mediaId))];
  const owned = await tx
    .select({ id: media.id, size: media.size })
    .from(media)
    .where(and(inArray(media.id, ids), eq(media.workspaceId, workspaceId)))
    .orderBy(media.id)
    .for('key share');
  const sizes = new Map(owned.map((m) => [m.id, m.size]));
  const missing = items.findIndex((i) => !sizes.has(i.mediaId));
  if (missing !== -1) {
    throw new HttpError(400, messages.media.notFound, ERROR_CODES.mediaNotFound, [
      { path: ['items', missing, 'mediaId'], message: messages.media.notFound },
    ]);
  }
  const ordered = items
    .map((item, index) => ({ ...item, index }))
    .sort((a, b) => (a.order ?? a.index) - (b.order ?? b.index) || a.index - b.index)
    .map((item, order) => ({ mediaId: item.mediaId, duration: item.duration, order }));
  const totalSize = ordered.reduce((sum, item) => sum + sizes.get(item.mediaId)!, 0);
  return { ordered, totalSize };
}

const fields = (data: PlaylistData) => ({
  name: data.name,
  description: data.description,
  startDate: data.startDate,
  durationDays: data.durationDays,
});

export async function createPlaylist(
  deps: PlaylistDeps,
  actor: SessionUser,
  data: PlaylistData,
): Promise<PlaylistDetail> {
  const saved = await deps.db.transaction(async (tx) => {
    const { ordered, totalSize } = await resolveItems(tx, actor.workspaceId, data.items);
    const [row] = await tx
      .insert(playlists)
      .values({ ...fields(data), totalSize, ...ownedBy(actor) })
      .returning({ id: playlists.id });
    await tx.insert(playlistItems).values(ordered.map((item) => ({ ...item, playlistId: row!.id })));
    await recordActivity(tx, {
      ...ownedBy(actor),
      type: 'playlist_created',
      data: { name: data.name },
      entityType: 'playlist',
      entityId: row!.id,
    });
    return readDetail(tx, actor, row!.id);
  });
  deps.bus.publish({ type: 'playlist.changed', playlistId: saved.id, workspaceId: actor.workspaceId });
  return saved;
}

export async function updatePlaylist(
  deps: PlaylistDeps,
  actor: SessionUser,
  id: number,
  data: PlaylistData,
): Promise<PlaylistDetail> {
  const saved = await deps.db.transaction(async (tx) => {
    // Its creator stays its creator when a teammate edits it; the workspace's media are the pool.
    const current = await loadVisible(tx, actor, id);
    const { ordered, totalSize } = await resolveItems(tx, current.workspaceId, data.items);
    await tx
      .update(playlists)
      .set({ ...fields(data), totalSize, updatedAt: new Date() })
      .where(eq(playlists.id, id));
    await tx.delete(playlistItems).where(eq(playlistItems.playlistId, id));
    await tx.insert(playlistItems).values(ordered.map((item) => ({ ...item, playlistId: id })));
    await recordActivity(tx, {
      ...ownedBy(actor),
      type: 'playlist_updated',
      data: { name: data.name },
      entityType: 'playlist',
      entityId: id,
    });
    return { workspaceId: current.workspaceId, detail: await readDetail(tx, actor, id) };
  });
  deps.bus.publish({ type: 'playlist.changed', playlistId: id, workspaceId: saved.workspaceId });
  return saved.detail;
}

/**
 * Devices assigned to it lose the assignment and campaigns their playlist (FKs set null). The row
 * is read by the delete itself, under its lock: of two removals at once, the second waits, finds
 * nothing and answers 404, writing no history and announcing nothing (docs/security.md, data
 * integrity).
 */
export async function deletePlaylist(deps: PlaylistDeps, actor: SessionUser, id: number): Promise<void> {
  const current = await deps.db.transaction(async (tx) => {
    const [current] = await tx
      .delete(playlists)
      .where(and(eq(playlists.id, id), visibleTo(playlists.workspaceId, actor)))
      .returning({ name: playlists.name, workspaceId: playlists.workspaceId });
    if (!current) throw notFound(messages.playlists.notFound.title);
    // Zones 3 and on are no foreign key (docs/layouts.md#devices): their places are emptied here.
    await tx
      .update(devices)
      .set({ extraZonePlaylistIds: sql`array_replace(${devices.extraZonePlaylistIds}, ${id}::integer, null)` })
      .where(
        and(eq(devices.workspaceId, current.workspaceId), sql`${id}::integer = any(${devices.extraZonePlaylistIds})`),
      );
    await recordActivity(tx, {
      ...ownedBy(actor),
      type: 'playlist_deleted',
      data: { name: current.name },
      entityType: 'playlist',
      entityId: id,
    });
    return current;
  });
  deps.bus.publish({ type: 'playlist.deleted', playlistId: id, workspaceId: current.workspaceId });
}
