import { sessionUserResponseSchema, loginSchema } from '../../../contract/auth';
import { ERROR_CODES, apiErrorSchema } from '../../../contract/errors';
import { messages } from '../../../contract/messages';
import { getDummyHash, verifyPassword } from '../../auth/passwords';
import { createSession, deleteSession, SESSION_COOKIE } from '../../auth/session-service';
import type { Db } from '../../db/client';
import { defineRoute } from '../../http/define-route';
import { HttpError } from '../../http/errors';
import { presentUser } from '../users/user-presenter';
import { findUserByEmail, getUser } from '../users/user-service';

export const authRoutes = (db: Db, opts: { loginRateLimitPerMinute: number }) => [
  defineRoute({
    method: 'POST',
    url: '/api/auth/login',
    tag: 'Autenticação',
    summary: 'Entra com email e senha; define o cookie de sessão',
    auth: 'public',
    body: loginSchema,
    responses: { 200: sessionUserResponseSchema, 400: apiErrorSchema, 401: apiErrorSchema, 429: apiErrorSchema },
    config: { rateLimit: { max: opts.loginRateLimitPerMinute, timeWindow: 60_000 } },
    handler: async ({ body, request, reply }) => {
      const user = await findUserByEmail(db, body.email);
      // Hash even for an unknown email so the answer time does not reveal which emails exist.
      const ok = await verifyPassword(body.password, user?.passwordHash ?? (await getDummyHash()));
      if (!user || !ok) {
        throw new HttpError(401, messages.auth.loginFailure.description, ERROR_CODES.unauthenticated);
      }
      const session = await createSession(db, user.id);
      reply.setCookie(SESSION_COOKIE, session.token, {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure: request.protocol === 'https',
        expires: session.expiresAt,
      });
      return { user: presentUser(user) };
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/api/auth/logout',
    tag: 'Autenticação',
    summary: 'Encerra a sessão atual',
    auth: 'public',
    responses: { 204: null },
    handler: async ({ user, reply }) => {
      if (user) await deleteSession(db, user.sessionTokenHash);
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/api/auth/me',
    tag: 'Autenticação',
    summary: 'O usuário da sessão atual',
    auth: 'user',
    responses: { 200: sessionUserResponseSchema, 401: apiErrorSchema },
    handler: async ({ user }) => ({ user: await getUser(db, user, user.id) }),
  }),
];
