import { MAX_UPLOAD_BYTES } from '@contract/constants';
import { PDF_MIME_TYPE } from '@contract/content';
import { UPLOAD_MIME_TYPES, type Media } from '@contract/media';
import { messages } from '@contract/messages';
import { displayKindLabel, displayKindOf, type DisplayKind } from '@web/lib/media-kinds';

export type MediaKind = DisplayKind;
/**
 * The gallery tabs: everything, images, videos, or the rest (PDFs and the content kinds of
 * docs/content.md), each card of which names its own kind.
 */
export type MediaFilter = 'all' | 'image' | 'video' | 'content';

/** Image, video, PDF, one of the content kinds, or 'other' (docs/content.md#in-the-panel). */
export const mediaKind = (mimeType: string): MediaKind => displayKindOf(mimeType);

const filterOf = (kind: MediaKind): Exclude<MediaFilter, 'all'> | null =>
  kind === 'image' || kind === 'video' ? kind : kind === 'other' ? null : 'content';

const FORMAT_NAMES: Record<string, string> = { 'video/quicktime': 'MOV', 'image/jpeg': 'JPEG' };

/** A short format name for the details: `image/png` → `PNG`, `video/quicktime` → `MOV`. */
export function formatName(mimeType: string): string {
  return FORMAT_NAMES[mimeType] ?? (mimeType.split('/')[1] ?? mimeType).toUpperCase();
}

/**
 * Case-insensitive "contains" on the original file name or the kind's label ("letreiro" finds the
 * tickers); a blank term matches everything.
 */
export function filterMedia(items: readonly Media[], search: string): Media[] {
  const term = search.trim().toLocaleLowerCase('pt-BR');
  const hit = (text: string) => text.toLocaleLowerCase('pt-BR').includes(term);
  return term ? items.filter((m) => hit(m.originalName) || hit(displayKindLabel(mediaKind(m.mimeType)))) : [...items];
}

export function countByKind(items: readonly Media[]): Record<MediaFilter, number> {
  const counts = { all: items.length, image: 0, video: 0, content: 0 };
  for (const item of items) {
    const filter = filterOf(mediaKind(item.mimeType));
    if (filter) counts[filter] += 1;
  }
  return counts;
}

export const matchesFilter = (item: Media, filter: MediaFilter) =>
  filter === 'all' || filterOf(mediaKind(item.mimeType)) === filter;

/**
 * The picker takes images, videos (docs/product.md#validation) and PDFs (docs/content.md#pdf);
 * anything else is not even listed.
 */
export const isUploadable = (file: Pick<File, 'type'>) => {
  const kind = mediaKind(file.type);
  return kind === 'image' || kind === 'video' || file.type === PDF_MIME_TYPE;
};

/**
 * Why a listed file cannot be sent, known before sending (null when it can): over 100 MB, or an
 * image/video format the server refuses (SVG, HEIC, MKV...). The server still decides by content.
 */
export function uploadProblem(file: Pick<File, 'type' | 'size'>): string | null {
  if (!(UPLOAD_MIME_TYPES as readonly string[]).includes(file.type)) return messages.media.unsupportedType;
  if (file.size > MAX_UPLOAD_BYTES) return messages.media.tooLarge;
  return null;
}
