import { describe, expect, it } from 'vitest';
import {
  WEB_PAGE_CALLBACK,
  appBridgeOf,
  appSyncPayload,
  newWebPageKey,
  onWebPageState,
  parseAppCacheStatus,
  webPageBridgeOf,
} from './app-bridge';

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
  });

  it('reads the cache counts and refuses anything else', () => {
    expect(parseAppCacheStatus('{"cached":2,"missing":1}')).toEqual({ cached: 2, missing: 1 });
    expect(parseAppCacheStatus('{"cached":-1,"missing":1}')).toBeNull();
    expect(parseAppCacheStatus('{"cached":"2","missing":1}')).toBeNull();
    expect(parseAppCacheStatus('não é json')).toBeNull();
    expect(parseAppCacheStatus(undefined)).toBeNull();
  });

  it('offers the web-page calls only when the app has all three', () => {
    const base = { syncMedia: () => undefined, cacheStatus: () => '{}' };
    const pages = { showWebPage: () => undefined, reloadWebPage: () => undefined, hideWebPage: () => undefined };
    expect(webPageBridgeOf({ SinalizeApp: { ...base, ...pages } })).not.toBeNull();
    expect(webPageBridgeOf({ SinalizeApp: { ...base, showWebPage: () => undefined } })).toBeNull();
    expect(webPageBridgeOf({ SinalizeApp: base })).toBeNull();
    expect(webPageBridgeOf({})).toBeNull();
  });

  it("hands each page's state to its listener, and nothing else", () => {
    const win: Record<string, unknown> = {};
    const heard: string[] = [];
    const a = newWebPageKey();
    const b = newWebPageKey();
    expect(a).toMatch(/^[A-Za-z0-9_-]{1,64}$/); // what the app accepts (core/WebPagePolicy.isKey)
    expect(a).not.toBe(b);
    const stop = onWebPageState(win, a, (state) => heard.push(`a:${state}`));
    onWebPageState(win, b, (state) => heard.push(`b:${state}`));
    const say = win[WEB_PAGE_CALLBACK] as (key: unknown, state: unknown) => void;
    say(a, 'loaded');
    say(b, 'failed');
    say(a, 'exploded');
    say('wp-unknown', 'loaded');
    say(42, 'loaded');
    stop();
    say(a, 'failed');
    expect(heard).toEqual(['a:loaded', 'b:failed']);
  });
});
