/**
 * `value` as an http or https address, absolute or against `base`, or null: never javascript:,
 * file: or data:. The URL parser (WHATWG) refuses an http(s) address without a host, so one that
 * comes out always has a hostname. Trimming and length limits are each caller's.
 */
export function httpUrl(value: string, base?: string | URL): URL | null {
  try {
    const url = new URL(value, base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}
