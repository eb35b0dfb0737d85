import { mediaKindOf, type ContentKind } from '@contract/content';
import { isImageMime, isVideoMime } from '@contract/media';
import {
  AlarmClock,
  FileIcon,
  FileText,
  Film,
  Globe,
  ImageIcon,
  type LucideIcon,
  QrCode,
  Rss,
  Megaphone,
  Type,
} from 'lucide-react';
import { mediaKindLabels } from '@web/i18n/content';

/**
 * What a media row is, as the panel shows it (docs/content.md#in-the-panel): an image, a video, a
 * PDF, one of the content kinds, or an unknown file. Derived from the type alone, so the gallery,
 * the playlist wizard and anything else holding a `mimeType` agree.
 */
export type DisplayKind = 'image' | 'video' | 'pdf' | ContentKind | 'other';

export function displayKindOf(mimeType: string): DisplayKind {
  if (isImageMime(mimeType)) return 'image';
  if (isVideoMime(mimeType)) return 'video';
  const kind = mediaKindOf(mimeType);
  return kind === 'file' ? 'other' : kind;
}

/** Content items are drawn by the player from their options: no file, no thumbnail. */
export const isContentKind = (kind: DisplayKind): kind is ContentKind =>
  kind !== 'image' && kind !== 'video' && kind !== 'pdf' && kind !== 'other';

export const DISPLAY_KIND_ICONS: Record<DisplayKind, LucideIcon> = {
  image: ImageIcon,
  video: Film,
  pdf: FileText,
  webpage: Globe,
  text: Type,
  ticker: Megaphone,
  feed: Rss,
  clock: AlarmClock,
  qrcode: QrCode,
  other: FileIcon,
};

/** "Letreiro", "Página web"... (`@web/i18n/content`). */
export const displayKindLabel = (kind: DisplayKind): string => mediaKindLabels[kind];
