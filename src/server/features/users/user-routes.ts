import { idParamsSchema } from '../../../contract/common';
import { apiErrorSchema } from '../../../contract/errors';
import { createUserSchema, updateUserSchema, userListSchema, userSchema } from '../../../contract/users';
import type { Db } from '../../db/client';
import { defineRoute } from '../../http/define-route';
import { createUser, deleteUser, getUser, listUsers, updateUser } from './user-service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

export const userRoutes = (db: Db) => [
  defineRoute({
    method: 'GET',
    url: '/api/users',
    tag: 'Usuários',
    summary: 'Lista os usuários (somente administradores)',
    auth: 'admin',
    responses: { 200: userListSchema, 401: apiErrorSchema, 403: apiErrorSchema },
    handler: () => listUsers(db),
  }),
  defineRoute({
    method: 'POST',
    url: '/api/users',
    tag: 'Usuários',
    summary: 'Cria um usuário (somente administradores)',
    auth: 'admin',
    body: createUserSchema,
    responses: { 201: userSchema, ...errors, 409: apiErrorSchema },
    handler: ({ body }) => createUser(db, body),
  }),
  defineRoute({
    method: 'GET',
    url: '/api/users/:id',
    tag: 'Usuários',
    summary: 'Lê um usuário: o próprio, ou qualquer um para administradores',
    auth: 'user',
    params: idParamsSchema,
    responses: { 200: userSchema, ...errors },
    handler: ({ user, params }) => getUser(db, user, params.id),
  }),
  defineRoute({
    method: 'PUT',
    url: '/api/users/:id',
    tag: 'Usuários',
    summary: 'Atualiza um usuário (perfil próprio, ou qualquer um para administradores)',
    auth: 'user',
    params: idParamsSchema,
    body: updateUserSchema,
    responses: { 200: userSchema, ...errors, 409: apiErrorSchema },
    handler: ({ user, params, body }) => updateUser(db, user, params.id, body),
  }),
  defineRoute({
    method: 'DELETE',
    url: '/api/users/:id',
    tag: 'Usuários',
    summary: 'Remove um usuário comum (somente administradores)',
    auth: 'admin',
    params: idParamsSchema,
    responses: { 204: null, ...errors },
    handler: ({ user, params }) => deleteUser(db, user, params.id),
  }),
];
