import { z } from 'zod';

/** Every non-2xx answer of /api/* has this shape (docs/api.md#errors); `message` is pt-BR and shown as is. */
export const apiErrorSchema = z
  .object({
    message: z.string(),
    code: z.string().optional(),
    issues: z.array(z.object({ path: z.array(z.union([z.string(), z.number()])), message: z.string() })).optional(),
  })
  .meta({ id: 'ApiError' });
export type ApiError = z.infer<typeof apiErrorSchema>;

/**
 * Every `code` the server answers with (besides Fastify's own `FST_…` ones below). The server's
 * `HttpError` takes an `ErrorCode`, so a code missing here does not compile.
 */
export const ERROR_CODES = {
  validation: 'VALIDATION_ERROR',
  unauthenticated: 'UNAUTHENTICATED',
  forbidden: 'FORBIDDEN',
  notFound: 'NOT_FOUND',
  conflict: 'CONFLICT',
  authCodeDuplicate: 'AUTH_CODE_DUPLICATE',
  rateLimited: 'RATE_LIMITED',
  payloadTooLarge: 'PAYLOAD_TOO_LARGE',
  unsupportedMedia: 'UNSUPPORTED_MEDIA_TYPE',
  uriTooLong: 'URI_TOO_LONG',
  internal: 'INTERNAL_ERROR',
  /** The profile's password change without `currentPassword`, or with a wrong one. */
  currentPasswordRequired: 'CURRENT_PASSWORD_REQUIRED',
  currentPasswordWrong: 'CURRENT_PASSWORD_WRONG',
  /** An id named in a body that is not of the caller's workspace (400, the field in `issues`). */
  mediaNotFound: 'MEDIA_NOT_FOUND',
  playlistNotFound: 'PLAYLIST_NOT_FOUND',
  deviceNotFound: 'DEVICE_NOT_FOUND',
  groupNotFound: 'GROUP_NOT_FOUND',
  /** A device given another workspace's partner, or one that does not exist (docs/ads.md). */
  partnerNotFound: 'PARTNER_NOT_FOUND',
  /** An ad campaign given another workspace's advertiser, or one that does not exist (docs/ads.md#ad-campaigns). */
  advertiserNotFound: 'ADVERTISER_NOT_FOUND',
  /** A statement link that opens nothing: unknown, expired or revoked (410, docs/ads.md#statement-links). */
  linkExpired: 'LINK_EXPIRED',
  dualNeedsTwoPlaylists: 'DUAL_NEEDS_TWO_PLAYLISTS',
  /** A screen of several zones assigned without a playlist in one of them (docs/layouts.md#devices). */
  zoneNeedsPlaylist: 'ZONE_NEEDS_PLAYLIST',
  layoutNotFound: 'LAYOUT_NOT_FOUND',
  /** A screenshot or reload asked of a TV that is not connected (409). */
  deviceOffline: 'DEVICE_OFFLINE',
  rangeNotSatisfiable: 'RANGE_NOT_SATISFIABLE',
  /** The TV side: a code that pairs nothing, a token that is no pairing, a bad or expired media link. */
  pairingFailed: 'PAIRING_FAILED',
  deviceUnauthenticated: 'DEVICE_UNAUTHENTICATED',
  invalidSignature: 'INVALID_SIGNATURE',
  /** The database or Redis is unreachable for now (503 with Retry-After): try again, nothing was refused. */
  serviceUnavailable: 'SERVICE_UNAVAILABLE',
} as const;
export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];

/** Fastify's own refusals before a route runs (an empty or malformed JSON body…) keep their code. */
export type FrameworkErrorCode = `FST_${string}`;
export const isFrameworkErrorCode = (code: unknown): code is FrameworkErrorCode =>
  typeof code === 'string' && code.startsWith('FST_');
