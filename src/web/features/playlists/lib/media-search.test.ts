import type { Media } from '@contract/media';
import type { PlaylistDetail } from '@contract/playlists';
import { describe, expect, it } from 'vitest';
import { buildMediaIndex, filterAvailableMedia, totalSizeOf } from './media-search';
import { aMedia } from '@web/test/media-fixture';

const media = (id: number, originalName: string, mimeType: Media['mimeType'], size = 100): Media =>
  aMedia({ id, originalName, mimeType, size });

const list = [
  media(1, 'Promoção Verão.PNG', 'image/png'),
  media(2, 'intro.mp4', 'video/mp4'),
  media(3, 'Cardápio.jpg', 'image/jpeg'),
];

describe('docs/product.md#validation: the media search matches the original name or the MIME type, case-insensitive', () => {
  it('matches part of the original name in any case', () => {
    expect(filterAvailableMedia(list, 'promoção').map((m) => m.id)).toEqual([1]);
    expect(filterAvailableMedia(list, 'CARDÁPIO').map((m) => m.id)).toEqual([3]);
  });

  it('matches the MIME type', () => {
    expect(filterAvailableMedia(list, 'video/').map((m) => m.id)).toEqual([2]);
    expect(filterAvailableMedia(list, 'IMAGE').map((m) => m.id)).toEqual([1, 3]);
    expect(filterAvailableMedia(list, 'jpeg').map((m) => m.id)).toEqual([3]);
  });

  it('a blank term lists everything; an unknown one nothing', () => {
    expect(filterAvailableMedia(list, '  ')).toHaveLength(3);
    expect(filterAvailableMedia(list, 'pdf')).toEqual([]);
  });
});

describe('media index and total size', () => {
  const item = (mediaId: number, originalName: string, size: number): PlaylistDetail['items'][number] => ({
    id: mediaId * 10,
    mediaId,
    duration: 8,
    order: 0,
    media: {
      originalName,
      mimeType: 'image/png',
      size,
      duration: null,
      url: `/api/media/${mediaId}/file`,
      thumbnailUrl: null,
    },
  });

  it('knows the playlist’s own media and the list’s, the list winning', () => {
    const index = buildMediaIndex(
      [media(1, 'novo nome.png', 'image/png', 500)],
      [item(1, 'antigo.png', 400), item(9, 'outro.png', 50)],
    );
    expect(index.get(1)?.originalName).toBe('novo nome.png');
    expect(index.get(9)?.originalName).toBe('outro.png');
    expect(index.get(2)).toBeUndefined();
  });

  it('the total size is the sum of the media sizes; a missing media counts 0', () => {
    const index = buildMediaIndex([media(1, 'a', 'image/png', 1000), media(2, 'b', 'video/mp4', 2500)]);
    expect(totalSizeOf([{ mediaId: 1 }, { mediaId: 2 }, { mediaId: 99 }], index)).toBe(3500);
    expect(totalSizeOf([], index)).toBe(0);
  });
});
