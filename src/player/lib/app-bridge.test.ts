import { describe, expect, it } from 'vitest';
import { appBridgeOf, appSyncPayload, parseAppCacheStatus } from './app-bridge';

describe('the Android app bridge', () => {
  it('is found only when the app injected it', () => {
    const bridge = { syncMedia: () => undefined, cacheStatus: () => '{}' };
    expect(appBridgeOf({ SinalizeApp: bridge })).toBe(bridge);
    expect(appBridgeOf({})).toBeNull();
    expect(appBridgeOf({ SinalizeApp: { syncMedia: () => undefined } })).toBeNull();
    expect(appBridgeOf(null)).toBeNull();
  });

  it('hands the app the manifest files as JSON, with the hash-carrying URLs', () => {
    const sha = 'a'.repeat(64);
    const files = [
      { sha256: sha, url: `/api/tv/media/m1?exp=1&sig=x&sha256=${sha}`, mimeType: 'video/mp4', size: 1234 },
    ];
    const sent = JSON.parse(appSyncPayload(files));
    expect(sent).toEqual(files);
    expect(appSyncPayload([])).toBe('[]');
    // A feed's picture is named by its address: the app, which checks hashes, is not sent it.
    const picture = {
      sha256: 'cd'.repeat(32),
      url: '/api/tv/feeds/1/x.jpg?sha256=cd',
      mimeType: '',
      size: 0,
      keyedByUrl: true,
    };
    expect(JSON.parse(appSyncPayload([...files, picture]))).toEqual(files);
  });

  it('reads the cache counts and refuses anything else', () => {
    expect(parseAppCacheStatus('{"cached":2,"missing":1}')).toEqual({ cached: 2, missing: 1 });
    expect(parseAppCacheStatus('{"cached":-1,"missing":1}')).toBeNull();
    expect(parseAppCacheStatus('{"cached":"2","missing":1}')).toBeNull();
    expect(parseAppCacheStatus('não é json')).toBeNull();
    expect(parseAppCacheStatus(undefined)).toBeNull();
  });
});
