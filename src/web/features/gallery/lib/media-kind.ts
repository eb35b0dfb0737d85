import { MAX_UPLOAD_BYTES } from '@contract/constants';
import { isImageMime, isVideoMime, MEDIA_MIME_TYPES, type Media } from '@contract/media';
import { messages } from '@contract/messages';

export type MediaKind = 'image' | 'video' | 'other';
/** The gallery tabs: everything, or one kind. */
export type MediaFilter = 'all' | 'image' | 'video';

export function mediaKind(mimeType: string): MediaKind {
  if (isImageMime(mimeType)) return 'image';
  if (isVideoMime(mimeType)) return 'video';
  return 'other';
}

const FORMAT_NAMES: Record<string, string> = { 'video/quicktime': 'MOV', 'image/jpeg': 'JPEG' };

/** A short format name for the details: `image/png` → `PNG`, `video/quicktime` → `MOV`. */
export function formatName(mimeType: string): string {
  return FORMAT_NAMES[mimeType] ?? (mimeType.split('/')[1] ?? mimeType).toUpperCase();
}

/** Case-insensitive "contains" on the original file name; a blank term matches everything. */
export function filterMedia(items: readonly Media[], search: string): Media[] {
  const term = search.trim().toLocaleLowerCase('pt-BR');
  return term ? items.filter((m) => m.originalName.toLocaleLowerCase('pt-BR').includes(term)) : [...items];
}

export function countByKind(items: readonly Media[]): Record<MediaFilter, number> {
  const counts = { all: items.length, image: 0, video: 0 };
  for (const item of items) {
    const kind = mediaKind(item.mimeType);
    if (kind !== 'other') counts[kind] += 1;
  }
  return counts;
}

export const matchesFilter = (item: Media, filter: MediaFilter) =>
  filter === 'all' || mediaKind(item.mimeType) === filter;

/** The picker takes images and videos only (docs/product.md#validation); anything else is not even listed. */
export const isImageOrVideo = (file: Pick<File, 'type'>) => mediaKind(file.type) !== 'other';

/**
 * Why a listed file cannot be sent, known before sending (null when it can): over 100 MB, or an
 * image/video format the server refuses (SVG, HEIC, MKV...). The server still decides by content.
 */
export function uploadProblem(file: Pick<File, 'type' | 'size'>): string | null {
  if (!(MEDIA_MIME_TYPES as readonly string[]).includes(file.type)) return messages.media.unsupportedType;
  if (file.size > MAX_UPLOAD_BYTES) return messages.media.tooLarge;
  return null;
}
