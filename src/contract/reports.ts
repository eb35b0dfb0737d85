import { z } from 'zod';
import { coercedIdSchema } from './common';
import { STORED_MIME_TYPES } from './media';

/**
 * `/reports` (Relatórios, docs/proof-of-play.md#reports): plays and time on screen by period and dimension, read from
 * the daily roll-ups. Days are calendar days of the workspace's time zone, `YYYY-MM-DD`, both ends
 * included.
 */
export const REPORT_MAX_DAYS = 366;
export const REPORT_DIMENSIONS = ['day', 'device', 'media', 'playlist', 'campaign', 'zone'] as const;
export type ReportDimension = (typeof REPORT_DIMENSIONS)[number];

export const reportMessages = {
  dayInvalid: 'Data inválida (use AAAA-MM-DD)',
  endBeforeStart: 'A data final deve ser igual ou posterior à inicial',
  tooLong: `O período pode ter no máximo ${REPORT_MAX_DAYS} dias`,
  dimensionInvalid: 'Dimensão inválida',
} as const;

// PostgreSQL has no year 0: '0000-01-01' would be a database error, not a 400.
const day = z.iso
  .date({ error: reportMessages.dayInvalid })
  .refine((d) => !d.startsWith('0000'), reportMessages.dayInvalid);
const dayMs = (d: string) => Date.parse(`${d}T00:00:00Z`);

const reportFilters = z.object({
  from: day,
  to: day,
  deviceId: coercedIdSchema.optional(),
  groupId: coercedIdSchema.optional(),
  mediaId: coercedIdSchema.optional(),
  playlistId: coercedIdSchema.optional(),
  campaignId: coercedIdSchema.optional(),
});

/** The period's rules, on an object schema (so OpenAPI still lists each query parameter). */
const periodChecked = <S extends z.ZodType<{ from: string; to: string }>>(schema: S) =>
  schema
    .refine((q) => dayMs(q.to) >= dayMs(q.from), { path: ['to'], message: reportMessages.endBeforeStart })
    .refine((q) => (dayMs(q.to) - dayMs(q.from)) / 86_400_000 < REPORT_MAX_DAYS, {
      path: ['to'],
      message: reportMessages.tooLong,
    });

/**
 * The query string of `GET /api/reports` and `GET /api/reports/export`; filters are optional. No
 * component id: OpenAPI lists a query's parameters only from an inline object schema.
 */
export const reportQuerySchema = periodChecked(reportFilters);
export type ReportQuery = z.infer<typeof reportQuerySchema>;

/** `GET /api/reports/export`: one dimension's table as CSV (`;`, UTF-8 with BOM, pt-BR dates). */
export const reportExportQuerySchema = periodChecked(
  reportFilters.extend({ dimension: z.enum(REPORT_DIMENSIONS, { error: reportMessages.dimensionInvalid }) }),
);

const figures = { plays: z.number().int(), durationMs: z.number().int() };
/** A row of a dimension's table; `name` is null once the thing was removed (its id stays). */
const rowSchema = z.object({
  id: z.number().int().nullable(),
  name: z.string().nullable(),
  ...figures,
  screens: z.number().int(),
});
/**
 * A row of the zone table: zones have a key, not an id (`id` null). `name` is the zone's name in the
 * layouts, else the key; `key` '' is the roll-ups from before zones, "Sem zona registrada"
 * (docs/proof-of-play.md#reports).
 */
const zoneRowSchema = rowSchema.extend({ key: z.string() });

export const reportSchema = z
  .object({
    from: z.string(),
    to: z.string(),
    timeZone: z.string(),
    totals: z.object({ ...figures, screens: z.number().int() }),
    /** Every day of the period, zeros included, for the chart. */
    byDay: z.array(z.object({ day: z.string(), ...figures, screens: z.number().int() })),
    byDevice: z.array(rowSchema),
    /** `mimeType` says what it is (image, video, PDF, a content kind: docs/content.md); null once removed. */
    byMedia: z.array(rowSchema.extend({ mimeType: z.enum(STORED_MIME_TYPES).nullable() })),
    byPlaylist: z.array(rowSchema),
    /** `id` null: plays of the assigned playlists (no campaign). */
    byCampaign: z.array(rowSchema),
    byZone: z.array(zoneRowSchema),
    /**
     * Availability per screen (docs/alerts.md#availability): the share of its opening hours in the
     * period (since it was added, up to now) it was online; `ratio` null when it had no open time.
     * Every screen the filters keep, the least available first.
     */
    availability: z.array(
      z.object({
        deviceId: z.number().int(),
        name: z.string(),
        openMs: z.number().int(),
        offlineMs: z.number().int(),
        ratio: z.number().nullable(),
      }),
    ),
  })
  .meta({ id: 'Report' });
export type Report = z.infer<typeof reportSchema>;
