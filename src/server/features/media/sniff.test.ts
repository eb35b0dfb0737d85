import { describe, expect, it } from 'vitest';
import { sniffMediaType } from './sniff';

const bytes = (...parts: Array<string | number[]>) =>
  Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))));
const box = (brand: string) => bytes([0, 0, 0, 0x20], 'ftyp', brand, [0, 0, 2, 0], 'isomiso2');

describe('magic-byte sniffing', () => {
  it('recognises the accepted image and video types from their first bytes', () => {
    expect(sniffMediaType(bytes([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(sniffMediaType(bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a]))).toBe('image/png');
    expect(sniffMediaType(bytes('GIF89a'))).toBe('image/gif');
    expect(sniffMediaType(bytes('RIFF', [1, 2, 3, 4], 'WEBPVP8 '))).toBe('image/webp');
    expect(sniffMediaType(box('isom'))).toBe('video/mp4');
    expect(sniffMediaType(box('mp42'))).toBe('video/mp4');
    expect(sniffMediaType(box('qt  '))).toBe('video/quicktime');
    expect(sniffMediaType(bytes([0, 0, 0, 8], 'wide'))).toBe('video/quicktime');
    expect(
      sniffMediaType(bytes([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0x82, 0x84], 'webm')),
    ).toBe('video/webm');
    expect(sniffMediaType(bytes('%PDF-1.7\n'))).toBe('application/pdf');
  });

  it('refuses everything else: text formats, look-alikes of other families, empty files', () => {
    expect(sniffMediaType(bytes('<svg xmlns="http://www.w3.org/2000/svg">'))).toBeNull();
    expect(sniffMediaType(bytes('<?xml version="1.0"?><svg/>'))).toBeNull();
    expect(sniffMediaType(bytes('<!DOCTYPE html><html>'))).toBeNull();
    // A PDF only at byte 0: one that hides behind something else is not taken for one.
    expect(sniffMediaType(bytes(' %PDF-1.7'))).toBeNull();
    expect(sniffMediaType(box('avif'))).toBeNull();
    expect(sniffMediaType(box('heic'))).toBeNull();
    expect(sniffMediaType(box('M4A '))).toBeNull();
    expect(sniffMediaType(bytes('RIFF', [1, 2, 3, 4], 'WAVEfmt '))).toBeNull();
    expect(
      sniffMediaType(bytes([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0x82, 0x88], 'matroska')),
    ).toBeNull();
    expect(sniffMediaType(Buffer.alloc(0))).toBeNull();
    expect(sniffMediaType(bytes([0xff, 0xd8]))).toBeNull();
  });
});
