import { describe, expect, it } from 'vitest';
import { contentSecurityPolicyFor, SECURITY_HEADERS } from './security';

describe('content security policy of the TV player', () => {
  it('lets the player frame web pages and read their headers, and nothing else changes', () => {
    const player = contentSecurityPolicyFor('/player?x=1');
    expect(player).toContain("frame-src 'self' http: https:");
    expect(player).toContain("connect-src 'self' ws: wss: http: https:");
    expect(player).toContain("frame-ancestors 'none'");
    expect(player).toContain("script-src 'self'");
    expect(contentSecurityPolicyFor('/player/sw.js')).toBe(player);
    for (const url of ['/', '/dashboard', '/api/media', '/playerx'])
      expect(contentSecurityPolicyFor(url)).toBe(SECURITY_HEADERS['Content-Security-Policy']);
    // The panel frames web pages too (the gallery's preview), but reads nothing from other sites.
    expect(SECURITY_HEADERS['Content-Security-Policy']).toContain("frame-src 'self' http: https:");
    expect(SECURITY_HEADERS['Content-Security-Policy']).toContain("connect-src 'self' ws: wss:;");
  });
});
