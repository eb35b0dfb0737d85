import type { FeedItem } from '@contract/content';

/**
 * The arithmetic of the content kinds the player draws (docs/content.md#the-player), apart from
 * the DOM so it is unit tested: the ticker's loop, the clock's texts in a time zone, which feed
 * slide or PDF page is on screen.
 */

/** The ticker's text: its lines joined by the separator, with one more separator closing the loop. */
export function tickerText(lines: readonly string[], separator: string): string {
  const sep = separator.trim() === '' ? '   ' : `  ${separator.trim()}  `;
  const kept = lines.map((line) => line.trim()).filter(Boolean);
  return kept.length === 0 ? '' : `${kept.join(sep)}${sep}`;
}

/** The height a ticker's speed is given for: `speed` px/s on a 1080-pixel-high screen. */
export const TICKER_REFERENCE_HEIGHT = 1080;

/**
 * One loop of the ticker: the text (one copy, `copyWidth` px) moves its own width to the left, then
 * starts over where the next copy stood, so the loop has no seam. The speed scales with the screen
 * (`screenHeight`: its short side), as the option is given for 1080p. `copies`: how many copies the
 * track holds so the zone is always full while it moves.
 */
export function tickerLoop(
  copyWidth: number,
  zoneWidth: number,
  speed: number,
  screenHeight: number,
): { durationMs: number; copies: number } {
  const pxPerSecond = Math.max(1, speed * (screenHeight > 0 ? screenHeight / TICKER_REFERENCE_HEIGHT : 1));
  const width = Math.max(1, copyWidth);
  return {
    durationMs: Math.max(1, Math.round((width / pxPerSecond) * 1000)),
    copies: Math.max(2, Math.ceil(Math.max(0, zoneWidth) / width) + 1),
  };
}

export interface ClockTexts {
  /** `14:05` or `14:05:09` (24 hours). */
  time: string;
  /** `quinta-feira, 26 de novembro`. */
  date: string;
  /** For the analog face: the hands' angles in degrees, clockwise from 12. */
  hourAngle: number;
  minuteAngle: number;
  secondAngle: number;
}

const timeFormats = new Map<string, Intl.DateTimeFormat>();
/** Intl formatters are costly to make: one per zone and shape, made once. */
function formatOf(timeZone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${timeZone}|${JSON.stringify(options)}`;
  let format = timeFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('pt-BR', { ...options, timeZone });
    timeFormats.set(key, format);
  }
  return format;
}

/** The clock's texts and hands at `now` in `timeZone` (the workspace's, from the manifest). */
export function clockTexts(now: Date, timeZone: string, showSeconds: boolean): ClockTexts {
  const parts = formatOf(timeZone, {
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(now);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const [hour, minute, second] = [part('hour') % 24, part('minute'), part('second')];
  const pad = (n: number) => String(n).padStart(2, '0');
  const time = `${pad(hour)}:${pad(minute)}${showSeconds ? `:${pad(second)}` : ''}`;
  const date = formatOf(timeZone, { weekday: 'long', day: 'numeric', month: 'long' }).format(now);
  return {
    time,
    date,
    hourAngle: ((hour % 12) + minute / 60) * 30,
    minuteAngle: (minute + second / 60) * 6,
    secondAngle: second * 6,
  };
}

/** The runtime knows the zone (an old WebView may not): else the clock shows the device's own. */
export function usableTimeZone(timeZone: string | undefined): string | undefined {
  if (!timeZone) return undefined;
  try {
    new Intl.DateTimeFormat('pt-BR', { timeZone });
    return timeZone;
  } catch {
    return undefined;
  }
}

/** Milliseconds from `nowMs` to the next whole second: the clock ticks on the second. */
export const msToNextSecond = (nowMs: number) => 1000 - (((nowMs % 1000) + 1000) % 1000);

/**
 * Which of `count` slides (feed items, PDF pages) shows `elapsedMs` after the item came on screen,
 * `secondsEach` each, looping; 0 with none.
 */
export function slideAt(count: number, secondsEach: number, elapsedMs: number): number {
  if (count <= 0) return 0;
  const each = Math.max(1, secondsEach) * 1000;
  return Math.floor(Math.max(0, elapsedMs) / each) % count;
}

/** What a feed with no item yet (never fetched, or empty) shows, as a slide or a ticker: not a blank. */
export const NO_NEWS = 'Nenhuma notícia no momento';

/** A feed's items as slides: those with a title or a summary, in the feed's order. */
export const feedSlides = (items: readonly FeedItem[]) =>
  items.filter((item) => item.title.trim() !== '' || item.summary.trim() !== '');

/** A feed shown as a ticker: its items' titles (the summary when an item has none). */
export const feedTickerLines = (items: readonly FeedItem[]) =>
  feedSlides(items).map((item) => (item.title.trim() || item.summary.trim()).replace(/\s+/g, ' '));

/** The host a web page item shows, for the notices and the screenshot's placeholder. */
export function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}
