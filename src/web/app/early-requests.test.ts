import { afterEach, describe, expect, it, vi } from 'vitest';
import { dropEarlyRequests } from '@web/lib/api-client';
import { startEarlyRequests } from './early-requests';

afterEach(() => {
  dropEarlyRequests();
  vi.unstubAllGlobals();
});

function stubFetch(): string[] {
  const urls: string[] = [];
  vi.stubGlobal('fetch', async (url: string) => {
    urls.push(url);
    return new Response('{}', { status: 200 });
  });
  return urls;
}

describe('startEarlyRequests', () => {
  it('starts the session and the device list together on a private page', () => {
    const urls = stubFetch();
    startEarlyRequests('/dashboard');
    expect(urls).toEqual(['/api/auth/me', '/api/devices']);
  });

  it('starts nothing on the public pages', () => {
    const urls = stubFetch();
    for (const path of ['/', '/login', '/privacy-policy', '/terms-of-service', '/download-app'])
      startEarlyRequests(path);
    expect(urls).toEqual([]);
  });
});
