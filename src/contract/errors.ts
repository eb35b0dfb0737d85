import { z } from 'zod';

/** Every non-2xx answer of /api/* has this shape (DESIGN §4); `message` is pt-BR and shown as is. */
export const apiErrorSchema = z
  .object({
    message: z.string(),
    code: z.string().optional(),
    issues: z
      .array(z.object({ path: z.array(z.union([z.string(), z.number()])), message: z.string() }))
      .optional(),
  })
  .meta({ id: 'ApiError' });
export type ApiError = z.infer<typeof apiErrorSchema>;

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
} as const;
