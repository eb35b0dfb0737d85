import {
  apiKeyListSchema,
  apiKeySchema,
  createApiKeySchema,
  createdApiKeySchema,
  updateApiKeySchema,
} from '../../../contract/api-keys';
import { idParamsSchema } from '../../../contract/common';
import { apiErrorSchema } from '../../../contract/errors';
import { defineRoute } from '../../http/define-route';
import type { RouteDeps } from '../../http/route-deps';
import { createApiKey, deleteApiKey, listApiKeys, updateApiKey } from './api-key-service';

const tag = 'Chaves de API';
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

/** The workspace's API keys, managed by its admins only; keys themselves cannot reach these routes. */
export const apiKeyRoutes = ({ db, bus }: RouteDeps) => {
  /** Each change is a history entry no other event tells of. */
  const told = async <T>(workspaceId: number, change: Promise<T>): Promise<T> => {
    const result = await change;
    bus.publish({ type: 'activity.recorded', workspaceId });
    return result;
  };
  return [
    defineRoute({
      method: 'GET',
      url: '/api/api-keys',
      tag,
      summary: 'Lista as chaves de API do workspace (somente administradores; nunca a chave)',
      auth: 'admin',
      responses: { 200: apiKeyListSchema, 401: apiErrorSchema, 403: apiErrorSchema },
      handler: ({ user }) => listApiKeys(db, user),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/api-keys',
      tag,
      summary: 'Cria uma chave de API; a resposta traz a chave uma única vez (somente administradores)',
      auth: 'admin',
      body: createApiKeySchema,
      responses: { 201: createdApiKeySchema, 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema },
      handler: ({ user, body }) => told(user.workspaceId, createApiKey(db, user, body)),
    }),
    defineRoute({
      method: 'PATCH',
      url: '/api/api-keys/:id',
      tag,
      summary: 'Renomeia, ativa ou desativa uma chave de API (somente administradores)',
      auth: 'admin',
      params: idParamsSchema,
      body: updateApiKeySchema,
      responses: { 200: apiKeySchema, ...errors },
      handler: ({ user, params, body }) => told(user.workspaceId, updateApiKey(db, user, params.id, body)),
    }),
    defineRoute({
      method: 'DELETE',
      url: '/api/api-keys/:id',
      tag,
      summary: 'Remove uma chave de API (somente administradores)',
      auth: 'admin',
      params: idParamsSchema,
      responses: { 204: null, ...errors },
      handler: ({ user, params }) => told(user.workspaceId, deleteApiKey(db, user, params.id)),
    }),
  ];
};
