import { z } from 'zod';
import { messages } from './messages';

/** The largest value of a PostgreSQL `integer` (every id column): anything above cannot exist. */
export const MAX_DB_INT = 2_147_483_647;

/**
 * An id inside a JSON body (`groupId`, `mediaId`, `playlistId`…): a positive integer that fits the
 * column, so an oversized number is a 400 instead of a database error.
 */
export const idSchema = z.number().int().positive().max(MAX_DB_INT, messages.http.invalidId);

/** The same, also taking a decimal string (form fields that send numbers as text). */
export const coercedIdSchema = z.coerce.number().int().positive().max(MAX_DB_INT, messages.http.invalidId);

/**
 * A numeric path id (`/api/users/{id}`): plain decimal digits only, no sign, no leading zero, no
 * exponent, hex or spaces (`0x1`, `1e0`, `+1`, `1.0`, ` 1` would otherwise all mean user 1), and
 * within the column's range. Anything else is a 400.
 */
export const idParamsSchema = z.object({
  id: z
    .string()
    .regex(/^[1-9]\d{0,9}$/, messages.http.invalidId)
    .transform(Number)
    .pipe(z.number().max(MAX_DB_INT, messages.http.invalidId)),
});

/** Timestamps travel as ISO-8601 strings. */
export const isoDateTime = z.string().meta({ format: 'date-time' });

/**
 * Years a date column holds and a person means: 0001 to 9999 (PostgreSQL has no year 0, and the
 * ISO forms have four digits). Checked on the UTC instant, so an offset cannot push it out.
 */
const inStoredRange = (value: string) => {
  const year = new Date(value).getUTCFullYear();
  return year >= 1 && year <= 9999;
};

/** A calendar day `YYYY-MM-DD` that exists and that the database can store. */
export const calendarDate = (message: string) => z.iso.date({ error: message }).refine(inStoredRange, message);

/** A date-time with offset, or a calendar day, that the database can store. */
export const dateTimeInput = (message: string) =>
  z.iso
    .datetime({ offset: true, error: message })
    .or(z.iso.date({ error: message }))
    .refine(inStoredRange, message);

/** An optional text field where an empty or blank string means "no value" (stored as null). */
export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null));

/** A NUL, or half of a UTF-16 surrogate pair: text that is not valid Unicode. */
// eslint-disable-next-line no-control-regex -- NUL is one of the characters it looks for
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * True when a string anywhere in the value (keys included) holds text PostgreSQL cannot store: text
 * columns refuse NUL, and jsonb (the activity history's data) refuses a lone surrogate.
 */
export function containsUnstorableText(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return UNSTORABLE.test(value);
  if (depth > 32 || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((v) => containsUnstorableText(v, depth + 1));
  return Object.entries(value).some(([k, v]) => UNSTORABLE.test(k) || containsUnstorableText(v, depth + 1));
}
