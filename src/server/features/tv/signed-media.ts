import { createHmac, timingSafeEqual } from 'node:crypto';

const DAY_MS = 24 * 60 * 60 * 1000;
/** URLs stay valid for at least a week and change at most once a day (stable manifests). */
const VALIDITY_DAYS = 8;

/** Signed, expiring media URLs for TVs (DESIGN §5): no cookie needed, nothing guessable. */
export function createMediaUrlSigner(secret: string, now: () => number = Date.now) {
  const signature = (mediaId: number, expires: number) =>
    createHmac('sha256', secret).update(`media:${mediaId}:${expires}`).digest('base64url');

  return {
    url(mediaId: number): string {
      const expires = Math.ceil(now() / DAY_MS) * DAY_MS + VALIDITY_DAYS * DAY_MS;
      return `/api/tv/media/${mediaId}?expires=${expires}&signature=${signature(mediaId, expires)}`;
    },
    verify(mediaId: number, expires: number, given: string): boolean {
      if (!Number.isSafeInteger(expires) || expires < now()) return false;
      const expected = Buffer.from(signature(mediaId, expires));
      const actual = Buffer.from(given);
      return actual.length === expected.length && timingSafeEqual(actual, expected);
    },
  };
}
export type MediaUrlSigner = ReturnType<typeof createMediaUrlSigner>;
