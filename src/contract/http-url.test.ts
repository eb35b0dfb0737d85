import { describe, expect, it } from 'vitest';
import { httpUrl } from './http-url';

describe('httpUrl', () => {
  it('takes http and https addresses, absolute or against a base', () => {
    expect(httpUrl('https://exemplo.com.br/a?b=1')?.href).toBe('https://exemplo.com.br/a?b=1');
    expect(httpUrl('HTTP://Exemplo.com')?.href).toBe('http://exemplo.com/');
    expect(httpUrl('/p/foto.png', 'https://loja.com/feed.xml')?.href).toBe('https://loja.com/p/foto.png');
    expect(httpUrl('//cdn.com/x.jpg', new URL('https://loja.com/'))?.href).toBe('https://cdn.com/x.jpg');
  });

  it('refuses other schemes, relative addresses without a base, and http(s) without a host', () => {
    for (const value of ['javascript:alert(1)', 'file:///etc/passwd', 'data:text/html,x', 'ftp://a.com/', '/a', ''])
      expect(httpUrl(value)).toBeNull();
    for (const value of ['http://', 'https:', 'http:///', 'http://@/', 'http://:80/'])
      expect(httpUrl(value)).toBeNull();
    expect(httpUrl('javascript:x', 'https://loja.com/')).toBeNull();
  });
});
