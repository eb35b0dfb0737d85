import { describe, expect, it } from 'vitest';
import type { ManifestItem } from '@contract/tv';
import { cacheKeyOf, shaOf, shaOfKey } from '../sw/media-keys';
import { appSyncPayload } from './app-bridge';
import { feedImageFile, filesOf, playableUrl } from './media-url';
import { feedOptions } from './test-manifests';
import { itemKey } from './window-types';

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

describe('content items on the device', () => {
  const pageSha = (n: number) => String(n).repeat(64).slice(0, 64);
  const picture = '56'.repeat(32);
  // A feed picture's address as the server signs it: the hash in the path and as `sha256=`.
  const signedPicture = `/api/tv/media/5/images/${picture}?device=1&expires=1&signature=x&sha256=${picture}`;
  const feedOf = (imageUrls: Array<string | null>) =>
    item({
      mediaId: 5,
      url: '',
      size: 0,
      sha256: '34'.repeat(32),
      mimeType: 'application/vnd.sinalize.feed+json',
      content: {
        kind: 'feed',
        options: feedOptions({ display: 'slides' }),
        items: imageUrls.map((imageUrl, i) => ({
          title: `Notícia ${i + 1}`,
          summary: '',
          publishedAt: null,
          imageUrl,
        })),
      },
    });

  it('lists a PDF by its pages, a feed by its pictures, and nothing for kinds drawn from options', () => {
    const ticker = item({
      mediaId: 3,
      url: '',
      size: 0,
      sha256: 'ef'.repeat(32),
      mimeType: 'application/vnd.sinalize.ticker+json',
      content: {
        kind: 'ticker',
        options: {
          lines: ['a'],
          speed: 120,
          textColor: '#ffffff',
          backgroundColor: '#000000',
          size: 'medium',
          separator: '•',
        },
      },
    });
    const pdf = item({
      mediaId: 4,
      url: '/api/tv/media/4?expires=1&signature=x',
      mimeType: 'application/pdf',
      size: 5000,
      sha256: '12'.repeat(32),
      content: {
        kind: 'pdf',
        options: { secondsPerPage: 10 },
        pages: [1, 2].map((n) => ({
          url: `/api/tv/media/4/pages/${n}?expires=1&signature=x`,
          size: 100 + n,
          sha256: pageSha(n),
        })),
      },
    });
    const files = filesOf([{ items: [item(), ticker, pdf, feedOf([signedPicture, null])] }]);
    expect(files.map((f) => [f.sha256, f.size])).toEqual([
      [sha, 10],
      [pageSha(1), 101],
      [pageSha(2), 102],
      [picture, 0],
    ]);
    // Every listed file is one the service worker answers from its cache.
    for (const file of files) expect(shaOf(new URL(file.url, 'http://tv.local'))).toBe(file.sha256);
  });

  it("keeps a feed picture the server stored by its bytes' hash, so the Android app keeps it too", () => {
    expect(feedImageFile(signedPicture)).toEqual({ url: signedPicture, sha256: picture });
    expect(feedImageFile(`http://tv.local${signedPicture.toUpperCase()}`)?.sha256).toBe(picture);
    // No address but the server's signed one carries a hash the player can key by.
    expect(feedImageFile(`https://cdn.example.com/a.jpg?sha256=${picture}`)).toBeNull();
    expect(feedImageFile(`/api/tv/media/5/images/${picture}?device=1&expires=1&signature=x`)).toBeNull();

    const files = filesOf([{ items: [feedOf([signedPicture])] }]);
    expect(files).toEqual([{ sha256: picture, url: signedPicture, mimeType: '', size: 0 }]);
    expect(JSON.parse(appSyncPayload(files))).toEqual(files);
    expect(shaOf(new URL(signedPicture, 'http://tv.local'))).toBe(picture);
  });

  it('keys each version of a content item apart, so an edit loads anew', () => {
    const a = item({ mediaId: 3, url: '', sha256: 'ef'.repeat(32) });
    expect(itemKey(a)).not.toBe(itemKey({ ...a, sha256: 'fe'.repeat(32) }));
  });
});
