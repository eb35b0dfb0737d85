import { describe, expect, it } from 'vitest';
import type { ManifestItem } from '@contract/tv';
import { cacheKeyOf, shaOf, shaOfKey } from '../sw/media-keys';
import { filesOf, playableUrl } from './media-url';

const sha = 'ab'.repeat(32);
const item = (over: Partial<ManifestItem> = {}): ManifestItem => ({
  mediaId: 1,
  url: '/api/tv/media/1?expires=1&signature=x',
  mimeType: 'image/png',
  size: 10,
  sha256: sha,
  duration: 5,
  ...over,
});

describe('media URLs for the cache', () => {
  it('adds the hash to the signed URL and reads it back', () => {
    const url = playableUrl(item());
    expect(url).toBe(`/api/tv/media/1?expires=1&signature=x&sha256=${sha}`);
    expect(shaOf(new URL(url, 'http://tv.local'))).toBe(sha);
    expect(shaOf(new URL('/api/media/1?sha256=' + sha, 'http://tv.local'))).toBeNull();
    expect(shaOf(new URL('/api/tv/media/1?sha256=nope', 'http://tv.local'))).toBeNull();
    expect(cacheKeyOf(sha.toUpperCase())).toBe(`/player/__media/${sha}`);
    expect(shaOfKey(`http://tv.local${cacheKeyOf(sha)}`)).toBe(sha);
    expect(shaOfKey('http://tv.local/player')).toBeNull();
  });

  it('lists each file once across windows, skipping empty ones', () => {
    const other = 'cd'.repeat(32);
    const files = filesOf([
      { items: [item(), item({ mediaId: 2, sha256: other, mimeType: 'video/webm', size: 99 })] },
      null,
      { items: [item({ duration: 9 })] },
    ]);
    expect(files.map((f) => [f.sha256, f.mimeType, f.size])).toEqual([
      [sha, 'image/png', 10],
      [other, 'video/webm', 99],
    ]);
  });
});
