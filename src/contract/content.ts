import { z } from 'zod';
import { contentMessages as m } from './content-messages';
import { httpUrl } from './http-url';

/**
 * Content beyond files (docs/content.md): a media row is an uploaded file or a content item of a
 * kind with options. One zod schema per kind checks the gallery's form and the server alike.
 * Uploads (images, videos and PDFs) are `file` / `pdf`; the rest are made with
 * `POST /api/media/content`.
 */
export const CONTENT_KINDS = ['webpage', 'text', 'ticker', 'feed', 'clock', 'qrcode'] as const;
export type ContentKind = (typeof CONTENT_KINDS)[number];
export const MEDIA_KINDS = ['file', 'pdf', ...CONTENT_KINDS] as const;
export type MediaKind = (typeof MEDIA_KINDS)[number];

/**
 * A content item's type, as a media row and the manifest carry it: a vendor JSON type per kind, so
 * anything that sorts media by type (the gallery filter, the player) tells them from files.
 */
export const contentMimeType = (kind: ContentKind) => `application/vnd.sinalize.${kind}+json` as const;
export const CONTENT_MIME_TYPES = [
  'application/vnd.sinalize.webpage+json',
  'application/vnd.sinalize.text+json',
  'application/vnd.sinalize.ticker+json',
  'application/vnd.sinalize.feed+json',
  'application/vnd.sinalize.clock+json',
  'application/vnd.sinalize.qrcode+json',
] as const satisfies readonly ReturnType<typeof contentMimeType>[];
export type ContentMimeType = (typeof CONTENT_MIME_TYPES)[number];
export const PDF_MIME_TYPE = 'application/pdf';

/** The kind of a media row, from its type: 'file' for images and videos. */
export function mediaKindOf(mimeType: string): MediaKind {
  if (mimeType === PDF_MIME_TYPE) return 'pdf';
  const match = /^application\/vnd\.sinalize\.([a-z]+)\+json$/.exec(mimeType);
  const kind = match?.[1] as ContentKind | undefined;
  return kind && (CONTENT_KINDS as readonly string[]).includes(kind) ? kind : 'file';
}
/** Whether the row has a stored file (the others are drawn by the player from their options). */
export const hasStoredFile = (mimeType: string) => {
  const kind = mediaKindOf(mimeType);
  return kind === 'file' || kind === 'pdf';
};

/** What a media item is, in the panel's words: the reports' "Tipo" column, the gallery. */
export const MEDIA_KIND_LABELS: Record<Exclude<MediaKind, 'file'>, string> = {
  pdf: 'PDF',
  webpage: 'Página web',
  text: 'Texto',
  ticker: 'Letreiro',
  feed: 'Feed RSS/Atom',
  clock: 'Relógio',
  qrcode: 'QR code',
};
/** The two kinds of uploaded file a screen plays as they are. */
export const FILE_KIND_LABELS = { image: 'Imagem', video: 'Vídeo' } as const;
export const mediaTypeLabel = (mimeType: string): string => {
  const kind = mediaKindOf(mimeType);
  if (kind !== 'file') return MEDIA_KIND_LABELS[kind];
  return mimeType.startsWith('video/') ? FILE_KIND_LABELS.video : FILE_KIND_LABELS.image;
};

