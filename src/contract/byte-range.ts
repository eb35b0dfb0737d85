/**
 * The one HTTP `Range` parser (RFC 9110 §14), shared by the server's file answers
 * (`server/features/media/file-reply.ts`) and the TV player's service worker (`player/sw/range.ts`),
 * so the two can never disagree on what a request asks for. Pure: no Node or DOM imports.
 */

/** Inclusive byte offsets, as in `Range: bytes=start-end`. */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * What to answer for a `Range` header against a representation of `size` bytes:
 * - `{start, end}`: 206 with that one range (an end past the file is cut to the last byte;
 *   `bytes=-N` is the last N bytes);
 * - `'unsatisfiable'`: 416 with `Content-Range: bytes *\/size` (the range starts at or past the
 *   end, `bytes=-0`, or any range of an empty file);
 * - null: 200 with the whole file. RFC 9110 §14.2 lets a server ignore a Range it does not serve
 *   or that is invalid, and we do that for: no header, another unit, junk, several ranges (video
 *   elements never ask for them, and multipart/byteranges is not worth serving) and a reversed
 *   range (`bytes=9-3` is invalid per §14.1.1, not unsatisfiable, so it is ignored, not 416).
 */
export function parseByteRange(header: string | null | undefined, size: number): ByteRange | 'unsatisfiable' | null {
  if (!header) return null;
  // Units are case-insensitive (§14.1); whitespace is tolerated around the one range-spec.
  const match = /^bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header.trim());
  if (!match) return null;
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return null;
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  if (last !== '' && Number(last) < start) return null;
  if (start >= size) return 'unsatisfiable';
  return { start, end: last === '' ? size - 1 : Math.min(Number(last), size - 1) };
}
