import { MAX_UPLOAD_BYTES } from '@contract/constants';
import type { Media } from '@contract/media';
import { messages } from '@contract/messages';
import { describe, expect, it } from 'vitest';
import {
  countByKind,
  filterMedia,
  formatName,
  isUploadable,
  matchesFilter,
  mediaKind,
  uploadProblem,
} from './media-kind';
import { aMedia } from '@web/test/media-fixture';

const item = (id: number, originalName: string, mimeType: Media['mimeType']): Media =>
  aMedia({ id, originalName, mimeType, duration: mimeType.startsWith('video/') ? 3 : null });

const items = [
  item(1, 'Promoção Verão.PNG', 'image/png'),
  item(2, 'intro.mp4', 'video/mp4'),
  item(3, 'logo verão.webp', 'image/webp'),
];

describe('media kinds', () => {
  it('tells images, videos and anything else apart', () => {
    expect(mediaKind('image/jpeg')).toBe('image');
    expect(mediaKind('video/quicktime')).toBe('video');
    expect(mediaKind('application/pdf')).toBe('pdf');
    expect(mediaKind('application/vnd.sinalize.ticker+json')).toBe('ticker');
    expect(mediaKind('')).toBe('other');
  });

  it('names formats shortly', () => {
    expect(formatName('image/png')).toBe('PNG');
    expect(formatName('image/jpeg')).toBe('JPEG');
    expect(formatName('video/quicktime')).toBe('MOV');
    expect(formatName('video/webm')).toBe('WEBM');
  });
});

describe('search, tabs and counts', () => {
  it('filters by original name, case-insensitive contains', () => {
    expect(filterMedia(items, 'VERÃO').map((m) => m.id)).toEqual([1, 3]);
    expect(filterMedia(items, '  intro ').map((m) => m.id)).toEqual([2]);
    expect(filterMedia(items, '').map((m) => m.id)).toEqual([1, 2, 3]);
    expect(filterMedia(items, 'nada')).toEqual([]);
  });

  it('counts per tab and filters by kind', () => {
    expect(countByKind(items)).toEqual({ all: 3, image: 2, video: 1, content: 0 });
    expect(countByKind(filterMedia(items, 'verão'))).toEqual({ all: 2, image: 2, video: 0, content: 0 });
    expect(items.filter((m) => matchesFilter(m, 'video')).map((m) => m.id)).toEqual([2]);
    expect(items.filter((m) => matchesFilter(m, 'all'))).toHaveLength(3);
  });
});

describe('upload checks', () => {
  it('lists images and videos only', () => {
    expect(isUploadable({ type: 'image/svg+xml' })).toBe(true);
    expect(isUploadable({ type: 'video/mp4' })).toBe(true);
    expect(isUploadable({ type: 'application/pdf' })).toBe(true);
    expect(isUploadable({ type: 'text/plain' })).toBe(false);
    expect(isUploadable({ type: '' })).toBe(false);
  });

  it('flags unsupported formats and files over 100 MB', () => {
    expect(uploadProblem({ type: 'image/png', size: 10 })).toBeNull();
    expect(uploadProblem({ type: 'video/quicktime', size: MAX_UPLOAD_BYTES })).toBeNull();
    expect(uploadProblem({ type: 'video/mp4', size: MAX_UPLOAD_BYTES + 1 })).toBe(messages.media.tooLarge);
    expect(uploadProblem({ type: 'image/svg+xml', size: 10 })).toBe(messages.media.unsupportedType);
  });
});
