import { describe, expect, it } from 'vitest';
import { preloadGroupsFor } from './pages';

describe('preloadGroupsFor', () => {
  it('preloads the landing chunks on / only, the signed-in area on every private path, the dashboard on /dashboard', () => {
    expect(preloadGroupsFor('/')).toEqual(['landing']);
    expect(preloadGroupsFor('/dashboard')).toEqual(['app', 'dashboard']);
    expect(preloadGroupsFor('/devices')).toEqual(['app']);
    expect(preloadGroupsFor('/devices/edit/3')).toEqual(['app']);
    expect(preloadGroupsFor('/nada-aqui')).toEqual(['app']);
    // An advertiser's statement link (docs/ads.md#statement-links) asks for no session.
    expect(preloadGroupsFor('/anunciante/abc_DEF-123')).toEqual([]);
    expect(preloadGroupsFor('/advertisers/3/statement')).toEqual(['app']);
    for (const path of ['/login', '/privacy-policy', '/terms-of-service', '/download-app'])
      expect(preloadGroupsFor(path)).toEqual([]);
  });
});
