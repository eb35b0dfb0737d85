/**
 * The name of the unique constraint a failed write hit, or null. Drizzle wraps driver errors, and
 * pg and PGlite both report SQLSTATE 23505 with the constraint name.
 */
export function uniqueViolation(error: unknown): string | null {
  for (
    let e = error as { code?: string; constraint?: string; cause?: unknown } | undefined;
    e;
    e = e.cause as typeof e
  ) {
    if (e.code === '23505') return e.constraint ?? '';
  }
  return null;
}
