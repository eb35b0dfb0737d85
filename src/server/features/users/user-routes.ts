import { idParamsSchema } from '../../../contract/common';
import { apiErrorSchema } from '../../../contract/errors';
import { createUserSchema, updateUserSchema, userListSchema, userSchema } from '../../../contract/users';
import { defineRoute } from '../../http/define-route';
import type { RouteDeps } from '../../http/route-deps';
import { createUser, deleteUser, getUser, listUsers, updateUser } from './user-service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

export const userRoutes = ({ db, bus }: RouteDeps) => [
  defineRoute({
    method: 'GET',
    url: '/api/users',
    tag: 'Usuários',
    summary: 'Lista os usuários do workspace (somente administradores)',
    auth: 'admin',
    responses: { 200: userListSchema, 401: apiErrorSchema, 403: apiErrorSchema },
    handler: ({ user }) => listUsers(db, user),
  }),
  defineRoute({
    method: 'POST',
    url: '/api/users',
    tag: 'Usuários',
    summary: 'Cria um usuário no workspace do administrador (somente administradores)',
    auth: 'admin',
    body: createUserSchema,
    responses: { 201: userSchema, ...errors, 409: apiErrorSchema },
    handler: async ({ user, body }) => {
      const created = await createUser(db, user, body);
      bus.publish({ type: 'activity.recorded', workspaceId: user.workspaceId });
      return created;
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/api/users/:id',
    tag: 'Usuários',
    summary: 'Lê um usuário: o próprio, ou qualquer um do workspace para administradores',
    auth: 'user',
    params: idParamsSchema,
    responses: { 200: userSchema, ...errors },
    handler: ({ user, params }) => getUser(db, user, params.id),
  }),
  defineRoute({
    method: 'PUT',
    url: '/api/users/:id',
    tag: 'Usuários',
    summary: 'Atualiza um usuário (perfil próprio, ou qualquer um do workspace para administradores)',
    auth: 'user',
    params: idParamsSchema,
    body: updateUserSchema,
    responses: { 200: userSchema, ...errors, 409: apiErrorSchema },
    handler: async ({ user, params, body }) => {
      const updated = await updateUser(db, user, params.id, body);
      // A new password ends the other sessions, a new role changes what a socket may hear.
      if (body.password || body.role) bus.publish({ type: 'session.ended', userId: params.id });
      bus.publish({ type: 'activity.recorded', workspaceId: user.workspaceId });
      return updated;
    },
  }),
  defineRoute({
    method: 'DELETE',
    url: '/api/users/:id',
    tag: 'Usuários',
    summary: 'Remove um usuário comum do workspace (somente administradores); o que ele criou fica no workspace',
    auth: 'admin',
    params: idParamsSchema,
    responses: { 204: null, ...errors },
    handler: async ({ user, params }) => {
      await deleteUser(db, user, params.id);
      bus.publish({ type: 'session.ended', userId: params.id });
      bus.publish({ type: 'activity.recorded', workspaceId: user.workspaceId });
    },
  }),
];
