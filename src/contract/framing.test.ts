import { describe, expect, it } from 'vitest';
import { framingRefusal } from './framing';

describe('web page framing (docs/content.md#web-pages-the-framing-check)', () => {
  const page = 'http://127.0.0.1:4800';
  const tv = 'http://localhost:3000';
  const refused = (xFrameOptions: string | null, csp: string | null, parent: string | null = tv) =>
    framingRefusal({ xFrameOptions, csp }, page, parent);

  it('reads X-Frame-Options and frame-ancestors as Chrome does', () => {
    expect(refused(null, null)).toBeNull();
    expect(refused('DENY', null)).toBe('X-Frame-Options');
    expect(refused('SAMEORIGIN', null)).toBe('X-Frame-Options');
    expect(refused('SAMEORIGIN', null, page)).toBeNull();
    expect(refused(null, "default-src 'self'; frame-ancestors 'none'")).toBe('Content-Security-Policy');
    expect(refused(null, 'frame-ancestors *')).toBeNull();
    expect(refused(null, "frame-ancestors 'self'")).toBe('Content-Security-Policy');
    expect(refused(null, "frame-ancestors 'self'", page)).toBeNull();
    expect(refused(null, `frame-ancestors ${tv}/`)).toBeNull();
    expect(refused(null, "script-src 'self'")).toBeNull();
  });

  it('lets a page framed by the player’s scheme, host or a wildcard of it', () => {
    const player = 'https://tv.loja.example';
    expect(refused(null, 'frame-ancestors https:', player)).toBeNull();
    expect(refused(null, 'frame-ancestors http:', player)).toBe('Content-Security-Policy');
    expect(refused(null, "frame-ancestors 'self' *.loja.example", player)).toBeNull();
    expect(refused(null, 'frame-ancestors https://outra.example', player)).toBe('Content-Security-Policy');
    expect(refused(null, 'frame-ancestors tv.loja.example:8443', player)).toBe('Content-Security-Policy');
  });

  it('without the player’s origin, refuses only what no other origin may frame', () => {
    expect(refused('SAMEORIGIN', null, null)).toBe('X-Frame-Options');
    expect(refused(null, "frame-ancestors 'self'", null)).toBe('Content-Security-Policy');
    expect(refused(null, "frame-ancestors 'none'", null)).toBe('Content-Security-Policy');
    expect(refused(null, "frame-ancestors 'self' https://painel.example", null)).toBeNull();
  });
});