const color = z.string({ error: m.colorInvalid }).regex(/^#[0-9a-fA-F]{6}$/, m.colorInvalid);
/** Sizes relative to the zone's height, so one item reads well in a strip and on a whole screen. */
export const TEXT_SIZES = ['small', 'medium', 'large', 'huge'] as const;
export type TextSize = (typeof TEXT_SIZES)[number];
const size = z.enum(TEXT_SIZES, { error: m.sizeInvalid });
export const TEXT_ALIGNS = ['left', 'center', 'right'] as const;
const align = z.enum(TEXT_ALIGNS, { error: m.alignInvalid });

/** An address the TV or the server opens: http or https only (no javascript:, file:, data:). */
export const httpUrlSchema = z
  .string({ error: m.urlRequired })
  .trim()
  .min(1, m.urlRequired)
  .max(2000, m.urlTooLong)
  .refine((value) => httpUrl(value) !== null, m.urlNotHttp);

/** A whole number in [min, max]; anything else (a text, a fraction, out of range) gets `error`. */
const wholeNumber = (min: number, max: number, error: string) =>
  z.number({ error }).int(error).min(min, error).max(max, error);
const minutes = (error: string) => wholeNumber(1, 24 * 60, error);

export const webpageOptionsSchema = z.object({
  url: httpUrlSchema,
  /** Minutes between reloads while on screen; null: never. */
  refreshMinutes: minutes(m.refreshInvalid).nullable().default(null),
  zoom: wholeNumber(25, 400, m.zoomInvalid).default(100),
});

export const textOptionsSchema = z
  .object({
    title: z.string({ error: m.textRequired }).trim().max(200, m.titleTooLong).default(''),
    body: z.string({ error: m.textRequired }).trim().max(2000, m.bodyTooLong).default(''),
    textColor: color.default('#ffffff'),
    backgroundColor: color.default('#0f172a'),
    size: size.default('large'),
    align: align.default('center'),
  })
  .refine((o) => o.title !== '' || o.body !== '', { message: m.textRequired, path: ['title'] });

/** What a ticker and a feed shown as a ticker share: speed (pixels per second at 1080p), colours, size, separator. */
const tickerStyle = {
  speed: wholeNumber(20, 600, m.speedInvalid).default(120),
  textColor: color.default('#ffffff'),
  backgroundColor: color.default('#0f172a'),
  size: size.default('medium'),
  separator: z.string({ error: m.separatorTooLong }).max(10, m.separatorTooLong).default('•'),
};

export const TICKER_MAX_LINES = 50;
export const tickerOptionsSchema = z.object({
  lines: z
    .array(z.string({ error: m.tickerLineInvalid }).trim().min(1, m.tickerLineEmpty).max(500, m.tickerLineTooLong), {
      error: m.tickerEmpty,
    })
    .min(1, m.tickerEmpty)
    .max(TICKER_MAX_LINES, m.tickerTooManyLines),
  ...tickerStyle,
});

export const FEED_DISPLAYS = ['ticker', 'slides'] as const;
export const FEED_DEFAULT_REFRESH_MINUTES = 15;
export const feedOptionsSchema = z.object({
  url: httpUrlSchema,
  refreshMinutes: minutes(m.refreshInvalid).default(FEED_DEFAULT_REFRESH_MINUTES),
  maxItems: wholeNumber(1, 50, m.maxItemsInvalid).default(10),
  display: z.enum(FEED_DISPLAYS, { error: m.displayInvalid }).default('ticker'),
  /** Slides: seconds per item. */
  secondsPerItem: wholeNumber(3, 600, m.secondsInvalid).default(10),
  ...tickerStyle,
});

export const CLOCK_STYLES = ['digital', 'analog'] as const;
export const clockOptionsSchema = z.object({
  style: z.enum(CLOCK_STYLES, { error: m.clockStyleInvalid }).default('digital'),
  showDate: z.boolean({ error: m.booleanInvalid }).default(true),
  showSeconds: z.boolean({ error: m.booleanInvalid }).default(false),
  textColor: color.default('#ffffff'),
  backgroundColor: color.default('#0f172a'),
});

export const qrcodeOptionsSchema = z.object({
  /** A URL or any text; drawn locally (no external service). */
  value: z.string({ error: m.qrValueRequired }).trim().min(1, m.qrValueRequired).max(1000, m.qrValueTooLong),
  caption: z.string({ error: m.captionTooLong }).trim().max(200, m.captionTooLong).default(''),
  foregroundColor: color.default('#000000'),
  backgroundColor: color.default('#ffffff'),
});

export const pdfOptionsSchema = z.object({
  secondsPerPage: wholeNumber(3, 600, m.secondsInvalid).default(10),
});

export const contentOptionsSchemas = {
  webpage: webpageOptionsSchema,
  text: textOptionsSchema,
  ticker: tickerOptionsSchema,
  feed: feedOptionsSchema,
  clock: clockOptionsSchema,
  qrcode: qrcodeOptionsSchema,
  pdf: pdfOptionsSchema,
} as const;
export type WebpageOptions = z.infer<typeof webpageOptionsSchema>;
export type TextOptions = z.infer<typeof textOptionsSchema>;
export type TickerOptions = z.infer<typeof tickerOptionsSchema>;
export type FeedOptions = z.infer<typeof feedOptionsSchema>;
export type ClockOptions = z.infer<typeof clockOptionsSchema>;
export type QrcodeOptions = z.infer<typeof qrcodeOptionsSchema>;
export type PdfOptions = z.infer<typeof pdfOptionsSchema>;
export type ContentOptions = { [K in keyof typeof contentOptionsSchemas]: z.infer<(typeof contentOptionsSchemas)[K]> };

const name = z.string({ error: m.nameRequired }).trim().min(1, m.nameRequired).max(200, m.nameTooLong);

const createOf = <K extends ContentKind>(kind: K) =>
  z.object({ kind: z.literal(kind), name, options: contentOptionsSchemas[kind] });

/** `POST /api/media/content`: one of the kinds, with its options (defaults filled). */
export const contentCreateSchema = z
  .discriminatedUnion(
    'kind',
    [
      createOf('webpage'),
      createOf('text'),
      createOf('ticker'),
      createOf('feed'),
      createOf('clock'),
      createOf('qrcode'),
    ],
    { error: m.kindInvalid },
  )
  .meta({ id: 'ContentCreate' });
export type ContentCreate = z.infer<typeof contentCreateSchema>;

/**
 * `PUT /api/media/{id}`: a new name and, for a content item or a PDF, its whole options (checked
 * by the item's kind on the server). A file's options are refused.
 */
export const mediaUpdateSchema = z
  .object({ name: name.optional(), options: z.record(z.string(), z.unknown()).optional() })
  .refine((body) => body.name !== undefined || body.options !== undefined, { message: m.updateEmpty })
  .meta({ id: 'MediaUpdate', anyOf: [{ required: ['name'] }, { required: ['options'] }] });
export type MediaUpdate = z.infer<typeof mediaUpdateSchema>;

/** A feed's item as the manifest carries it: text only (HTML stripped), the image cached like media. */
export const feedItemSchema = z.object({
  title: z.string(),
  summary: z.string(),
  publishedAt: z.string().nullable(),
  /** The item's picture, served by us (signed like media); null when the item has none. */
  imageUrl: z.string().nullable(),
});
export type FeedItem = z.infer<typeof feedItemSchema>;

/** Where a feed stands (the gallery shows it): its last good fetch, and the last failure's reason. */
export const feedStatusSchema = z
  .object({
    itemCount: z.number().int(),
    lastSuccessAt: z.string().nullable(),
    lastAttemptAt: z.string().nullable(),
    lastError: z.string().nullable(),
  })
  .meta({ id: 'FeedStatus' });
export type FeedStatus = z.infer<typeof feedStatusSchema>;

/** A PDF page rendered when stored (docs/content.md#pdf): an image file of its own. */
export const pdfPageSchema = z.object({ url: z.string(), size: z.number().int(), sha256: z.string() });

/**
 * What the player needs to draw a content item (the manifest's `content`): the kind's options, a
 * feed's last good items, a PDF's pages.
 */
export const manifestContentSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('webpage'),
    options: webpageOptionsSchema,
    /** Its headers refused frames when it was saved (the server's check): a frame would stay blank. */
    framingRefused: z.boolean().optional(),
  }),
  z.object({ kind: z.literal('text'), options: textOptionsSchema }),
  z.object({ kind: z.literal('ticker'), options: tickerOptionsSchema }),
  z.object({ kind: z.literal('feed'), options: feedOptionsSchema, items: z.array(feedItemSchema) }),
  z.object({ kind: z.literal('clock'), options: clockOptionsSchema }),
  z.object({ kind: z.literal('qrcode'), options: qrcodeOptionsSchema }),
  z.object({ kind: z.literal('pdf'), options: pdfOptionsSchema, pages: z.array(pdfPageSchema) }),
]);
export type ManifestContent = z.infer<typeof manifestContentSchema>;
