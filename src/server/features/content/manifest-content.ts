import { contentOptionsSchemas, mediaKindOf, type ManifestContent } from '../../../contract/content';
import type { media, StoredFeedItem } from '../../db/schema';

/**
 * What the player needs to draw a content item (docs/content.md#manifest): its options as stored
 * (checked when saved), a feed's last good items, a PDF's rendered pages (docs/content.md#pdf)
 * with their URLs still to sign per device (`url` empty here: manifest-body.ts signs them, page
 * `i + 1` at index `i`). A feed item's `imageUrl` holds its stored picture's sha256 here, signed
 * into a URL by manifest-body.ts too; its source address never reaches a TV (docs/content.md#feeds).
 * A web page that refused frames when saved says so (`framingRefused`).
 * Images and videos have none. A row whose options no longer parse (an older shape) gets its
 * kind's defaults for what is missing.
 */
export function manifestContentOf(
  row: Pick<typeof media.$inferSelect, 'mimeType' | 'options' | 'framingRefused'>,
  feedItems: StoredFeedItem[] | null,
  pages: ReadonlyArray<{ size: number; sha256: string }> = [],
): ManifestContent | null {
  const kind = mediaKindOf(row.mimeType);
  if (kind === 'file') return null;
  const parsed = contentOptionsSchemas[kind].safeParse(row.options ?? {});
  if (!parsed.success) return null;
  if (kind === 'feed')
    return {
      kind,
      options: parsed.data,
      items: (feedItems ?? []).map((i) => ({
        title: i.title,
        summary: i.summary,
        publishedAt: i.publishedAt,
        imageUrl: i.imageSha256 ?? null,
      })),
    } as ManifestContent;
  if (kind === 'pdf')
    return {
      kind,
      options: parsed.data,
      pages: pages.map((p) => ({ url: '', size: p.size, sha256: p.sha256 })),
    } as ManifestContent;
  // A page that refused frames when saved: the browser player shows its notice at once.
  if (kind === 'webpage' && row.framingRefused)
    return { kind, options: parsed.data, framingRefused: true } as ManifestContent;
  return { kind, options: parsed.data } as ManifestContent;
}
