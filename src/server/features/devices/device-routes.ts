import type { FastifyReply } from 'fastify';
import { idParamsSchema } from '../../../contract/common';
import {
  deviceAssignmentSchema,
  deviceBodySchema,
  deviceListSchema,
  deviceSchema,
  statsSchema,
} from '../../../contract/devices';
import { apiErrorSchema } from '../../../contract/errors';
import { sendCachedJson } from '../../http/compress-api';
import { defineRoute } from '../../http/define-route';
import type { RouteDeps } from '../../http/route-deps';
import {
  assignPlaylists,
  createDevice,
  deleteDevice,
  disconnectDevice,
  getDevice,
  updateDevice,
} from './device-service';
import { getStats } from './stats-service';
import { codeBudget } from './code-budget';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema };
const tag = 'Dispositivos';

const budgetOf = ({ limiter, config }: RouteDeps, reply: FastifyReply, userId: number) =>
  codeBudget(limiter, reply, userId, config.codeConflictLimitPerHour);

export const deviceRoutes = (deps: RouteDeps) => [
  defineRoute({
    method: 'GET',
    url: '/api/devices',
    tag,
    summary: 'Lista os dispositivos',
    auth: 'user',
    apiKey: 'devices',
    responses: { 200: deviceListSchema, 401: apiErrorSchema },
    handler: async ({ user, request, reply }) => sendCachedJson(request, reply, await deps.deviceList.get(user)),
  }),
  defineRoute({
    method: 'GET',
    url: '/api/devices/:id',
    tag,
    summary: 'Lê um dispositivo',
    auth: 'user',
    apiKey: 'devices',
    params: idParamsSchema,
    responses: { 200: deviceSchema, ...errors },
    handler: ({ user, params }) => getDevice(deps, user, params.id),
  }),
  defineRoute({
    method: 'POST',
    url: '/api/devices',
    tag,
    summary:
      'Cadastra um dispositivo; código repetido responde 409 AUTH_CODE_DUPLICATE (poucas vezes por hora, depois 429)',
    auth: 'user',
    apiKey: 'devices',
    body: deviceBodySchema,
    responses: { 201: deviceSchema, ...errors, 409: apiErrorSchema, 429: apiErrorSchema },
    handler: ({ user, body, reply }) => createDevice(deps, user, body, budgetOf(deps, reply, user.id)),
  }),
  defineRoute({
    method: 'PUT',
    url: '/api/devices/:id',
    tag,
    summary: 'Atualiza um dispositivo; trocar o código desconecta a TV pareada e arma o novo código',
    auth: 'user',
    apiKey: 'devices',
    params: idParamsSchema,
    body: deviceBodySchema,
    responses: { 200: deviceSchema, ...errors, 409: apiErrorSchema, 429: apiErrorSchema },
    handler: ({ user, params, body, reply }) =>
      updateDevice(deps, user, params.id, body, budgetOf(deps, reply, user.id)),
  }),
  defineRoute({
    method: 'PATCH',
    url: '/api/devices/:id',
    tag,
    summary: 'Atribui as playlists das janelas 1 e 2',
    auth: 'user',
    apiKey: 'devices',
    params: idParamsSchema,
    body: deviceAssignmentSchema,
    responses: { 200: deviceSchema, ...errors },
    handler: ({ user, params, body }) => assignPlaylists(deps, user, params.id, body),
  }),
  defineRoute({
    method: 'DELETE',
    url: '/api/devices/:id',
    tag,
    summary: 'Remove um dispositivo (o histórico de atividades é mantido)',
    auth: 'user',
    apiKey: 'devices',
    params: idParamsSchema,
    responses: { 204: null, ...errors },
    handler: ({ user, params, request }) => deleteDevice({ ...deps, log: request.log }, user, params.id),
  }),
  defineRoute({
    method: 'POST',
    url: '/api/devices/:id/disconnect',
    tag,
    summary: 'Desconecta a TV: fica offline e o código volta a aceitar um pareamento',
    auth: 'user',
    apiKey: 'devices',
    params: idParamsSchema,
    responses: { 200: deviceSchema, ...errors },
    handler: ({ user, params }) => disconnectDevice(deps, user, params.id),
  }),
  defineRoute({
    method: 'GET',
    url: '/api/stats',
    tag: 'Sistema',
    summary: 'Totais: dispositivos online/offline, mídias e espaço usado, playlists',
    auth: 'user',
    apiKey: 'stats',
    responses: { 200: statsSchema, 401: apiErrorSchema },
    handler: ({ user }) => getStats(deps.db, user, deps.config.storageQuotaBytes),
  }),
];
