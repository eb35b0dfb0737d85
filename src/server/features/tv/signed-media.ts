import { createHmac, timingSafeEqual } from 'node:crypto';

const DAY_MS = 24 * 60 * 60 * 1000;
/** URLs stay valid for at least a week and change at most once a day (stable manifests). */
const VALIDITY_DAYS = 8;

/**
 * Signed, expiring media URLs for TVs (docs/tv-protocol.md#manifest): no cookie needed, nothing guessable. A URL is
 * bound to one device and one pairing: the signature covers the device id and the hash of the token
 * that TV holds (the hash itself never leaves the server). Disconnecting, removing or re-coding the
 * device drops that token, so its URLs stop verifying; within one pairing they stay the same, so
 * manifests (and their ETags) do not churn.
 */
export function createMediaUrlSigner(secret: string, now: () => number = Date.now) {
  // A PDF page's URL signs `media:<id>:page:<n>`: a file's signature cannot be replayed for a page or back.
  const signature = (mediaId: number | string, deviceId: number, pairing: string, expires: number) =>
    createHmac('sha256', secret)
      .update(`media:${mediaId}:device:${deviceId}:${pairing}:${expires}`)
      .digest('base64url');
  const pageOf = (mediaId: number, page: number) => `${mediaId}:page:${page}`;
  // A feed picture's signs `media:<id>:image:<sha256>`: no other subject has that shape.
  const imageOf = (mediaId: number, sha256: string) => `${mediaId}:image:${sha256}`;
  const check = (
    subject: number | string,
    deviceId: number,
    pairing: string | null,
    expires: number,
    given: string,
  ) => {
    if (!pairing || !Number.isSafeInteger(expires) || expires < now()) return false;
    const expected = Buffer.from(signature(subject, deviceId, pairing, expires));
    const actual = Buffer.from(given);
    return actual.length === expected.length && timingSafeEqual(actual, expected);
  };

  /** The expiry that URLs signed now carry: it moves once a day. */
  const currentExpiry = () => Math.ceil(now() / DAY_MS) * DAY_MS + VALIDITY_DAYS * DAY_MS;
  /** `path` signed over `subject` for the device; `pairing` null gives a signature that never verifies. */
  const signedUrl = (
    path: string,
    subject: number | string,
    deviceId: number,
    pairing: string | null,
    expires: number,
  ) =>
    `${path}?device=${deviceId}&expires=${expires}&signature=${signature(subject, deviceId, pairing ?? '', expires)}`;
  return {
    currentExpiry,
    /** `pairing` is the device's current token hash; a device without one gets URLs that never verify. */
    url(mediaId: number, deviceId: number, pairing: string | null, expires = currentExpiry()): string {
      return signedUrl(`/api/tv/media/${mediaId}`, mediaId, deviceId, pairing, expires);
    },
    verify(mediaId: number, deviceId: number, pairing: string | null, expires: number, given: string): boolean {
      return check(mediaId, deviceId, pairing, expires, given);
    },
    /** A PDF page's image (docs/content.md#pdf), signed for the device like a file. */
    pageUrl(
      mediaId: number,
      page: number,
      deviceId: number,
      pairing: string | null,
      expires = currentExpiry(),
    ): string {
      return signedUrl(`/api/tv/media/${mediaId}/pages/${page}`, pageOf(mediaId, page), deviceId, pairing, expires);
    },
    verifyPage(
      mediaId: number,
      page: number,
      deviceId: number,
      pairing: string | null,
      expires: number,
      given: string,
    ): boolean {
      return check(pageOf(mediaId, page), deviceId, pairing, expires, given);
    },
    /**
     * A feed item's picture (docs/content.md#pictures), signed for the device like a page. The hash
     * is in the path (what is served) and again as `sha256=` last in the query: the player's cache
     * key, which the route ignores.
     */
    imageUrl(
      mediaId: number,
      sha256: string,
      deviceId: number,
      pairing: string | null,
      expires = currentExpiry(),
    ): string {
      const path = `/api/tv/media/${mediaId}/images/${sha256}`;
      return `${signedUrl(path, imageOf(mediaId, sha256), deviceId, pairing, expires)}&sha256=${sha256}`;
    },
    verifyImage(
      mediaId: number,
      sha256: string,
      deviceId: number,
      pairing: string | null,
      expires: number,
      given: string,
    ): boolean {
      return check(imageOf(mediaId, sha256), deviceId, pairing, expires, given);
    },
  };
}
export type MediaUrlSigner = ReturnType<typeof createMediaUrlSigner>;
