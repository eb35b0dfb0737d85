/**
 * pt-BR display helpers (docs/product.md#constants). Pure functions: the clock is a parameter where it matters so
 * the unit tests do not depend on when they run.
 */
const LOCALE = 'pt-BR';
const BYTE_UNITS = ['B', 'KB', 'MB', 'GB'] as const;

/**
 * A formatter built on its first use, not when the module loads: building Intl formatters loads
 * locale data (a long task on a throttled phone; docs/benchmarks.md), and this module comes with every
 * signed-in page, most of which never format a date (docs/benchmarks.md#targets: the dashboard's blocking time).
 */
function lazyFormat<T>(create: () => T): () => T {
  let formatter: T | undefined;
  return () => (formatter ??= create());
}

const twoDecimals = lazyFormat(
  () => new Intl.NumberFormat(LOCALE, { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
);

/**
 * A whole count with pt-BR thousands dots, `12345` → `12.345` (what `toLocaleString('pt-BR')` gives
 * for an integer), without Intl: the first pt-BR Intl formatter of a page loads locale data, about
 * 60 ms on a throttled phone, in the middle of the dashboard's first render (docs/benchmarks.md#targets). Anything
 * but a safe integer goes to Intl.
 */
export function formatCount(value: number): string {
  if (!Number.isSafeInteger(value)) return value.toLocaleString(LOCALE);
  return String(value).replace(/\B(?=(\d{3})+$)/g, '.');
}

/** Bytes in B, KB, MB or GB, base 1024, two decimals above bytes: `1536` → `1,50 KB`. */
export function formatBytes(bytes: number | null | undefined): string {
  if (!bytes || !Number.isFinite(bytes) || bytes < 0) return '0 B';
  let unit = 0;
  let value = bytes;
  while (value >= 1024 && unit < BYTE_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return unit === 0 ? `${Math.round(value)} B` : `${twoDecimals().format(value)} ${BYTE_UNITS[unit]}`;
}

const oneDecimal = lazyFormat(
  () => new Intl.NumberFormat(LOCALE, { minimumFractionDigits: 1, maximumFractionDigits: 1 }),
);
const wholeNumber = lazyFormat(() => new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 0 }));

/** Always in MB, two decimals, base 1024 (the upload dialog's file list): `1572864` → `1,50 MB`. */
export function formatMegabytes(bytes: number | null | undefined): string {
  const value = bytes && Number.isFinite(bytes) && bytes > 0 ? bytes / (1024 * 1024) : 0;
  return `${twoDecimals().format(value)} MB`;
}

/** A whole number of GB without decimals when exact (`1 GB`), else like formatBytes. */
export function formatQuota(bytes: number): string {
  const gb = bytes / 1024 ** 3;
  return Number.isInteger(gb) && gb > 0 ? `${wholeNumber().format(gb)} GB` : formatBytes(bytes);
}

/** `part` of `whole` as a percentage with one decimal: `1,2%`; 0 when the whole is not positive. */
export function formatPercent(part: number, whole: number): string {
  const value = whole > 0 && Number.isFinite(part) && part > 0 ? (part / whole) * 100 : 0;
  return `${oneDecimal().format(value)}%`;
}

/** Seconds as m:ss (minutes are not wrapped into hours): `65` → `1:05`, `3600` → `60:00`. */
export function formatDuration(seconds: number | null | undefined): string {
  const total = seconds && Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  const minutes = Math.floor(total / 60);
  const rest = total % 60;
  return `${minutes}:${String(rest).padStart(2, '0')}`;
}

function toDate(value: Date | string | number | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

const shortDate = lazyFormat(
  () => new Intl.DateTimeFormat(LOCALE, { day: '2-digit', month: '2-digit', year: 'numeric' }),
);
const longDate = lazyFormat(() => new Intl.DateTimeFormat(LOCALE, { day: 'numeric', month: 'long', year: 'numeric' }));

/** `dd/mm/aaaa`; an empty or invalid value gives an empty string. */
export function formatDate(value: Date | string | number | null | undefined): string {
  const date = toDate(value);
  return date ? shortDate().format(date) : '';
}

/** The long pt-BR date: `21 de novembro de 2026`. */
export function formatLongDate(value: Date | string | number | null | undefined): string {
  const date = toDate(value);
  return date ? longDate().format(date) : '';
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const plural = (n: number, one: string, many: string) => `Há ${n} ${n === 1 ? one : many}`;

/**
 * Relative time of docs/product.md#constants: Agora mesmo (under a minute, or in the future), then minutes, hours
 * and days, floored. The catalogue's "minuto(s)" is rendered as proper Portuguese singular/plural.
 */
export function formatRelativeTime(value: Date | string | number | null | undefined, now: number = Date.now()): string {
  const date = toDate(value);
  if (!date) return '';
  const diff = now - date.getTime();
  if (diff < MINUTE) return 'Agora mesmo';
  if (diff < HOUR) return plural(Math.floor(diff / MINUTE), 'minuto', 'minutos');
  if (diff < DAY) return plural(Math.floor(diff / HOUR), 'hora', 'horas');
  return plural(Math.floor(diff / DAY), 'dia', 'dias');
}

const dateAndTimeFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * An instant as `dd/mm/aaaa` and `hh:mm:ss` (24 h) on the given time zone's clock, or the
 * browser's without one. Null for an empty or invalid value.
 */
export function formatDateAndTime(
  value: Date | string | number | null | undefined,
  timeZone?: string,
): { date: string; time: string } | null {
  const date = toDate(value);
  if (!date) return null;
  const key = timeZone ?? '';
  let format = dateAndTimeFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(LOCALE, {
      timeZone,
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    dateAndTimeFormats.set(key, format);
  }
  // From the parts, not the formatted string: its separators vary between ICU versions.
  const parts = Object.fromEntries(format.formatToParts(date).map((p) => [p.type, p.value]));
  return { date: `${parts.day}/${parts.month}/${parts.year}`, time: `${parts.hour}:${parts.minute}:${parts.second}` };
}
