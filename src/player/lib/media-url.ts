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
 * A 64-hex key for a file the manifest gives no hash of (a feed item's picture): from its address
 * without the query (the signature changes daily, the picture does not). Not a content hash, only
 * a stable name for the cache (four 53-bit string hashes, cyrb53).
 */
export function urlKey(url: string): string {
  const path = url.split('?')[0] ?? url;
  const part = (seed: number) => {
    let h1 = 0xdeadbeef ^ seed;
    let h2 = 0x41c6ce57 ^ seed;
    for (let i = 0; i < path.length; i++) {
      const ch = path.charCodeAt(i);
      h1 = Math.imul(h1 ^ ch, 2654435761);
      h2 = Math.imul(h2 ^ ch, 1597334677);
    }
    h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
    h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
    return ((h2 >>> 0).toString(16).padStart(8, '0') + (h1 >>> 0).toString(16).padStart(8, '0')).slice(0, 16);
  };
  return [1, 2, 3, 4].map(part).join('');
}

/**
 * A feed item's picture as the player loads it and keeps it: with the hash of its bytes when the
 * server gives one (a picture it stored, `/api/tv/media/{id}/images/{sha256}`, the hash in the path
 * or as `sha256=`), so the Android app, which checks every download against its hash, keeps it too;
 * otherwise with a key from its address (`keyedByUrl`: the service worker only).
 */
export function feedImageFile(url: string): { url: string; sha256: string; keyedByUrl: boolean } {
  const ours = /^(?:[a-z]+:\/\/[^/]+)?\/api\/tv\//i.test(url);
  const given = /[?&]sha256=([0-9a-f]{64})(?:&|#|$)/i.exec(url)?.[1]?.toLowerCase();
  if (given) return { url, sha256: given, keyedByUrl: !ours };
  const stored = /^(?:[a-z]+:\/\/[^/]+)?\/api\/tv\/media\/\d+\/images\/([0-9a-f]{64})(?:[?#]|$)/i
    .exec(url)?.[1]
    ?.toLowerCase();
  if (stored) return { url: playableUrl({ url, sha256: stored }), sha256: stored, keyedByUrl: false };
  const key = urlKey(url);
  return { url: playableUrl({ url, sha256: key }), sha256: key, keyedByUrl: true };
}

/** A feed item's picture as the player loads it: with a cache key, so it shows offline too. */
export const feedImageUrl = (url: string): string => feedImageFile(url).url;

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
      if (!feedItem.imageUrl) return [];
      const { url, sha256, keyedByUrl } = feedImageFile(feedItem.imageUrl);
      return [{ sha256, url, mimeType: '', size: 0, ...(keyedByUrl ? { keyedByUrl } : {}) }];
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
