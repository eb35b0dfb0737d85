import { hasStoredFile, mediaKindOf, PDF_MIME_TYPE, type FeedStatus } from '../../../contract/content';
import { mediaFileUrl, mediaThumbnailUrl, type Media, type StoredMimeType } from '../../../contract/media';
import type { media } from '../../db/schema';

export type MediaRow = typeof media.$inferSelect;

/** What a list adds to a row, read for all rows at once (`presentMediaRows`, media-service.ts). */
export interface MediaExtras {
  /** A feed's status (docs/content.md#feeds); null before its first fetch is recorded. */
  feed?: FeedStatus | null;
  /** A PDF's page count (docs/content.md#pdf); absent until its pages are rendered. */
  pageCount?: number;
}

/** The public shape of a media item; the storage keys of the thumbnail stay on the server. */
export const presentMedia = (row: MediaRow, extras: MediaExtras = {}): Media => ({
  id: row.id,
  userId: row.userId,
  filename: row.filename,
  originalName: row.originalName,
  mimeType: row.mimeType as StoredMimeType,
  kind: mediaKindOf(row.mimeType),
  options: row.options ?? null,
  size: row.size,
  duration: row.duration,
  url: hasStoredFile(row.mimeType) ? mediaFileUrl(row.id) : '',
  thumbnailUrl: row.thumbnailFilename ? mediaThumbnailUrl(row.id) : null,
  sha256: row.sha256,
  status: row.status,
  ...(row.mimeType === PDF_MIME_TYPE ? { pageCount: extras.pageCount ?? null } : {}),
  createdAt: row.createdAt.toISOString(),
  ...(mediaKindOf(row.mimeType) === 'feed' ? { feed: extras.feed ?? null } : {}),
});

export const ORIGINAL_NAME_MAX = 200;

/**
 * The client's file name, made safe to keep and show: no folders, no control or bidi-override
 * characters (which can disguise an extension), whitespace collapsed, at most 200 characters
 * with the extension kept. It is only ever displayed; files are stored under our own names.
 */
export function sanitizeOriginalName(name: string | undefined, fallbackExtension: string): string {
  const base = (name ?? '').split(/[/\\]/).pop() ?? '';
  const clean = base
    .normalize('NFC')
    .replace(/[\t\n\r\v\f\p{Zl}\p{Zp}]/gu, ' ')
    .replace(/[\p{Cc}\p{Cf}]/gu, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '');
  if (!clean) return `arquivo.${fallbackExtension}`;
  const chars = Array.from(clean);
  if (chars.length <= ORIGINAL_NAME_MAX) return clean;
  const dot = clean.lastIndexOf('.');
  const ext = dot > 0 && clean.length - dot <= 10 ? Array.from(clean.slice(dot)) : [];
  return chars.slice(0, ORIGINAL_NAME_MAX - ext.length).join('') + ext.join('');
}
