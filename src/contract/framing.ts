/**
 * Whether a web page's answer headers forbid showing it in a frame of the player's origin, and by
 * which header (docs/content.md#web-pages-the-framing-check). One reading for the server, which
 * checks a page when it is saved, and the browser player, which checks it again when the site lets
 * it read the headers (CORS). `parentOrigin` null: the player's origin is not known (the server
 * without `PUBLIC_URL`); then a page is called refused only when no origin but its own may frame it.
 */
export function framingRefusal(
  headers: { xFrameOptions: string | null; csp: string | null },
  pageOrigin: string,
  parentOrigin: string | null,
): 'X-Frame-Options' | 'Content-Security-Policy' | null {
  const sameOrigin = parentOrigin !== null && pageOrigin.toLowerCase() === parentOrigin.toLowerCase();
  // Several values (one header sent twice) arrive joined by commas: each is read.
  const xfo = (headers.xFrameOptions ?? '')
    .toLowerCase()
    .split(',')
    .map((v) => v.trim());
  if (xfo.includes('deny') || (xfo.includes('sameorigin') && !sameOrigin)) return 'X-Frame-Options';
  const ancestors = /(?:^|[;,])\s*frame-ancestors\s+([^;,]*)/i.exec(headers.csp ?? '')?.[1];
  if (ancestors === undefined) return null;
  const sources = ancestors.trim().toLowerCase().split(/\s+/).filter(Boolean);
  return sources.some((source) => allows(source, sameOrigin, parentOrigin)) ? null : 'Content-Security-Policy';
}

/** One `frame-ancestors` source against the player's origin (CSP 3 source matching, simplified). */
function allows(source: string, sameOrigin: boolean, parentOrigin: string | null): boolean {
  if (source === '*') return true;
  if (source === "'self'") return sameOrigin;
  if (source.startsWith("'")) return false; // 'none' and other keywords allow no origin
  // Unknown player origin: any other source might be ours, so the page is not called refused.
  if (parentOrigin === null) return true;
  const parent = new URL(parentOrigin);
  if (/^[a-z][a-z0-9+.-]*:$/.test(source)) return parent.protocol === source;
  const match = /^(?:([a-z][a-z0-9+.-]*):\/\/)?(\*\.)?([^/:]+)(?::(\d+|\*))?\/?$/.exec(source);
  if (!match) return false;
  const [, scheme, wildcard, host, port] = match;
  if (scheme && `${scheme}:` !== parent.protocol) return false;
  const hostMatches = wildcard ? parent.hostname.endsWith(`.${host}`) : parent.hostname === host;
  const portMatches = port === '*' || (port ?? '') === parent.port;
  return hostMatches && portMatches;
}
