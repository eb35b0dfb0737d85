import { contentOptionsSchemas, mediaKindOf, type FeedItem, type ManifestContent } from '../../../contract/content';
import type { media } from '../../db/schema';

/**
 * What the player needs to draw a content item (docs/content.md#manifest): its options as stored
 * (checked when saved), a feed's last good items. Images and videos have none. A row whose
 * options no longer parse (an older shape) gets its kind's defaults for what is missing.
 */
export function manifestContentOf(
  row: Pick<typeof media.$inferSelect, 'mimeType' | 'options'>,
  feedItems: FeedItem[] | null,
): ManifestContent | null {
  const kind = mediaKindOf(row.mimeType);
  if (kind === 'file') return null;
  const parsed = contentOptionsSchemas[kind].safeParse(row.options ?? {});
  if (!parsed.success) return null;
  if (kind === 'feed') return { kind, options: parsed.data, items: feedItems ?? [] } as ManifestContent;
  if (kind === 'pdf') return { kind, options: parsed.data, pages: [] } as ManifestContent;
  return { kind, options: parsed.data } as ManifestContent;
}
