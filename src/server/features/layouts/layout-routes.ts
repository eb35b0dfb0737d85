import { apiErrorSchema } from '../../../contract/errors';
import { layoutIdParamsSchema, layoutInputSchema, layoutListSchema, layoutSchema } from '../../../contract/layouts';
import { defineRoute } from '../../http/define-route';
import type { RouteDeps } from '../../http/route-deps';
import { createLayout, deleteLayout, getLayout, listLayouts, updateLayout } from './layout-service';

const tag = 'Layouts';
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema };
/** A name already taken, or a built-in (never written): docs/layouts.md#api. */
const writeErrors = { ...errors, 409: apiErrorSchema };

/**
 * docs/layouts.md#api. API keys reach layouts with the devices' permission: a layout is how a
 * screen is divided, part of setting up a device (docs/security.md, API keys).
 */
export const layoutRoutes = (deps: RouteDeps) => [
  defineRoute({
    method: 'GET',
    url: '/api/layouts',
    tag,
    summary: 'Lista os layouts: os prontos (ids negativos) e depois os da empresa, por nome',
    auth: 'user',
    apiKey: 'devices',
    responses: { 200: layoutListSchema, 401: apiErrorSchema },
    handler: ({ user }) => listLayouts(deps.db, user),
  }),
  defineRoute({
    method: 'POST',
    url: '/api/layouts',
    tag,
    summary: 'Cria um layout de 1 a 8 zonas',
    auth: 'user',
    apiKey: 'devices',
    body: layoutInputSchema,
    responses: { 201: layoutSchema, 400: apiErrorSchema, 401: apiErrorSchema, 409: apiErrorSchema },
    handler: ({ user, body }) => createLayout(deps, user, body),
  }),
  defineRoute({
    method: 'GET',
    url: '/api/layouts/:id',
    tag,
    summary: 'Um layout (pronto ou da empresa)',
    auth: 'user',
    apiKey: 'devices',
    params: layoutIdParamsSchema,
    responses: { 200: layoutSchema, ...errors },
    handler: ({ user, params }) => getLayout(deps.db, user, params.id),
  }),
  defineRoute({
    method: 'PUT',
    url: '/api/layouts/:id',
    tag,
    summary:
      'Substitui nome, orientação e zonas de um layout da empresa (os prontos não mudam: 409); as telas que o usam seguem as zonas novas',
    auth: 'user',
    apiKey: 'devices',
    params: layoutIdParamsSchema,
    body: layoutInputSchema,
    responses: { 200: layoutSchema, ...writeErrors },
    handler: ({ user, params, body }) => updateLayout(deps, user, params.id, body),
  }),
  defineRoute({
    method: 'DELETE',
    url: '/api/layouts/:id',
    tag,
    summary: 'Remove um layout da empresa (os prontos e os usados por telas não saem: 409, com os nomes das telas)',
    auth: 'user',
    apiKey: 'devices',
    params: layoutIdParamsSchema,
    responses: { 204: null, ...writeErrors },
    handler: ({ user, params }) => deleteLayout(deps, user, params.id),
  }),
];
