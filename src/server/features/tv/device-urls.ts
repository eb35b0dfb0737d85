import type { MediaUrlSigner } from './signed-media';

/** The signed URLs of one device's pairing and expiry (docs/tv-protocol.md#manifest). */
export interface DeviceUrls {
  file(mediaId: number): string;
  page(mediaId: number, page: number): string;
  image(mediaId: number, sha256: string): string;
}

interface Signed {
  pairing: string | null;
  expires: number;
  urls: Map<string, string>;
}

/**
 * Each device's signed URLs, kept from one build of its manifest to the next: within a pairing and
 * an expiry a URL never changes, so an edit re-signs only the media new to the device. An HMAC
 * costs about as much as building and serialising the rest of a manifest, so this halves an edit's
 * build (docs/benchmarks.md#the-new-manifest-in-hand-at-p99--500-ms-at-10000-tvs-issue-28-point-4).
 * Only the URLs the latest build used are kept, so a device holds what its manifest shows and no more.
 */
export function createDeviceUrlCache(signer: MediaUrlSigner) {
  const byDevice = new Map<number, Signed>();
  return {
    /** The URLs for this build; they replace the device's kept ones. */
    forBuild(deviceId: number, pairing: string | null, expires: number): DeviceUrls {
      const before = byDevice.get(deviceId);
      const kept = before && before.pairing === pairing && before.expires === expires ? before.urls : undefined;
      const urls = new Map<string, string>();
      byDevice.set(deviceId, { pairing, expires, urls });
      const memo = (key: string, sign: () => string) => {
        let url = urls.get(key) ?? kept?.get(key);
        if (url === undefined) url = sign();
        urls.set(key, url);
        return url;
      };
      return {
        file: (mediaId) => memo(`${mediaId}`, () => signer.url(mediaId, deviceId, pairing, expires)),
        page: (mediaId, page) =>
          memo(`${mediaId}:page:${page}`, () => signer.pageUrl(mediaId, page, deviceId, pairing, expires)),
        image: (mediaId, sha256) =>
          memo(`${mediaId}:image:${sha256}`, () => signer.imageUrl(mediaId, sha256, deviceId, pairing, expires)),
      };
    },
    forget(deviceId: number) {
      byDevice.delete(deviceId);
    },
    clear() {
      byDevice.clear();
    },
  };
}
export type DeviceUrlCache = ReturnType<typeof createDeviceUrlCache>;
