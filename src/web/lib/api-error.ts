import type { ApiError } from '@contract/errors';

/** One field issue of a 400 (docs/api.md#errors): the zod path of the request body, and its pt-BR message. */
export type ServerIssue = NonNullable<ApiError['issues']>[number];

/** The answer's JSON object, or an empty one when the body is not JSON (a proxy's HTML page, nothing). */
function parseBody(body: string): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(body);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

const isIssue = (value: unknown): value is ServerIssue => {
  if (typeof value !== 'object' || value === null) return false;
  const { path, message } = value as { path?: unknown; message?: unknown };
  return (
    Array.isArray(path) &&
    path.every((p) => typeof p === 'string' || typeof p === 'number') &&
    typeof message === 'string'
  );
};

const SPEC_MESSAGE = /^(\d{3}): ([\s\S]*)$/;

/**
 * The error every non-ok answer raises (docs/api.md#calls): its message is `${status}: ${body or statusText}`.
 * The server's `{ message, code, issues }` body is read here, once, so callers read fields instead of
 * parsing the message back. The body is checked by hand, not with the contract's zod schema: this
 * module is in the entry chunk, and zod is not.
 */
export class ApiRequestError extends Error {
  /** The server's pt-BR `message`, shown as is; null when the body has none (or a blank one). */
  readonly serverMessage: string | null;
  /** One of `ERROR_CODES` (contract/errors.ts), when the server sent one. */
  readonly code: string | null;
  readonly issues: readonly ServerIssue[];

  constructor(
    readonly status: number,
    /** The answer's text, as received. */
    readonly body: string,
    statusText: string,
  ) {
    super(`${status}: ${body || statusText}`);
    this.name = 'ApiRequestError';
    const { message, code, issues } = parseBody(body);
    this.serverMessage = typeof message === 'string' && message.trim() ? message : null;
    this.code = typeof code === 'string' ? code : null;
    this.issues = Array.isArray(issues) ? issues.filter(isIssue) : [];
  }

  /** The error as an `ApiRequestError`: itself, or a plain `Error` whose message is `<status>: <body>`; else null. */
  static from(error: unknown): ApiRequestError | null {
    if (error instanceof ApiRequestError) return error;
    const match = error instanceof Error ? SPEC_MESSAGE.exec(error.message) : null;
    return match ? new ApiRequestError(Number(match[1]), match[2]!, '') : null;
  }
}

/** The HTTP status of a failed request, when the error came from the API. */
export function getErrorStatus(error: unknown): number | null {
  return ApiRequestError.from(error)?.status ?? null;
}

/**
 * The server's pt-BR `message` carried by an API error (docs/api.md#errors), or null when there is none
 * (network failure, a non-JSON body). Toasts show it when present, else their catalogue text.
 */
export function getServerMessage(error: unknown): string | null {
  return ApiRequestError.from(error)?.serverMessage ?? null;
}
