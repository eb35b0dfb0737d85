import type { Playlist, PlaylistDetail } from '../../../contract/playlists';
import type { media, playlistItems, playlists } from '../../db/schema';
import { presentMedia } from '../media/media-presenter';

type PlaylistRow = typeof playlists.$inferSelect;
type ItemRow = typeof playlistItems.$inferSelect;

const presentItem = (item: ItemRow) => ({
  id: item.id,
  mediaId: item.mediaId,
  duration: item.duration,
  order: item.order,
});

export const presentPlaylist = (row: PlaylistRow, items: ItemRow[]): Playlist => ({
  id: row.id,
  userId: row.userId,
  name: row.name,
  description: row.description,
  startDate: row.startDate,
  durationDays: row.durationDays,
  totalSize: row.totalSize,
  items: items.map(presentItem),
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

export function presentPlaylistDetail(
  row: PlaylistRow,
  items: Array<{ item: ItemRow; media: typeof media.$inferSelect }>,
): PlaylistDetail {
  return {
    ...presentPlaylist(row, []),
    items: items.map(({ item, media: m }) => {
      const { originalName, mimeType, size, duration, url, thumbnailUrl } = presentMedia(m);
      return { ...presentItem(item), media: { originalName, mimeType, size, duration, url, thumbnailUrl } };
    }),
  };
}
