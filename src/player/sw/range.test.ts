import { describe, expect, it } from 'vitest';
import { rangedResponse } from './range';

describe('service worker ranges', () => {
  it('builds 200, 206 and 416 responses from a cached blob', async () => {
    const blob = new Blob([new Uint8Array(Array.from({ length: 10 }, (_, i) => i))]);
    const whole = rangedResponse(blob, 'video/webm', null);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-length')).toBe('10');
    expect(whole.headers.get('accept-ranges')).toBe('bytes');

    const part = rangedResponse(blob, 'video/webm', 'bytes=2-4');
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe('bytes 2-4/10');
    expect(part.headers.get('content-type')).toBe('video/webm');
    expect([...new Uint8Array(await part.arrayBuffer())]).toEqual([2, 3, 4]);

    // The shared parser's answers (contract/byte-range.test.ts has the whole table): a reversed
    // or multiple range is the whole file, as the server answers it, never a wrong 206 or a 416.
    for (const ignored of ['bytes=5-2', 'bytes=0-1, 5-6']) {
      const res = rangedResponse(blob, 'video/webm', ignored);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-range')).toBeNull();
      expect((await res.arrayBuffer()).byteLength).toBe(10);
    }
    const suffix = rangedResponse(blob, 'video/webm', 'bytes=-3');
    expect(suffix.headers.get('content-range')).toBe('bytes 7-9/10');
    expect([...new Uint8Array(await suffix.arrayBuffer())]).toEqual([7, 8, 9]);

    // The stored answer's validators stay, so the cache answers look like the server's.
    const stored = new Headers({
      etag: '"abc"',
      'cache-control': 'private, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
      'set-cookie': 'x=1',
    });
    const kept = rangedResponse(blob, 'video/webm', 'bytes=0-0', stored);
    expect(kept.headers.get('etag')).toBe('"abc"');
    expect(kept.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
    expect(kept.headers.get('x-content-type-options')).toBe('nosniff');
    expect(kept.headers.get('content-length')).toBe('1');
    expect(whole.headers.get('cache-control')).toBe('no-cache');

    const none = rangedResponse(blob, 'video/webm', 'bytes=20-');
    expect(none.status).toBe(416);
    expect(none.headers.get('content-range')).toBe('bytes */10');
  });
});
