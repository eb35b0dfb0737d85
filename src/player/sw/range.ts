/** HTTP `Range` for the service worker's cached media (videos seek and stream by byte ranges). */
export type ByteRange = { start: number; end: number };

/**
 * The first range of a `bytes=` header against a file of `size` bytes: `{start, end}` (inclusive),
 * `'unsatisfiable'` (answer 416), or null when there is no usable header (answer the whole file).
 */
export function parseRange(header: string | null, size: number): ByteRange | 'unsatisfiable' | null {
  if (!header) return null;
  const match = /^bytes=\s*(\d*)\s*-\s*(\d*)\s*(?:,.*)?$/i.exec(header.trim());
  if (!match) return null;
  const [, from = '', to = ''] = match;
  if (from === '' && to === '') return null;
  if (from === '') {
    // `bytes=-N`: the last N bytes.
    const length = Number(to);
    if (length === 0) return 'unsatisfiable';
    return size === 0 ? 'unsatisfiable' : { start: Math.max(0, size - length), end: size - 1 };
  }
  const start = Number(from);
  const end = to === '' ? size - 1 : Math.min(Number(to), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}

/** The cached file (or a slice of it) as the network would have answered. */
export function rangedResponse(blob: Blob, contentType: string, rangeHeader: string | null): Response {
  const size = blob.size;
  const range = parseRange(rangeHeader, size);
  const base = { 'Content-Type': contentType, 'Accept-Ranges': 'bytes', 'Cache-Control': 'no-cache' };
  if (range === null) return new Response(blob, { status: 200, headers: { ...base, 'Content-Length': String(size) } });
  if (range === 'unsatisfiable') return new Response(null, { status: 416, headers: { ...base, 'Content-Range': `bytes */${size}` } });
  const part = blob.slice(range.start, range.end + 1, contentType);
  return new Response(part, {
    status: 206,
    headers: { ...base, 'Content-Length': String(part.size), 'Content-Range': `bytes ${range.start}-${range.end}/${size}` },
  });
}
