import { z } from 'zod';
import { isoDateTime } from './common';
import { CONTENT_MIME_TYPES, MEDIA_KINDS, PDF_MIME_TYPE, feedStatusSchema } from './content';

/**
 * The images' and videos' types (docs/media.md#types), decided by the server from the file's magic
 * bytes. Uploads also take PDFs (`UPLOAD_MIME_TYPES`); anything else (SVG and HTML included) is
 * refused with 415.
 */
export const MEDIA_MIME_TYPES = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/gif',
  'video/mp4',
  'video/quicktime',
  'video/webm',
] as const;
export type MediaMimeType = (typeof MEDIA_MIME_TYPES)[number];
/** What `POST /api/media/upload` accepts: images, videos and PDFs (rendered to page images: docs/content.md#pdf). */
export const UPLOAD_MIME_TYPES = [...MEDIA_MIME_TYPES, PDF_MIME_TYPE] as const;
export type UploadMimeType = (typeof UPLOAD_MIME_TYPES)[number];
/** Every type a media row may have: the uploads', PDFs' and the content kinds' (docs/content.md). */
export const STORED_MIME_TYPES = [...UPLOAD_MIME_TYPES, ...CONTENT_MIME_TYPES] as const;
export type StoredMimeType = (typeof STORED_MIME_TYPES)[number];

/**
 * Where a media item stands after its upload answered (docs/media.md#processing): `processing` while the
 * background queue derives its thumbnail, duration and poster (and moves a video's index first);
 * `ready` once done (a poster that could not be taken only leaves `thumbnailUrl` null);
 * `failed` when the file could not be read as media (kept, shown, never sent to TVs).
 */
export const MEDIA_STATUSES = ['processing', 'ready', 'failed'] as const;
export type MediaStatus = (typeof MEDIA_STATUSES)[number];

export const isVideoMime = (mimeType: string) => mimeType.startsWith('video/');
export const isImageMime = (mimeType: string) => mimeType.startsWith('image/');

/** The multipart field that carries the file in `POST /api/media/upload`. */
export const MEDIA_UPLOAD_FIELD = 'file';

/**
 * A media item as the API returns it. `url` streams the file (Range, ETag); `thumbnailUrl` is a
 * WebP of at most 320 px (images and video posters), null when none could be made. A content
 * item has no file: `url` is empty, `size` 0 and `filename` empty; `originalName` is its name.
 */
export const mediaSchema = z
  .object({
    id: z.number().int(),
    userId: z.number().int(),
    filename: z.string(),
    originalName: z.string(),
    mimeType: z.enum(STORED_MIME_TYPES),
    /** `file` for images and videos; the others are docs/content.md's kinds. */
    kind: z.enum(MEDIA_KINDS),
    /** A content item's or a PDF's options (docs/content.md); null for images and videos. */
    options: z.record(z.string(), z.unknown()).nullable(),
    size: z.number().int().min(0),
    /** Whole seconds, rounded; null for images. */
    duration: z.number().int().min(0).nullable(),
    url: z.string(),
    thumbnailUrl: z.string().nullable(),
    sha256: z.string(),
    /** TVs get an item once its media is `ready`; `size` and `sha256` may change until then. */
    status: z.enum(MEDIA_STATUSES),
    /** A PDF's rendered pages (docs/content.md#pdf), once processed; absent for the other kinds. */
    pageCount: z.number().int().nullable().optional(),
    createdAt: isoDateTime,
    /** A feed's last fetch and its failure's reason (docs/content.md#feeds); absent for other kinds. */
    feed: feedStatusSchema.nullable().optional(),
    /**
     * Something to tell the person after a save that succeeded: a web page that refuses to be shown
     * inside another page (docs/content.md#web-pages-the-framing-check).
     */
    warning: z.string().optional(),
  })
  .meta({ id: 'Media' });
export type Media = z.infer<typeof mediaSchema>;

/** `GET /api/media`: newest first; the caller's own media (an admin's list holds everyone's). */
export const mediaListSchema = z.array(mediaSchema);

/** `GET /api/media/usage`: the caller's own storage use against their quota (the gallery card). */
export const mediaUsageSchema = z
  .object({
    usedBytes: z.number().int().min(0),
    quotaBytes: z.number().int().min(0),
    count: z.number().int().min(0),
  })
  .meta({ id: 'MediaUsage' });
export type MediaUsage = z.infer<typeof mediaUsageSchema>;

export const mediaFileUrl = (id: number) => `/api/media/${id}/file`;
export const mediaDownloadUrl = (id: number) => `/api/media/${id}/download`;
export const mediaThumbnailUrl = (id: number) => `/api/media/${id}/thumbnail`;
