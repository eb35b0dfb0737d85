import { inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { media, playlistItems, playlists } from '../../db/schema';

/**
 * Sets `playlists.total_size` to the sum of the sizes of each playlist's current items, for the
 * given playlists, in one statement. Used after items disappear with their media (FK cascade).
 */
export async function recomputePlaylistTotals(db: Db | Tx, playlistIds: number[]): Promise<void> {
  if (playlistIds.length === 0) return;
  await db
    .update(playlists)
    .set({
      totalSize: sql`coalesce((
        select sum(${media.size}) from ${playlistItems}
        join ${media} on ${media.id} = ${playlistItems.mediaId}
        where ${playlistItems.playlistId} = ${playlists.id}
      ), 0)`,
      updatedAt: sql`now()`,
    })
    .where(inArray(playlists.id, playlistIds));
}
