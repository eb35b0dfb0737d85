import { contentMimeType, mediaKindOf, type ContentKind } from '@contract/content';
import type { Media } from '@contract/media';

/** A file as `GET /api/media` answers it: a ready 1 kB image of the user's, `fields` over it. */
export const aMedia = (fields: Partial<Media> = {}): Media => {
  const id = fields.id ?? 1;
  const mimeType = fields.mimeType ?? 'image/png';
  return {
    id,
    userId: 1,
    kind: mediaKindOf(mimeType),
    options: null,
    filename: `${id}.bin`,
    originalName: `${id}.png`,
    mimeType,
    size: 1000,
    duration: mimeType.startsWith('video/') ? 12 : null,
    url: `/api/media/${id}/file`,
    thumbnailUrl: null,
    sha256: 'x',
    status: 'ready',
    createdAt: '2026-01-01T00:00:00.000Z',
    ...fields,
  };
};

/** A content item (docs/content.md): no file, 0 bytes, its kind's type, `options` as given. */
export const aContentItem = (kind: ContentKind, options: Record<string, unknown>, fields: Partial<Media> = {}) =>
  aMedia({ filename: '', url: '', size: 0, mimeType: contentMimeType(kind), kind, options, ...fields });
