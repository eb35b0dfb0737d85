import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { containsUnstorableText } from '../../contract/common';
import { ERROR_CODES } from '../../contract/errors';
import { messages } from '../../contract/messages';
import { HttpError, validationError } from './errors';
import { consume, type Limiter, type LimitRule } from '../limits/limiter';
import type { ApiKeyResource } from '../../contract/api-keys';
import type { DeviceIdentity } from '../auth/device-auth';
import type { SessionUser } from '../auth/session-user';

/** Who may call: anyone, a signed-in user (or API key), an admin, or a paired TV (its bearer token). */
export type AuthLevel = 'public' | 'user' | 'admin' | 'device';
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** What the route pipeline tells the authenticator about a route. */
export interface RouteAccess {
  method: HttpMethod;
  auth: AuthLevel;
  /** The resource kind an API key needs a permission on; routes without one refuse keys. */
  apiKey?: ApiKeyResource;
}

/** Who called a route: a user (session or API key), a TV on a device route, or nobody on a public one. */
export interface Caller {
  user: SessionUser | null;
  device: DeviceIdentity | null;
}

/** An abuse limit of one route: `rule` counted per `key` of the request (docs/security.md). */
export interface RouteLimit {
  rule: LimitRule;
  key: (request: FastifyRequest) => string;
}

type Infer<S> = S extends z.ZodType ? z.output<S> : undefined;

export interface RouteContext<B, P, Q, A extends AuthLevel> {
  body: B;
  params: P;
  query: Q;
  user: A extends 'public' ? SessionUser | null : A extends 'device' ? null : SessionUser;
  /** The TV whose token called a device route. */
  device: A extends 'device' ? DeviceIdentity : null;
  request: FastifyRequest;
  reply: FastifyReply;
}

/**
 * One API route: what it accepts (contract schemas), who may call it, what it answers, and a thin
 * handler. The same object registers the route and documents it in OpenAPI, so the two cannot drift.
 */
export interface RouteDef<
  BS extends z.ZodType | undefined = z.ZodType | undefined,
  PS extends z.ZodType | undefined = z.ZodType | undefined,
  QS extends z.ZodType | undefined = z.ZodType | undefined,
  A extends AuthLevel = AuthLevel,
> {
  method: HttpMethod;
  /** Fastify path syntax: `/api/users/:id`. */
  url: string;
  summary: string;
  tag: string;
  auth: A;
  /**
   * The resource kind an API key needs a permission on (`read` for GET, `write` otherwise); a route
   * without one refuses keys with 403 (user management, keys, profile, sign-in, TVs).
   */
  apiKey?: ApiKeyResource;
  body?: BS;
  params?: PS;
  query?: QS;
  /** Answers by status code; a 2xx schema also strips fields the handler should not leak. */
  responses: Record<number, z.ZodType | null>;
  /** Per-route Fastify config. */
  config?: Record<string, unknown>;
  /** Counted in order once the request is valid, before the handler; past one, 429 with Retry-After. */
  limits?: RouteLimit[];
  /**
   * For routes whose body is not JSON (multipart uploads): how OpenAPI describes it. Such handlers
   * read `ctx.request` themselves.
   */
  rawBody?: { contentType: string; schema: Record<string, unknown> };
  /** For answers that are not JSON (files): the content type OpenAPI shows for the 2xx answer. */
  rawResponse?: { contentType: string };
  handler: (ctx: RouteContext<Infer<BS>, Infer<PS>, Infer<QS>, A>) => Promise<unknown>;
}

export function defineRoute<
  BS extends z.ZodType | undefined = undefined,
  PS extends z.ZodType | undefined = undefined,
  QS extends z.ZodType | undefined = undefined,
  A extends AuthLevel = AuthLevel,
>(def: RouteDef<BS, PS, QS, A>): RouteDef {
  return def as unknown as RouteDef;
}

function parse(schema: z.ZodType | undefined, value: unknown): unknown {
  if (!schema) return undefined;
  // Text PostgreSQL cannot store (NUL, a lone surrogate) is refused here once for every field of
  // every route, path and query included, instead of surfacing as a database error (500).
  if (containsUnstorableText(value)) throw new HttpError(400, messages.http.invalidCharacter, ERROR_CODES.validation);
  const result = schema.safeParse(value ?? {});
  if (!result.success) throw validationError(result.error);
  return result.data;
}

/**
 * The answer through its response schema, which also strips what the handler must not leak. An
 * answer that fails it is the server's fault, never the caller's: the error handler logs it under
 * the request id (with the failing fields, not their values) and answers 500.
 */
function checkedAnswer(def: RouteDef, schema: z.ZodType, result: unknown): unknown {
  const checked = schema.safeParse(result);
  if (checked.success) return checked.data;
  const issues = checked.error.issues.map((i) => `${i.path.join('.') || '(raiz)'}: ${i.message}`).join('; ');
  throw new Error(`the answer of ${def.method} ${def.url} fails its response schema: ${issues}`);
}

export interface RoutePipeline {
  authenticate: (request: FastifyRequest, route: RouteAccess) => Promise<Caller>;
  limiter: Limiter;
}

export function registerRoutes(app: FastifyInstance, defs: RouteDef[], { authenticate, limiter }: RoutePipeline): void {
  for (const def of defs) {
    const okStatus =
      Object.keys(def.responses)
        .map(Number)
        .find((s) => s >= 200 && s < 300) ?? 200;
    const okSchema = def.responses[okStatus];
    app.route({
      method: def.method,
      url: def.url,
      config: def.config,
      handler: async (request, reply) => {
        // Authenticate before validating, so an anonymous caller learns nothing about the shapes.
        const { user, device } = await authenticate(request, def);
        const ctx = {
          params: parse(def.params, request.params),
          query: parse(def.query, request.query),
          body: parse(def.body, request.body),
          user,
          device,
          request,
          reply,
        } as RouteContext<unknown, unknown, unknown, AuthLevel>;
        for (const limit of def.limits ?? []) await consume(limiter, reply, limit.rule, limit.key(request));
        const result = await def.handler(ctx);
        // A handler that streams a file answers with `return reply.send(stream)`. The reply is a
        // thenable, so that await waited for the stream and gave undefined; if the client went
        // away mid-stream the reply is not `sent` (never ended) but must not be answered again:
        // a second answer would throw "Cannot write headers after they are sent".
        if (result === reply || reply.sent || reply.raw.headersSent || reply.raw.destroyed) return reply;
        if (okStatus === 204 || result === undefined) return reply.status(okStatus === 200 ? 204 : okStatus).send();
        return reply.status(okStatus).send(okSchema ? checkedAnswer(def, okSchema, result) : result);
      },
    });
  }
}
