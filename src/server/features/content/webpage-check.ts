import { contentMessages as m } from '../../../contract/content-messages';
import type { Config } from '../../config';
import { safeFetch, type FetchedPage } from './feed-fetch';

/** The check is a courtesy: it never holds the save up for long. */
const CHECK_TIMEOUT_MS = 4000;

/**
 * Whether a page refuses to be shown inside another page, from its headers: `X-Frame-Options`
 * (DENY or SAMEORIGIN) or a CSP `frame-ancestors` that does not allow any origin. The browser
 * player shows web pages in an iframe, so those stay blank there (docs/content.md#web-pages-the-framing-check).
 */
export function framingRefusal(headers: FetchedPage['headers']): string | null {
  const xfo = String(headers['x-frame-options'] ?? '').toLowerCase();
  if (/\b(deny|sameorigin)\b/.test(xfo)) return 'X-Frame-Options';
  const csp = [headers['content-security-policy'] ?? []].flat().join(',');
  const ancestors = /(?:^|[;,])\s*frame-ancestors\s+([^;,]*)/i.exec(csp)?.[1]?.trim().toLowerCase();
  if (ancestors !== undefined && !ancestors.split(/\s+/).includes('*')) return 'Content-Security-Policy';
  return null;
}

/**
 * Reads a web page's headers once (HEAD, then GET when HEAD is refused) and answers the pt-BR
 * warning when the page refuses framing; null when it allows it or could not be read. Saving never
 * depends on it. A private host is not fetched at all (the check is skipped, not refused: the
 * server does not reach into its network for a page that only the TVs open).
 */
export async function checkWebpageFraming(limits: Config['feeds'], url: string): Promise<string | null> {
  const quick = { ...limits, timeoutMs: Math.min(limits.timeoutMs, CHECK_TIMEOUT_MS) };
  try {
    let page = await safeFetch(url, quick, { method: 'HEAD', acceptErrors: true });
    // Some servers refuse HEAD: their GET's headers then (its body is not read).
    if (page.status === 405 || page.status === 501)
      page = await safeFetch(url, quick, { method: 'GET', acceptErrors: true, headersOnly: true });
    const how = framingRefusal(page.headers);
    return how ? m.framingRefused(how) : null;
  } catch {
    return null; // unreachable, private or slow: no warning, the save goes on
  }
}
