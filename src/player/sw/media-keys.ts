/**
 * How the service worker recognises player media and names them in Cache Storage. Kept apart from
 * `lib/media-url.ts` (the page's side) so the worker bundle shares no chunk with the page and stays
 * one classic script; `media-url.test.ts` checks the two sides agree.
 */
const SHA_PARAM = 'sha256';

/**
 * The hash a player media URL carries, or null for any other URL: anything the server signs for
 * TVs under `/api/tv/` (files, a PDF's pages, a feed's pictures: docs/content.md#the-player) that
 * the page marked with a hash.
 */
export function shaOf(url: URL): string | null {
  if (!url.pathname.startsWith('/api/tv/')) return null;
  const sha = url.searchParams.get(SHA_PARAM);
  return sha && /^[0-9a-f]{64}$/i.test(sha) ? sha.toLowerCase() : null;
}

/** The Cache Storage key of a file: one per content, whatever its (daily re-signed) URL. */
export const cacheKeyOf = (sha256: string) => `/player/__media/${sha256.toLowerCase()}`;

/** The hash back from a cache key, or null for other entries. */
export function shaOfKey(url: string): string | null {
  const match = /\/player\/__media\/([0-9a-f]{64})$/.exec(url);
  return match ? match[1]! : null;
}
