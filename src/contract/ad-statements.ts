import { z } from 'zod';
import { adStatementMessages as m } from './ad-statements-messages';
import { idParamsSchema, isoDateTime } from './common';

/**
 * Advertiser statements (issue 27, docs/ads.md#statements): what an advertiser's ads played on each
 * screen and day of a period, with their audience and the amount due, read from the daily roll-ups
 * of counted plays (`ad_play_days`). Days are calendar days of the workspace's time zone, both ends
 * included. Money is integer cents (docs/ads.md#money).
 */
export const AD_STATEMENT_MAX_DAYS = 366;
/** A link's validity when the admin gives none (`days`). */
export const AD_LINK_DEFAULT_DAYS = 30;
/** The public page's path; the link's URL is `${PUBLIC_URL}${AD_LINK_PAGE}/{token}`. */
export const AD_LINK_PAGE = '/anunciante';

// PostgreSQL has no year 0: '0000-01-01' would be a database error, not a 400.
const day = z.iso.date({ error: m.dayInvalid }).refine((d) => !d.startsWith('0000'), m.dayInvalid);
const dayMs = (d: string) => Date.parse(`${d}T00:00:00Z`);

/** Whole days from `from` to `to` (0 when the same day). */
export const daysBetween = (from: string, to: string) => Math.round((dayMs(to) - dayMs(from)) / 86_400_000);

/** The period's two rules, on an object schema (so OpenAPI still lists each field). */
const periodChecked = <S extends z.ZodType<{ from?: string; to?: string }>>(schema: S) =>
  schema
    .refine((q) => (q.from === undefined) === (q.to === undefined), { path: ['to'], message: m.periodIncomplete })
    .refine((q) => !q.from || !q.to || dayMs(q.to) >= dayMs(q.from), { path: ['to'], message: m.endBeforeStart })
    .refine((q) => !q.from || !q.to || daysBetween(q.from, q.to) < AD_STATEMENT_MAX_DAYS, {
      path: ['to'],
      message: m.tooLong,
    });

/**
 * `GET /api/advertisers/{id}/statement?from&to` (and `.csv`, `.pdf`). Both or neither: without a
 * period, the current month of the workspace's time zone up to today.
 */
export const adStatementQuerySchema = periodChecked(z.object({ from: day.optional(), to: day.optional() }));
export type AdStatementQuery = z.infer<typeof adStatementQuerySchema>;

const figures = {
  plays: z.number().int(),
  audience: z.number().int(),
  amountCents: z.number().int(),
};
export type AdFigures = { plays: number; audience: number; amountCents: number };

const statementDaySchema = z.object({ day: z.string(), ...figures });

/** A screen's figures and its days with plays; `name` null once the screen was removed. */
const statementScreenSchema = z.object({
  id: z.number().int(),
  name: z.string().nullable(),
  location: z.string().nullable(),
  ...figures,
  days: z.array(statementDaySchema),
  /** When its latest screenshot was taken (the PDF shows it), null without one. */
  screenshotAt: isoDateTime.nullable(),
});

export const adStatementSchema = z
  .object({
    company: z.object({ name: z.string() }),
    advertiser: z.object({ id: z.number().int(), name: z.string(), document: z.string().nullable() }),
    period: z.object({ from: z.string(), to: z.string() }),
    timeZone: z.string(),
    /** When it was read: a statement is live, each request reads it again. */
    generatedAt: isoDateTime,
    totals: z.object(figures),
    /** By screen name, then id; each screen's days in order. */
    screens: z.array(statementScreenSchema),
    /** By campaign: `name` null once the campaign was removed. */
    campaigns: z.array(z.object({ id: z.number().int(), name: z.string().nullable(), ...figures })),
  })
  .meta({ id: 'AdvertiserStatement' });
export type AdStatement = z.infer<typeof adStatementSchema>;
export type AdStatementScreen = AdStatement['screens'][number];

/** How a link stands: usable, past its expiry, or revoked by an admin (revoked wins). */
export const AD_LINK_STATUSES = ['ativo', 'expirado', 'revogado'] as const;
export type AdLinkStatus = (typeof AD_LINK_STATUSES)[number];
export const AD_LINK_STATUS_LABELS: Record<AdLinkStatus, string> = {
  ativo: 'Ativo',
  expirado: 'Expirado',
  revogado: 'Revogado',
};

export function adLinkStatus(link: { expiresAt: string; revokedAt: string | null }, now: number): AdLinkStatus {
  if (link.revokedAt !== null) return 'revogado';
  return Date.parse(link.expiresAt) <= now ? 'expirado' : 'ativo';
}

/**
 * `POST /api/advertisers/{id}/links`: the period it shows, and until when: `expiresAt` (a future
 * instant) or `days` from now (1..366); neither is `AD_LINK_DEFAULT_DAYS`. Both periods' rules hold.
 */
export const adLinkInputSchema = z
  .object({
    from: day,
    to: day,
    expiresAt: z.iso.datetime({ offset: true, error: m.expiresInvalid }).optional(),
    days: z
      .number({ error: m.daysInvalid })
      .int(m.daysInvalid)
      .min(1, m.daysInvalid)
      .max(366, m.daysInvalid)
      .optional(),
  })
  .refine((q) => dayMs(q.to) >= dayMs(q.from), { path: ['to'], message: m.endBeforeStart })
  .refine((q) => daysBetween(q.from, q.to) < AD_STATEMENT_MAX_DAYS, { path: ['to'], message: m.tooLong })
  .refine((q) => q.expiresAt === undefined || q.days === undefined, { path: ['days'], message: m.expiresOrDays });
export type AdLinkInput = z.infer<typeof adLinkInputSchema>;

/** When a link made `now` expires; null when `expiresAt` is not in the future (a 400). */
export function adLinkExpiry(input: Pick<AdLinkInput, 'expiresAt' | 'days'>, now: number): Date | null {
  if (input.expiresAt !== undefined) {
    const at = Date.parse(input.expiresAt);
    return at > now ? new Date(at) : null;
  }
  return new Date(now + (input.days ?? AD_LINK_DEFAULT_DAYS) * 86_400_000);
}

/** A link as listed: never its token (only its hash is kept). */
export const adLinkSchema = z
  .object({
    id: z.number().int(),
    advertiserId: z.number().int(),
    from: z.string(),
    to: z.string(),
    expiresAt: isoDateTime,
    revokedAt: isoDateTime.nullable(),
    createdAt: isoDateTime,
    status: z.enum(AD_LINK_STATUSES),
  })
  .meta({ id: 'AdvertiserLink' });
export type AdLink = z.infer<typeof adLinkSchema>;
export const adLinkListSchema = z.array(adLinkSchema);

/** The answer of its creation, the only time the token is shown: `url` opens the public page. */
export const adLinkCreatedSchema = adLinkSchema
  .extend({ token: z.string(), url: z.string() })
  .meta({ id: 'AdvertiserLinkCreated' });
export type AdLinkCreated = z.infer<typeof adLinkCreatedSchema>;

/** `/api/advertisers/{id}/links/{linkId}`. */
export const adLinkParamsSchema = idParamsSchema.extend({ linkId: idParamsSchema.shape.id });

/** `/api/public/advertiser-statements/{token}`: any text up to 100 characters; unknown is "Link expirado". */
// No length of its own: any token that is not a live link's is 410 "Link expirado" (the URL's own limit still holds).
export const adLinkTokenParamsSchema = z.object({ token: z.string() });
