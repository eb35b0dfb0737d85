import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ERROR_CODES } from '../../contract/errors';
import { messages } from '../../contract/messages';

const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  // Radix positions popovers with inline style attributes.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "media-src 'self' blob:",
  "font-src 'self' data:",
  "connect-src 'self' ws: wss:",
  // Web page items (docs/content.md): the gallery's preview and the player frame any http(s) site,
  // always in a sandboxed iframe (no top navigation, no popups).
  "frame-src 'self' http: https:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * The TV player's page (`/player`, docs/content.md#the-player) also reads a framed site's headers
 * when the site allows it (CORS), to show a notice rather than a refused, blank frame. Everything
 * else is as strict as the rest.
 */
const PLAYER_CSP = CSP.replace("connect-src 'self' ws: wss:", "connect-src 'self' ws: wss: http: https:");

/** The policy for an answer to `url`: the player's for its page and files, else the app's. */
export function contentSecurityPolicyFor(url: string): string {
  const pathname = url.split('?')[0]!;
  return pathname === '/player' || pathname.startsWith('/player/') ? PLAYER_CSP : CSP;
}

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * True when a browser marks the request as sent by a page of another site: an `Origin` that is
 * neither this server's own (as the client sees it, proxies in TRUST_PROXY honoured) nor listed in
 * TRUSTED_ORIGINS. No `Origin` (curl, TVs, tests) is not foreign.
 */
export function isForeignOrigin(request: FastifyRequest, trustedOrigins: string[]): boolean {
  const origin = request.headers.origin;
  if (!origin) return false;
  return origin !== `${request.protocol}://${request.host}` && !trustedOrigins.includes(origin);
}

/**
 * Security headers on every response, and a CSRF guard: a state-changing request that a browser
 * marks as coming from another site is refused (docs/security.md#browser-protections). Requests without Origin (curl, TVs,
 * tests) pass; the session cookie is SameSite=Lax besides.
 */
export function installSecurity(app: FastifyInstance, trustedOrigins: string[]): void {
  app.addHook('onRequest', async (request, reply) => {
    if (!UNSAFE_METHODS.has(request.method) || !isForeignOrigin(request, trustedOrigins)) return;
    // A bearer call (API key, TV token) is authenticated by its header alone, never by the cookie
    // (auth/authenticate.ts): a foreign page cannot make a browser add it, so it is no CSRF risk.
    if (request.headers.authorization?.startsWith('Bearer ')) return;
    return reply.status(403).send({ message: messages.auth.crossSite, code: ERROR_CODES.forbidden });
  });

  app.addHook('onSend', async (request, reply, payload) => {
    setSecurityHeaders(reply);
    reply.header('Content-Security-Policy', contentSecurityPolicyFor(request.url));
    // Browsers heed HSTS only over https; `protocol` believes X-Forwarded-Proto from TRUST_PROXY only.
    // No includeSubDomains: other hosts under the same domain are not ours to decide.
    if (request.protocol === 'https') reply.header('Strict-Transport-Security', 'max-age=31536000');
    return payload;
  });
}

/** The headers of every answer (also written by the TV content fast path, which skips Fastify). */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': CSP,
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=()',
};

/** Sets them on a reply; also called for the router's own refusals, which skip the hooks. */
export function setSecurityHeaders(reply: FastifyReply): void {
  reply.headers(SECURITY_HEADERS);
}
