import { idParamsSchema } from '../../../contract/common';
import {
  deviceGroupInputSchema,
  deviceGroupListSchema,
  deviceGroupPatchSchema,
  deviceGroupSchema,
  groupAssignmentResultSchema,
  groupAssignmentSchema,
} from '../../../contract/devices';
import { apiErrorSchema } from '../../../contract/errors';
import { defineRoute } from '../../http/define-route';
import type { RouteDeps } from '../../http/route-deps';
import { assignGroupPlaylists } from './group-assignment';
import { createGroup, deleteGroup, listGroups, updateGroup } from './device-group-service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema };
const tag = 'Grupos de dispositivos';

export const deviceGroupRoutes = (deps: RouteDeps) => [
  defineRoute({
    method: 'GET',
    url: '/api/device-groups',
    tag,
    summary: 'Lista os grupos de dispositivos',
    auth: 'user',
    apiKey: 'groups',
    responses: { 200: deviceGroupListSchema, 401: apiErrorSchema },
    handler: ({ user }) => listGroups(deps, user),
  }),
  defineRoute({
    method: 'POST',
    url: '/api/device-groups',
    tag,
    summary: 'Cria um grupo',
    auth: 'user',
    apiKey: 'groups',
    body: deviceGroupInputSchema,
    responses: { 201: deviceGroupSchema, ...errors },
    handler: ({ user, body }) => createGroup(deps, user, body),
  }),
  defineRoute({
    method: 'PATCH',
    url: '/api/device-groups/:id',
    tag,
    summary: 'Altera nome e/ou descrição de um grupo',
    auth: 'user',
    apiKey: 'groups',
    params: idParamsSchema,
    body: deviceGroupPatchSchema,
    responses: { 200: deviceGroupSchema, ...errors },
    handler: ({ user, params, body }) =>
      updateGroup(deps, user, params.id, body as { name?: string; description?: string | null }),
  }),
  defineRoute({
    method: 'DELETE',
    url: '/api/device-groups/:id',
    tag,
    summary: 'Remove um grupo; os dispositivos dele ficam sem grupo',
    auth: 'user',
    apiKey: 'groups',
    params: idParamsSchema,
    responses: { 204: null, ...errors },
    handler: ({ user, params }) => deleteGroup(deps, user, params.id),
  }),
  defineRoute({
    method: 'POST',
    url: '/api/device-groups/:id/assign',
    tag,
    summary: 'Atribui as playlists das janelas 1 e 2 a todos os dispositivos do grupo (com 2 janelas: as duas)',
    auth: 'user',
    // It changes devices: the permission of a device's own assignment.
    apiKey: 'devices',
    params: idParamsSchema,
    body: groupAssignmentSchema,
    responses: { 200: groupAssignmentResultSchema, ...errors },
    handler: ({ user, params, body }) => assignGroupPlaylists(deps, user, params.id, body),
  }),
];
