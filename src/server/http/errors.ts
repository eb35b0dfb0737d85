import type { FastifyError, FastifyInstance } from 'fastify';
import { ZodError } from 'zod';
import { ERROR_CODES, type ApiError } from '../../contract/errors';
import { messages } from '../../contract/messages';

/** An error whose message is safe to show the user; thrown by services, answered as DESIGN §4. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly code?: string,
    readonly issues?: ApiError['issues'],
  ) {
    super(message);
  }
}

export const notFound = (message: string = messages.http.notFound) => new HttpError(404, message, ERROR_CODES.notFound);
export const forbidden = (message: string = messages.auth.forbidden) => new HttpError(403, message, ERROR_CODES.forbidden);
export const conflict = (message: string, code: string = ERROR_CODES.conflict) => new HttpError(409, message, code);

export function validationError(error: ZodError): HttpError {
  const issues = error.issues.map((i) => ({ path: i.path.map((p) => (typeof p === 'symbol' ? String(p) : p)), message: i.message }));
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

/** Every error leaves as `{ message, code?, issues? }` with a pt-BR message; 5xx details stay in the log. */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError | ZodError, request, reply) => {
    if (error instanceof ZodError) error = validationError(error);
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).send({ message: error.message, code: error.code, issues: error.issues });
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return reply.status(429).send({ message: messages.auth.tooManyAttempts, code: ERROR_CODES.rateLimited });
    }
    if (status >= 400 && status < 500) {
      const message = frameworkMessages[error.code] ?? (error.name === 'SyntaxError' ? frameworkMessages.FST_ERR_CTP_INVALID_JSON_BODY! : messages.http.invalidRequest);
      return reply.status(status).send({ message, code: error.code ?? ERROR_CODES.validation });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ message: messages.http.internal, code: ERROR_CODES.internal });
  });
}
