import type { TextSize } from '@contract/content';

/**
 * Reading a content item's options for a preview (docs/content.md#in-the-panel): the form's values
 * may be half-typed, so every read falls back to a sane value instead of throwing.
 */
export type PreviewOptions = Record<string, unknown>;

export const readString = (o: PreviewOptions, key: string, fallback = ''): string =>
  typeof o[key] === 'string' ? o[key] : fallback;
export const readNumber = (o: PreviewOptions, key: string, fallback: number): number => {
  const value = o[key];
  return typeof value === 'number' && Number.isFinite(value) ? value : fallback;
};
export const readBoolean = (o: PreviewOptions, key: string, fallback: boolean): boolean =>
  typeof o[key] === 'boolean' ? o[key] : fallback;
const HEX = /^#[0-9a-fA-F]{6}$/;
export const readColor = (o: PreviewOptions, key: string, fallback: string): string => {
  const value = readString(o, key);
  return HEX.test(value) ? value : fallback;
};

/**
 * Sizes are relative to the zone's height (docs/content.md#the-model): the preview box is a size
 * container, so `cqh` scales the text with the box like the player scales it with the zone.
 */
const SIZE_CQH: Record<TextSize, number> = { small: 6, medium: 9, large: 13, huge: 20 };
export const fontSizeOf = (o: PreviewOptions, fallback: TextSize): string => {
  const size = readString(o, 'size', fallback);
  return `${SIZE_CQH[size as TextSize] ?? SIZE_CQH[fallback]}cqh`;
};
