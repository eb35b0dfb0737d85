import { parseByteRange } from '@contract/byte-range';

/** Headers of the stored (server) answer that a slice of it keeps: a media element compares them across its requests. */
const KEPT = ['etag', 'last-modified', 'cache-control', 'x-content-type-options'];

/**
 * A cached file (or a slice of it) answered as the server would: the same parser
 * (`contract/byte-range.ts`), so a Range the server serves as 206 is a 206 here too, and the
 * server's validators (`ETag`…) from the stored answer, so every answer for one file looks alike.
 */
export function rangedResponse(
  blob: Blob,
  contentType: string,
  rangeHeader: string | null,
  stored?: Headers,
): Response {
  const size = blob.size;
  const range = parseByteRange(rangeHeader, size);
  const base: Record<string, string> = { 'cache-control': 'no-cache' };
  for (const name of KEPT) {
    const value = stored?.get(name);
    if (value) base[name] = value;
  }
  Object.assign(base, { 'content-type': contentType, 'accept-ranges': 'bytes' });
  if (range === null) return new Response(blob, { status: 200, headers: { ...base, 'content-length': String(size) } });
  if (range === 'unsatisfiable')
    return new Response(null, { status: 416, headers: { ...base, 'content-range': `bytes */${size}` } });
  const part = blob.slice(range.start, range.end + 1, contentType);
  return new Response(part, {
    status: 206,
    headers: {
      ...base,
      'content-length': String(part.size),
      'content-range': `bytes ${range.start}-${range.end}/${size}`,
    },
  });
}
