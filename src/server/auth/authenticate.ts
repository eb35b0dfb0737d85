import type { FastifyRequest } from 'fastify';
import { ERROR_CODES } from '../../contract/errors';
import { messages } from '../../contract/messages';
import type { Db } from '../db/client';
import { forbidden, HttpError } from '../http/errors';
import type { AuthLevel } from '../http/define-route';
import { findSessionUser, SESSION_COOKIE } from './session-service';
import type { SessionUser } from './session-user';

/**
 * Resolves the caller from the session cookie alone (the `x-user-id` header the client sends is
 * ignored by design) and enforces the route's level: 401 without a session, 403 for a non-admin
 * on an admin route.
 */
export function createAuthenticator(db: Db) {
  return async function authenticate(request: FastifyRequest, level: AuthLevel): Promise<SessionUser | null> {
    const token = request.cookies[SESSION_COOKIE];
    const user = token ? await findSessionUser(db, token) : null;
    if (level === 'public') return user;
    if (!user) throw new HttpError(401, messages.auth.unauthenticated, ERROR_CODES.unauthenticated);
    if (level === 'admin' && user.role !== 'admin') throw forbidden();
    return user;
  };
}
