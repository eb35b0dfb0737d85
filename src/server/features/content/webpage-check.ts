import { contentMessages as m } from '../../../contract/content-messages';
import { framingRefusal } from '../../../contract/framing';
import type { Config } from '../../config';
import { safeFetch } from './feed-fetch';

/** The check is a courtesy: it never holds the save up for long. */
const CHECK_TIMEOUT_MS = 4000;

/**
 * Reads a web page's headers once (HEAD, then GET when HEAD is refused) and answers the pt-BR
 * warning when the page refuses frames of the player's origin (`@contract/framing`); null when it
 * allows them or could not be read. Saving never depends on it. A private host is not fetched at
 * all (the check is skipped, not refused: the server does not reach into its network for a page
 * that only the TVs open).
 */
export async function checkWebpageFraming(
  limits: Config['feeds'],
  url: string,
  playerOrigin: string | null,
): Promise<string | null> {
  const quick = { ...limits, timeoutMs: Math.min(limits.timeoutMs, CHECK_TIMEOUT_MS) };
  try {
    let page = await safeFetch(url, quick, { method: 'HEAD', acceptErrors: true });
    // Some servers refuse HEAD: their GET's headers then (its body is not read).
    if (page.status === 405 || page.status === 501)
      page = await safeFetch(url, quick, { method: 'GET', acceptErrors: true, headersOnly: true });
    const joined = (name: string) => [page.headers[name] ?? []].flat().join(',') || null;
    const how = framingRefusal(
      { xFrameOptions: joined('x-frame-options'), csp: joined('content-security-policy') },
      new URL(page.url).origin,
      playerOrigin,
    );
    return how ? m.framingRefused(how) : null;
  } catch {
    return null; // unreachable, private or slow: no warning, the save goes on
  }
}
