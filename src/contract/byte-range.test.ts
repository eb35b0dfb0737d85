import { describe, expect, it } from 'vitest';
import { parseByteRange } from './byte-range';

describe('parseByteRange (server and service worker)', () => {
  it.each([
    // [header, size, answer]
    ['bytes=0-9', 100, { start: 0, end: 9 }],
    ['bytes=0-0', 100, { start: 0, end: 0 }],
    ['bytes=99-99', 100, { start: 99, end: 99 }],
    // open ranges: from an offset to the end (what <video> sends first and when it seeks)
    ['bytes=0-', 100, { start: 0, end: 99 }],
    ['bytes=50-', 100, { start: 50, end: 99 }],
    // an end past the file is cut to the last byte
    ['bytes=90-200', 100, { start: 90, end: 99 }],
    ['bytes=0-99999999999999999999', 100, { start: 0, end: 99 }],
    // suffix ranges: the last N bytes (the whole file when N is larger)
    ['bytes=-10', 100, { start: 90, end: 99 }],
    ['bytes=-100', 100, { start: 0, end: 99 }],
    ['bytes=-500', 100, { start: 0, end: 99 }],
    // unit case and stray whitespace
    ['Bytes=1-2', 100, { start: 1, end: 2 }],
    [' bytes = 3 - 4 ', 100, { start: 3, end: 4 }],
  ] as const)('%s of %i bytes is the range %o', (header, size, range) => {
    expect(parseByteRange(header, size)).toEqual(range);
  });

  it.each([
    ['bytes=100-', 100],
    ['bytes=100-200', 100],
    ['bytes=1000-', 100],
    ['bytes=-0', 100],
    ['bytes=0-', 0],
    ['bytes=-5', 0],
  ] as const)('%s of %i bytes is unsatisfiable (416)', (header, size) => {
    expect(parseByteRange(header, size)).toBe('unsatisfiable');
  });

  it.each([
    [undefined],
    [null],
    [''],
    // reversed: invalid, so ignored (RFC 9110 §14.1.1, §14.2)
    ['bytes=9-3'],
    ['bytes=5-2'],
    // several ranges: served whole
    ['bytes=0-1,5-6'],
    ['bytes=0-1, 5-6'],
    ['bytes=-5,0-1'],
    // other units and junk
    ['items=0-1'],
    ['bytes=-'],
    ['bytes='],
    ['bytes'],
    ['bytes=a-b'],
    ['bytes=1.5-2'],
    ['bytes=--1'],
    ['bytes=0x10-'],
    ['0-9'],
  ])('%o is ignored: the whole file (200)', (header) => {
    expect(parseByteRange(header, 100)).toBeNull();
  });
});
