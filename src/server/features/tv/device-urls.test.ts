import { describe, expect, it } from 'vitest';
import { createDeviceUrlCache } from './device-urls';
import { createMediaUrlSigner, type MediaUrlSigner } from './signed-media';

/** The real signer, counting the signatures it computes. */
function countingSigner() {
  const signer = createMediaUrlSigner('k'.repeat(32));
  const counted = { signed: 0 };
  const count =
    <A extends unknown[]>(sign: (...args: A) => string) =>
    (...args: A) => {
      counted.signed += 1;
      return sign(...args);
    };
  const wrapped: MediaUrlSigner = {
    ...signer,
    url: count(signer.url),
    pageUrl: count(signer.pageUrl),
    imageUrl: count(signer.imageUrl),
  };
  return { signer, wrapped, counted };
}

describe('device URL cache', () => {
  it('signs a URL once per device, pairing and expiry, and gives what the signer gives', () => {
    const { signer, wrapped, counted } = countingSigner();
    const cache = createDeviceUrlCache(wrapped);
    const expires = signer.currentExpiry();
    const first = cache.forBuild(7, 'pairing-a', expires);
    const urls = [first.file(1), first.page(2, 1), first.image(3, 'a'.repeat(64))];
    expect(urls).toEqual([
      signer.url(1, 7, 'pairing-a', expires),
      signer.pageUrl(2, 1, 7, 'pairing-a', expires),
      signer.imageUrl(3, 'a'.repeat(64), 7, 'pairing-a', expires),
    ]);
    expect(counted.signed).toBe(3);

    // The next build (an edit): the same media cost no signature, a new one costs one.
    const second = cache.forBuild(7, 'pairing-a', expires);
    expect([second.file(1), second.page(2, 1), second.image(3, 'a'.repeat(64))]).toEqual(urls);
    expect(second.file(4)).toBe(signer.url(4, 7, 'pairing-a', expires));
    expect(counted.signed).toBe(4);
  });

  it('signs again for a new pairing or a new expiry, and keeps only what the last build used', () => {
    const { signer, wrapped, counted } = countingSigner();
    const cache = createDeviceUrlCache(wrapped);
    const expires = signer.currentExpiry();
    cache.forBuild(7, 'pairing-a', expires).file(1);

    const repaired = cache.forBuild(7, 'pairing-b', expires).file(1);
    expect(repaired).toBe(signer.url(1, 7, 'pairing-b', expires));
    const nextDay = cache.forBuild(7, 'pairing-b', expires + 86_400_000).file(1);
    expect(nextDay).toBe(signer.url(1, 7, 'pairing-b', expires + 86_400_000));
    expect(counted.signed).toBe(3);

    // A build that no longer shows media 1 drops it; showing it again signs it again.
    cache.forBuild(7, 'pairing-b', expires + 86_400_000).file(2);
    cache.forBuild(7, 'pairing-b', expires + 86_400_000).file(1);
    expect(counted.signed).toBe(5);

    // Another device never shares a URL, and a forgotten one signs afresh.
    expect(cache.forBuild(8, 'pairing-b', expires).file(1)).toBe(signer.url(1, 8, 'pairing-b', expires));
    cache.forget(8);
    cache.forBuild(8, 'pairing-b', expires).file(1);
    expect(counted.signed).toBe(7);
  });
});
