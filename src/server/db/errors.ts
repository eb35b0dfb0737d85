/** The constraint named by the first error of the `cause` chain with this SQLSTATE, or null. */
function constraintOf(error: unknown, sqlState: string): string | null {
  for (
    let e = error as { code?: string; constraint?: string; cause?: unknown } | undefined;
    e;
    e = e.cause as typeof e
  ) {
    if (e.code === sqlState) return e.constraint ?? '';
  }
  return null;
}

/**
 * The name of the unique constraint a failed write hit, or null. Drizzle wraps driver errors, and
 * pg and PGlite both report SQLSTATE 23505 with the constraint name.
 */
export const uniqueViolation = (error: unknown): string | null => constraintOf(error, '23505');

/** The name of the foreign key a write broke (SQLSTATE 23503: a row still referenced), or null. */
export const foreignKeyViolation = (error: unknown): string | null => constraintOf(error, '23503');

/** Node's socket errors of a service that is not there (restarting, failing over, unreachable). */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/**
 * SQLSTATEs of a server going away or not taking us now: admin_shutdown (pg_terminate_backend, a
 * restart), crash_shutdown, cannot_connect_now (starting up, in recovery), too_many_connections and
 * the whole connection class 08.
 */
const POSTGRES_CODES = new Set(['57P01', '57P02', '57P03', '53300']);
/** pg and ioredis report some of these without a code: their messages are fixed strings. */
const CONNECTION_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
  'Connection is closed.',
  "Stream isn't writeable",
];

/**
 * Whether an error says the database or Redis is unreachable right now (a restart, a failover, a
 * cut connection) rather than anything about the request: answered 503 with Retry-After, never as
 * a refusal (docs/scaling.md, "When PostgreSQL or Redis goes away"). Follows Drizzle's `cause` and
 * the `errors` of an AggregateError (a connection tried on IPv4 and IPv6).
 */
export function isServiceUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 5) return false;
  const e = error as { code?: unknown; name?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  if (typeof e.code === 'string') {
    if (NETWORK_CODES.has(e.code) || POSTGRES_CODES.has(e.code) || /^08[0-9A-Z]{3}$/.test(e.code)) return true;
  }
  if (e.name === 'MaxRetriesPerRequestError') return true;
  if (typeof e.message === 'string' && CONNECTION_MESSAGES.some((m) => (e.message as string).startsWith(m)))
    return true;
  if (Array.isArray(e.errors) && e.errors.some((inner) => isServiceUnavailable(inner, depth + 1))) return true;
  return isServiceUnavailable(e.cause, depth + 1);
}
