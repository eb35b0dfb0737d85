import { describe, expect, it } from 'vitest';
import { parseRange, rangedResponse } from './range';

describe('service worker ranges', () => {
  it('parses the forms video elements send', () => {
    expect(parseRange('bytes=0-', 1000)).toEqual({ start: 0, end: 999 });
    expect(parseRange('bytes=100-199', 1000)).toEqual({ start: 100, end: 199 });
    expect(parseRange('bytes=900-5000', 1000)).toEqual({ start: 900, end: 999 });
    expect(parseRange('bytes=-100', 1000)).toEqual({ start: 900, end: 999 });
    expect(parseRange('bytes=0-1, 5-6', 1000)).toEqual({ start: 0, end: 1 });
  });

  it('answers whole-file for no or unreadable headers and 416 for impossible ranges', () => {
    expect(parseRange(null, 1000)).toBeNull();
    expect(parseRange('items=0-1', 1000)).toBeNull();
    expect(parseRange('bytes=-', 1000)).toBeNull();
    expect(parseRange('bytes=1000-', 1000)).toBe('unsatisfiable');
    expect(parseRange('bytes=5-2', 1000)).toBe('unsatisfiable');
    expect(parseRange('bytes=-0', 1000)).toBe('unsatisfiable');
  });

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

    const none = rangedResponse(blob, 'video/webm', 'bytes=20-');
    expect(none.status).toBe(416);
    expect(none.headers.get('content-range')).toBe('bytes */10');
  });
});
