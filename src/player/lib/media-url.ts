import type { ManifestItem } from '@contract/tv';
import type { CacheFile } from '../sw/messages';

/**
 * Media URLs as the player uses them: the signed URL plus the file's `sha256` (a query parameter
 * the server ignores). The service worker keys its cache by that hash, so a file stays cached
 * when its signed URL changes (daily) and is fetched once even if several playlists use it.
 */
export const SHA_PARAM = 'sha256'; // read back by the service worker: sw/media-keys.ts

export function playableUrl(item: Pick<ManifestItem, 'url' | 'sha256'>): string {
  return `${item.url}${item.url.includes('?') ? '&' : '?'}${SHA_PARAM}=${encodeURIComponent(item.sha256)}`;
}

/**
 * A feed item's picture as the device keeps it: the server's signed address
 * (`/api/tv/media/{id}/images/{sha256}`, docs/content.md#pictures) carries the stored picture's hash
 * as `sha256=`, which the service worker and the Android app key it by, like a PDF's page. Null for
 * any other address: the server sends none (a picture's source address never reaches a TV).
 */
export function feedImageFile(url: string): { url: string; sha256: string } | null {
  if (!/^(?:[a-z]+:\/\/[^/]+)?\/api\/tv\//i.test(url)) return null;
  const sha256 = /[?&]sha256=([0-9a-f]{64})(?:&|#|$)/i.exec(url)?.[1]?.toLowerCase();
  return sha256 ? { url, sha256 } : null;
}

/** `mimeType` '' for a page or a picture: its type is the answer's (the app sniffs the file). */
export type ManifestFile = CacheFile;

/**
 * The files an item needs on the device (docs/content.md#the-player): an image's or video's own
 * file; a PDF's rendered pages (the PDF itself is never drawn); a feed's pictures; nothing for the
 * other content kinds, drawn from their options (their `url` is empty).
 */
export function itemFiles(item: ManifestItem): ManifestFile[] {
  const content = item.content;
  if (content?.kind === 'pdf')
    return content.pages.map((page) => ({
      sha256: page.sha256,
      url: playableUrl(page),
      mimeType: '',
      size: page.size,
    }));
  if (content?.kind === 'feed')
    return content.items.flatMap((feedItem) => {
      const picture = feedItem.imageUrl ? feedImageFile(feedItem.imageUrl) : null;
      return picture ? [{ ...picture, mimeType: '', size: 0 }] : [];
    });
  if (content || item.url === '') return [];
  return [{ sha256: item.sha256, url: playableUrl(item), mimeType: item.mimeType, size: item.size }];
}

/** The distinct files of a manifest's windows (what the service worker must hold). */
export function filesOf(windows: ReadonlyArray<{ items: readonly ManifestItem[] } | null>): ManifestFile[] {
  const files = new Map<string, ManifestFile>();
  for (const window of windows) {
    for (const item of window?.items ?? []) {
      for (const file of itemFiles(item)) {
        const sha256 = file.sha256.toLowerCase();
        if (!files.has(sha256)) files.set(sha256, { ...file, sha256 });
      }
    }
  }
  return [...files.values()];
}
