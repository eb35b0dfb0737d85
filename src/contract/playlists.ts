import { z } from 'zod';
import { DEFAULT_ITEM_DURATION_SECONDS, MIN_ITEM_DURATION_SECONDS } from './constants';
import { calendarDate, coercedIdSchema, isoDateTime } from './common';
import { STORED_MIME_TYPES } from './media';
import { messages } from './messages';

const asNumber = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v);
/** docs/product.md#validation: a value that is not a number falls back to a default; a number below the minimum is an error. */
const numberOr = (fallback: number) =>
  z.preprocess((v) => {
    const n = asNumber(v);
    return typeof n === 'number' && Number.isFinite(n) ? Math.trunc(n) : fallback;
  }, z.number().int());

/** `YYYY-MM-DD`, or an ISO date-time whose calendar day is kept; empty means "no start date". */
export const startDateSchema = z.preprocess(
  (v) => (v === '' || v === undefined ? null : typeof v === 'string' ? v.slice(0, 10) : v),
  calendarDate('Data de início inválida').nullable(),
);

export const playlistItemInputSchema = z.object({
  mediaId: coercedIdSchema,
  duration: numberOr(DEFAULT_ITEM_DURATION_SECONDS).pipe(
    z.number().min(MIN_ITEM_DURATION_SECONDS, 'A duração de cada item deve ser de pelo menos 1 segundo').max(86_400),
  ),
  order: z.number().int().min(0).optional(),
});

/**
 * `POST /api/playlists` and `PUT /api/playlists/{id}` (the wizard's payload). `totalSize` and
 * `userId` are accepted for compatibility with older clients and ignored: the server computes
 * the size from the media and takes the owner from the session.
 */
export const playlistInputSchema = z
  .object({
    name: z.string({ error: messages.playlists.nameRequired }).trim().min(1, messages.playlists.nameRequired).max(120),
    description: z
      .string()
      .trim()
      .max(1000)
      .nullish()
      .transform((v) => v || null),
    startDate: startDateSchema,
    durationDays: numberOr(0).pipe(z.number().min(0, 'A duração em dias não pode ser negativa').max(36_500)),
    items: z
      .array(playlistItemInputSchema, { error: messages.playlists.itemsRequired })
      .min(1, messages.playlists.itemsRequired)
      .max(500),
    totalSize: z.unknown().optional(),
    userId: z.unknown().optional(),
  })
  .meta({ id: 'PlaylistInput' });
export type PlaylistInput = z.input<typeof playlistInputSchema>;
export type PlaylistData = z.output<typeof playlistInputSchema>;

export const playlistItemSchema = z.object({
  id: z.number().int(),
  mediaId: z.number().int(),
  duration: z.number().int(),
  order: z.number().int(),
});

/** The media of an item, for the wizard and the preview (only in `GET /api/playlists/{id}`). */
export const playlistItemMediaSchema = z.object({
  originalName: z.string(),
  mimeType: z.enum(STORED_MIME_TYPES),
  size: z.number().int(),
  duration: z.number().int().nullable(),
  url: z.string(),
  thumbnailUrl: z.string().nullable(),
});

export const playlistSchema = z
  .object({
    id: z.number().int(),
    userId: z.number().int(),
    name: z.string(),
    description: z.string().nullable(),
    startDate: z.string().nullable().meta({ format: 'date' }),
    durationDays: z.number().int(),
    totalSize: z.number().int(),
    items: z.array(playlistItemSchema),
    createdAt: isoDateTime,
    updatedAt: isoDateTime,
  })
  .meta({ id: 'Playlist' });
export type Playlist = z.infer<typeof playlistSchema>;
export const playlistListSchema = z.array(playlistSchema);

export const playlistDetailSchema = playlistSchema
  .extend({ items: z.array(playlistItemSchema.extend({ media: playlistItemMediaSchema })) })
  .meta({ id: 'PlaylistDetail' });
export type PlaylistDetail = z.infer<typeof playlistDetailSchema>;
