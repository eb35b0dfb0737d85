import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodError } from 'zod';
import { ERROR_CODES, isFrameworkErrorCode, type ApiError, type ErrorCode } from '../../contract/errors';
import { messages } from '../../contract/messages';
import { foreignKeyViolation, isServiceUnavailable } from '../db/errors';
import { setSecurityHeaders } from './security';

/** An error whose message is safe to show the user; thrown by services, answered as docs/api.md#errors. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly code?: ErrorCode,
    readonly issues?: ApiError['issues'],
  ) {
    super(message);
  }
}

export const notFound = (message: string = messages.http.notFound) => new HttpError(404, message, ERROR_CODES.notFound);
export const forbidden = (message: string = messages.auth.forbidden) =>
  new HttpError(403, message, ERROR_CODES.forbidden);
export const conflict = (message: string, code: ErrorCode = ERROR_CODES.conflict) => new HttpError(409, message, code);

/** Seconds a client is asked to wait before trying again while the database or Redis is away. */
export const RETRY_AFTER_SECONDS = 5;

/** 503: the database or Redis is away for now; the caller should try again (docs/scaling.md). */
export const serviceUnavailable = (message: string = messages.unavailable.service) =>
  new HttpError(503, message, ERROR_CODES.serviceUnavailable);

export function validationError(error: ZodError): HttpError {
  const issues = error.issues.map((i) => ({
    path: i.path.map((p) => (typeof p === 'symbol' ? String(p) : p)),
    message: i.message,
  }));
  return new HttpError(400, issues[0]?.message ?? messages.http.invalidRequest, ERROR_CODES.validation, issues);
}

/** pt-BR texts for the errors Fastify itself raises before a handler runs. */
const frameworkMessages: Record<string, string> = {
  FST_ERR_CTP_EMPTY_JSON_BODY: 'O corpo da requisição JSON está vazio.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Tipo de conteúdo não suportado.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'O corpo da requisição é grande demais.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'Tamanho do corpo da requisição inválido.',
  FST_ERR_CTP_INVALID_JSON_BODY: 'JSON inválido no corpo da requisição.',
};

/** Longer URLs answer 414 (nginx's default header buffer is 8 KiB too); ours stay far below. */
export const MAX_URL_LENGTH = 8192;

/**
 * Fastify's `frameworkErrors`: the router's own refusals (a path parameter over `maxParamLength`, a
 * malformed percent-encoding) answer in our format instead of English text echoing the URL.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
  setSecurityHeaders(reply);
  reply
    .header('X-Request-Id', request.id)
    .status(tooLong ? 414 : 400)
    .send(
      tooLong
        ? { message: messages.http.uriTooLong, code: ERROR_CODES.uriTooLong }
        : { message: messages.http.badUrl, code: ERROR_CODES.validation },
    );
}

/**
 * Says why the database refused to remove a row still referenced (a foreign key's `no action`),
 * by the constraint's name: the answer, a 409 naming what holds it (docs/ads.md#ad-campaigns).
 */
/** What a foreign key's failure means on this request; null: nothing more than the error itself. */
export type ForeignKeyExplainer = (request: FastifyRequest) => Promise<HttpError | null>;

/**
 * Every error leaves as `{ message, code?, issues? }` with a pt-BR message; 5xx details stay in the
 * log. `foreignKeys` may be filled after this call (the database comes later).
 */
export function installErrorHandling(
  app: FastifyInstance,
  foreignKeys: ReadonlyMap<string, ForeignKeyExplainer> = new Map(),
): void {
  app.addHook('onRequest', async (request, reply) => {
    if (request.url.length > MAX_URL_LENGTH)
      return reply.status(414).send({ message: messages.http.uriTooLong, code: ERROR_CODES.uriTooLong });
  });
  // Requests are checked by `registerRoutes`, which throws HttpErrors: anything else, a ZodError
  // included, is the server's own failure (500, logged).
  app.setErrorHandler(async (thrown: FastifyError | HttpError, request, reply) => {
    const explain = foreignKeys.get(foreignKeyViolation(thrown) ?? '');
    const error = (explain && (await explain(request).catch(() => null))) || thrown;
    if (error instanceof HttpError) {
      if (error.statusCode === 503) reply.header('Retry-After', String(RETRY_AFTER_SECONDS));
      return reply.status(error.statusCode).send({ message: error.message, code: error.code, issues: error.issues });
    }
    // The database or Redis restarting, failing over or cut off: try again, nothing was refused.
    if (isServiceUnavailable(error)) {
      request.log.warn({ err: error }, 'service unavailable');
      return reply
        .status(503)
        .header('Retry-After', String(RETRY_AFTER_SECONDS))
        .send({ message: messages.unavailable.service, code: ERROR_CODES.serviceUnavailable });
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return reply.status(429).send({ message: messages.auth.tooManyAttempts, code: ERROR_CODES.rateLimited });
    }
    if (status >= 400 && status < 500) {
      const message =
        frameworkMessages[error.code] ??
        (error.name === 'SyntaxError'
          ? frameworkMessages.FST_ERR_CTP_INVALID_JSON_BODY!
          : messages.http.invalidRequest);
      // Fastify's own codes pass as they are; anything else is not ours to name.
      return reply
        .status(status)
        .send({ message, code: isFrameworkErrorCode(error.code) ? error.code : ERROR_CODES.validation });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ message: messages.http.internal, code: ERROR_CODES.internal });
  });
}
