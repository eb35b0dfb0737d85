import { hasStoredFile, mediaKindOf, PDF_MIME_TYPE } from '../../../contract/content';
import { mediaFileUrl, mediaThumbnailUrl, type Media, type StoredMimeType } from '../../../contract/media';
import type { media } from '../../db/schema';

export type MediaRow = typeof media.$inferSelect;

/**
 * The public shape of a media item; the storage keys of the thumbnail stay on the server. A PDF
 * also tells its `pageCount` (docs/content.md#pdf): null until its pages are rendered.
 */
export const presentMedia = (row: MediaRow, pageCount?: number): Media => ({
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
  ...(row.mimeType === PDF_MIME_TYPE ? { pageCount: pageCount ?? null } : {}),
  createdAt: row.createdAt.toISOString(),
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
