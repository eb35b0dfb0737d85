import type { FastifyRequest } from 'fastify';
import { allows, API_KEY_PREFIX } from '../../contract/api-keys';
import { ERROR_CODES } from '../../contract/errors';
import { messages } from '../../contract/messages';
import type { Db } from '../db/client';
import { forbidden, HttpError } from '../http/errors';
import type { AuthLevel, Caller, RouteAccess } from '../http/define-route';
import type { ApiKeyAuth, ApiKeyCaller } from './api-key-auth';
import type { DeviceAuthenticator } from './device-auth';
import { findSessionUser, SESSION_COOKIE } from './session-service';
import type { SessionUser } from './session-user';

/** The levels a session decides (the device level is the TV's token, never a session). */
export type SessionLevel = Exclude<AuthLevel, 'device'>;

const unauthenticated = (message: string = messages.auth.unauthenticated) =>
  new HttpError(401, message, ERROR_CODES.unauthenticated);

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
  return async function authenticate(request: FastifyRequest, level: SessionLevel): Promise<SessionUser | null> {
    const token = request.cookies[SESSION_COOKIE];
    const user = token ? await findSessionUser(db, token) : null;
    if (level === 'public') return user;
    if (!user) throw unauthenticated();
    if (level === 'admin' && user.role !== 'admin') throw forbidden();
    return user;
  };
}

/** A valid API key reaches the routes that name a resource kind, with the permission the method needs. */
function keyUser(caller: ApiKeyCaller, route: RouteAccess): SessionUser {
  if (!route.apiKey) throw forbidden(messages.apiKeys.notForKeys);
  if (!allows(caller.permissions, route.apiKey, route.method === 'GET' ? 'read' : 'write'))
    throw forbidden(messages.apiKeys.missingPermission);
  return caller.user;
}

/**
 * The routes' authenticator. A request with `Authorization: Bearer` is judged by that header alone,
 * never by a cookie (so the CSRF guard can let it through): an API key (`snz_…`, unknown, inactive
 * or expired → 401) reaches only the routes that name a resource kind, with `read` for GET and
 * `write` for anything else (403 otherwise: user management, keys, profile, sign-in, TVs). Device
 * routes take a TV's token (401 without a valid one); any other bearer is a 401 on session routes.
 */
export function createAuthenticator(db: Db, keys: ApiKeyAuth, devices: DeviceAuthenticator) {
  const fromSession = createSessionAuthenticator(db);
  return async function authenticate(request: FastifyRequest, route: RouteAccess): Promise<Caller> {
    const bearer = bearerToken(request);
    if (bearer?.startsWith(API_KEY_PREFIX)) {
      const caller = await keys.authenticate(bearer);
      if (caller) return { user: keyUser(caller, route), device: null };
      // A TV's random token may start like a key (one pairing in ~16 million): on the device
      // routes an unknown one is left to the device check, as any other bearer.
      if (route.auth === 'public') return { user: null, device: null };
      if (route.auth !== 'device') throw unauthenticated(messages.apiKeys.invalidKey);
    }
    if (route.auth === 'device') return { user: null, device: await devices.authenticate(request) };
    if (bearer === null) return { user: await fromSession(request, route.auth), device: null };
    if (route.auth === 'public') return { user: null, device: null };
    throw unauthenticated();
  };
}
