import type { ManifestItem } from '@contract/tv';

/**
 * Media URLs as the player uses them: the signed URL plus the file's `sha256` (a query parameter
 * the server ignores). The service worker keys its cache by that hash, so a file stays cached
 * when its signed URL changes (daily) and is fetched once even if several playlists use it.
 */
export const SHA_PARAM = 'sha256'; // read back by the service worker: sw/media-keys.ts

export function playableUrl(item: Pick<ManifestItem, 'url' | 'sha256'>): string {
  return `${item.url}${item.url.includes('?') ? '&' : '?'}${SHA_PARAM}=${encodeURIComponent(item.sha256)}`;
}

/** The distinct files of a manifest's windows (what the service worker must hold). */
export function filesOf(
  windows: ReadonlyArray<{ items: readonly ManifestItem[] } | null>,
): Array<{ sha256: string; url: string; mimeType: string; size: number }> {
  const files = new Map<string, { sha256: string; url: string; mimeType: string; size: number }>();
  for (const window of windows) {
    for (const item of window?.items ?? []) {
      const sha256 = item.sha256.toLowerCase();
      if (!files.has(sha256))
        files.set(sha256, { sha256, url: playableUrl(item), mimeType: item.mimeType, size: item.size });
    }
  }
  return [...files.values()];
}
