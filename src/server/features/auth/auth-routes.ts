import { sessionUserResponseSchema, loginSchema } from '../../../contract/auth';
import { apiErrorSchema } from '../../../contract/errors';
import { messages } from '../../../contract/messages';
import { SESSION_COOKIE } from '../../auth/session-service';
import { defineRoute } from '../../http/define-route';
import type { RouteDeps } from '../../http/route-deps';
import { presentUser } from '../users/user-presenter';
import { getUser } from '../users/user-service';
import { signIn, signOut, workspaceOf } from './login-service';

export function authRoutes({ db, bus, limiter, config }: RouteDeps) {
  const perAddress = {
    name: 'login',
    max: config.loginRateLimitPerMinute,
    windowMs: 60_000,
    message: messages.auth.tooManyAttempts,
  };
  return [
    defineRoute({
      method: 'POST',
      url: '/api/auth/login',
      tag: 'Autenticação',
      summary: 'Entra com email e senha; define o cookie de sessão',
      auth: 'public',
      body: loginSchema,
      responses: { 200: sessionUserResponseSchema, 400: apiErrorSchema, 401: apiErrorSchema, 429: apiErrorSchema },
      limits: [{ rule: perAddress, key: (request) => request.ip }],
      handler: async ({ body, request, reply }) => {
        const { user, session } = await signIn({ db, limiter }, config.loginLockout, body, reply);
        bus.publish({ type: 'activity.recorded', workspaceId: user.workspaceId });
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
          await signOut(db, user);
          bus.publish({ type: 'session.ended', userId: user.id, tokenHash: user.sessionTokenHash });
          bus.publish({ type: 'activity.recorded', workspaceId: user.workspaceId });
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
      handler: async ({ user }) => ({
        user: await getUser(db, user, user.id),
        workspace: await workspaceOf(db, user.workspaceId),
      }),
    }),
  ];
}
