import { createHash } from 'node:crypto';
import { sessionUserResponseSchema, loginSchema } from '../../../contract/auth';
import { ERROR_CODES, apiErrorSchema } from '../../../contract/errors';
import { messages } from '../../../contract/messages';
import { getDummyHash, verifyPassword } from '../../auth/passwords';
import { createSession, deleteSession, SESSION_COOKIE } from '../../auth/session-service';
import type { Db } from '../../db/client';
import type { EventBus } from '../../realtime/event-bus';
import { defineRoute } from '../../http/define-route';
import { HttpError } from '../../http/errors';
import { consume, tooMany, type Limiter } from '../../limits/limiter';
import { presentUser } from '../users/user-presenter';
import { findUserByEmail, getUser } from '../users/user-service';
import { getWorkspace } from '../workspaces/workspace-service';

export interface LoginLimits {
  loginRateLimitPerMinute: number;
  lockout: { failures: number; windowMs: number };
}

/**
 * The lockout counts per email whether or not an account has it, so a 429 tells nothing about
 * which emails exist; the key is a hash so that no email sits in Redis in clear.
 */
const lockoutKey = (email: string) => `login-fail:${createHash('sha256').update(email.trim().toLowerCase()).digest('base64url')}`;

/** The caller's workspace; removed meanwhile (its sessions went with it): 401. */
async function workspaceOf(db: Db, id: number) {
  const workspace = await getWorkspace(db, id);
  if (!workspace) throw new HttpError(401, messages.auth.unauthenticated, ERROR_CODES.unauthenticated);
  return workspace;
}

export const authRoutes = (db: Db, limiter: Limiter, bus: EventBus, opts: LoginLimits) => [
  defineRoute({
    method: 'POST',
    url: '/api/auth/login',
    tag: 'Autenticação',
    summary: 'Entra com email e senha; define o cookie de sessão',
    auth: 'public',
    body: loginSchema,
    responses: { 200: sessionUserResponseSchema, 400: apiErrorSchema, 401: apiErrorSchema, 429: apiErrorSchema },
    handler: async ({ body, request, reply }) => {
      const rule = { name: 'login', max: opts.loginRateLimitPerMinute, windowMs: 60_000, message: messages.auth.tooManyAttempts };
      await consume(limiter, reply, rule, request.ip);
      // Guessing one account's password from many addresses: its email is locked for a while.
      const failures = lockoutKey(body.email);
      const past = await limiter.peek(failures);
      if (past.count >= opts.lockout.failures) throw tooMany(reply, past.resetInMs, messages.auth.accountLocked);
      const user = await findUserByEmail(db, body.email);
      // Hash even for an unknown email so the answer time does not reveal which emails exist.
      const ok = await verifyPassword(body.password, user?.passwordHash ?? (await getDummyHash()));
      if (!user || !ok) {
        await limiter.hit(failures, opts.lockout.windowMs, { at: opts.lockout.failures, toMs: opts.lockout.windowMs });
        throw new HttpError(401, messages.auth.loginFailure.description, ERROR_CODES.unauthenticated);
      }
      await limiter.reset(failures);
      const session = await createSession(db, user.id);
      reply.setCookie(SESSION_COOKIE, session.token, {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure: request.protocol === 'https',
        expires: session.expiresAt,
      });
      return { user: presentUser(user), workspace: await workspaceOf(db, user.workspaceId) };
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
      if (user) {
        await deleteSession(db, user.sessionTokenHash);
        bus.publish({ type: 'session.ended', userId: user.id, tokenHash: user.sessionTokenHash });
      }
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/api/auth/me',
    tag: 'Autenticação',
    summary: 'O usuário da sessão atual e o seu workspace',
    auth: 'user',
    responses: { 200: sessionUserResponseSchema, 401: apiErrorSchema },
    handler: async ({ user }) => ({ user: await getUser(db, user, user.id), workspace: await workspaceOf(db, user.workspaceId) }),
  }),
];
