import { CONTENT_KINDS, contentOptionsSchemas, type ContentKind } from '@contract/content';
import type { Media } from '@contract/media';
import { displayKindOf, isContentKind } from '@web/lib/media-kinds';

/**
 * The gallery's content form (docs/content.md#in-the-panel): the body of `POST /api/media/content`
 * as typed, checked by the contract's `contentCreateSchema`, the server's own schema.
 */
export type ContentFormValues = { kind: ContentKind; name: string; options: Record<string, unknown> };

/** The least a kind needs to pass its schema, so `parse` fills in (and tells us) every default. */
const SEEDS: Record<ContentKind, Record<string, unknown>> = {
  webpage: { url: 'https://exemplo.com.br' },
  text: { title: 'x' },
  ticker: { lines: ['x'] },
  feed: { url: 'https://exemplo.com.br' },
  clock: {},
  qrcode: { value: 'x' },
};
/** ...then blanked again: a new item's fields start empty. */
const BLANKS: Record<ContentKind, Record<string, unknown>> = {
  webpage: { url: '' },
  text: { title: '' },
  ticker: { lines: [] },
  feed: { url: '' },
  clock: {},
  qrcode: { value: '' },
};

/** A new item's options: the schema's defaults, the required fields empty. */
export const contentDefaults = (kind: ContentKind): Record<string, unknown> => ({
  ...(contentOptionsSchemas[kind].parse(SEEDS[kind]) as Record<string, unknown>),
  ...BLANKS[kind],
});

/** The form's first values: a new item of `kind`, or the saved item (its options over the defaults). */
export function initialValues(kind: ContentKind, media?: Media): ContentFormValues {
  return {
    kind,
    name: media?.originalName ?? '',
    options: { ...contentDefaults(kind), ...(media?.options ?? {}) },
  };
}

/** The content kind of a saved item, or null for files (images, videos, PDFs). */
export function contentKindOf(media: Pick<Media, 'mimeType'>): ContentKind | null {
  const kind = displayKindOf(media.mimeType);
  return isContentKind(kind) ? kind : null;
}

/** A ticker's textarea: one line per row; blank rows are dropped (the schema refuses empty lines). */
export const linesFromText = (text: string): string[] => text.split(/\r?\n/).filter((line) => line.trim() !== '');

export { CONTENT_KINDS };
