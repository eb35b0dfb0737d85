import type { Media } from '@contract/media';
import type { PlaylistDetail } from '@contract/playlists';
import { displayKindLabel, displayKindOf } from '@web/lib/media-kinds';

/**
 * What the wizard shows of a media: the fields shared by `GET /api/media` and a playlist's items,
 * and a content item's options when the media list gave them (the preview draws it from them,
 * docs/content.md#in-the-panel).
 */
export type MediaInfo = Pick<Media, 'originalName' | 'mimeType' | 'size' | 'duration' | 'url' | 'thumbnailUrl'> & {
  options?: Media['options'];
};

/**
 * docs/product.md#validation: the media search matches the original name or the MIME type,
 * case-insensitive, and the kind's label ("letreiro" finds the tickers, docs/content.md#in-the-panel).
 */
export function filterAvailableMedia<T extends Pick<Media, 'originalName' | 'mimeType'>>(
  items: readonly T[],
  search: string,
): T[] {
  const term = search.trim().toLocaleLowerCase('pt-BR');
  if (!term) return [...items];
  return items.filter(
    (m) =>
      m.originalName.toLocaleLowerCase('pt-BR').includes(term) ||
      m.mimeType.toLocaleLowerCase('pt-BR').includes(term) ||
      displayKindLabel(displayKindOf(m.mimeType)).toLocaleLowerCase('pt-BR').includes(term),
  );
}

/**
 * Media by id, for the selected list, the preview and the size total: the playlist's own items
 * first (edit), then the media list, which is fresher. A media absent from both is "missing".
 */
export function buildMediaIndex(
  list: readonly (MediaInfo & { id: number })[] | undefined,
  playlistItems: PlaylistDetail['items'] | undefined = [],
): Map<number, MediaInfo> {
  const index = new Map<number, MediaInfo>();
  for (const item of playlistItems) index.set(item.mediaId, item.media);
  for (const media of list ?? []) {
    const { originalName, mimeType, size, duration, url, thumbnailUrl, options } = media;
    index.set(media.id, { originalName, mimeType, size, duration, url, thumbnailUrl, options });
  }
  return index;
}

/** The playlist's size: the sum of its media sizes (docs/product.md#entities `totalSize`); a missing media counts 0. */
export const totalSizeOf = (
  items: readonly { mediaId: number }[],
  media: ReadonlyMap<number, Pick<MediaInfo, 'size'>>,
): number => items.reduce((sum, item) => sum + (media.get(item.mediaId)?.size ?? 0), 0);
