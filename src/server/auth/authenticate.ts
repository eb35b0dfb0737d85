import type { FastifyRequest } from 'fastify';
import { allows, API_KEY_PREFIX, type ApiKeyResource } from '../../contract/api-keys';
import { ERROR_CODES } from '../../contract/errors';
import { messages } from '../../contract/messages';
import type { Db } from '../db/client';
import { forbidden, HttpError } from '../http/errors';
import type { AuthLevel, HttpMethod } from '../http/define-route';
import type { ApiKeyAuth } from './api-key-auth';
import { findSessionUser, SESSION_COOKIE } from './session-service';
import type { SessionUser } from './session-user';

/** What the route pipeline tells the authenticator about a route. */
export interface RouteAccess {
  method: HttpMethod;
  auth: AuthLevel;
  /** The resource kind an API key needs a permission on; routes without one refuse keys. */
  apiKey?: ApiKeyResource;
}

const unauthenticated = (message: string = messages.auth.unauthenticated) => new HttpError(401, message, ERROR_CODES.unauthenticated);

/** The token of `Authorization: Bearer <token>`, or null without one. */
export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  return header?.startsWith('Bearer ') ? header.slice(7).trim() : null;
}

/**
 * Resolves the caller from the session cookie (the `x-user-id` header the client sends is ignored
 * by design) and enforces the route's level: 401 without a session, 403 for a non-admin on an
 * admin route. Used as is by the admin socket, which takes sessions only.
 */
export function createSessionAuthenticator(db: Db) {
  return async function authenticate(request: FastifyRequest, level: AuthLevel): Promise<SessionUser | null> {
    const token = request.cookies[SESSION_COOKIE];
    const user = token ? await findSessionUser(db, token) : null;
    if (level === 'public') return user;
    if (!user) throw unauthenticated();
    if (level === 'admin' && user.role !== 'admin') throw forbidden();
    return user;
  };
}

/**
 * The routes' authenticator. A request with `Authorization: Bearer` is judged by that header alone,
 * never by a cookie (so the CSRF guard can let it through): an API key (`snz_…`, unknown, inactive
 * or expired → 401) reaches only the routes that name a resource kind, with `read` for GET and
 * `write` for anything else (403 otherwise: user management, keys, profile, sign-in, TVs). Any other
 * bearer (a TV's token) is left to the public TV routes and is a 401 elsewhere.
 */
export function createAuthenticator(db: Db, keys: ApiKeyAuth) {
  const fromSession = createSessionAuthenticator(db);
  return async function authenticate(request: FastifyRequest, route: RouteAccess): Promise<SessionUser | null> {
    const bearer = bearerToken(request);
    if (bearer === null) return fromSession(request, route.auth);
    if (!bearer.startsWith(API_KEY_PREFIX)) {
      if (route.auth === 'public') return null;
      throw unauthenticated();
    }
    const caller = await keys.authenticate(bearer);
    // A TV's random token may start like a key (one pairing in ~16 million): on the public (TV)
    // routes an unknown one is left to the device check, as any other bearer.
    if (!caller && route.auth === 'public') return null;
    if (!caller) throw unauthenticated(messages.apiKeys.invalidKey);
    if (!route.apiKey) throw forbidden(messages.apiKeys.notForKeys);
    if (!allows(caller.permissions, route.apiKey, route.method === 'GET' ? 'read' : 'write')) throw forbidden(messages.apiKeys.missingPermission);
    return caller.user;
  };
}
