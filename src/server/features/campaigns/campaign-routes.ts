import {
  campaignInputSchema,
  campaignListSchema,
  campaignSchema,
  campaignStatusChangeSchema,
  emergencyInputSchema,
} from '../../../contract/campaigns';
import { idParamsSchema } from '../../../contract/common';
import { apiErrorSchema } from '../../../contract/errors';
import { defineRoute } from '../../http/define-route';
import type { RouteDeps } from '../../http/route-deps';
import { endCampaign, setCampaignStatus, startEmergency } from './campaign-actions';
import { createCampaign, deleteCampaign, getCampaign, listCampaigns, updateCampaign } from './campaign-service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema };
const tag = 'Campanhas';

export const campaignRoutes = (deps: RouteDeps) => [
  defineRoute({
    method: 'GET',
    url: '/api/campaigns',
    tag,
    summary: 'Lista as campanhas',
    auth: 'user',
    apiKey: 'campaigns',
    responses: { 200: campaignListSchema, 401: apiErrorSchema },
    handler: ({ user }) => listCampaigns(deps, user),
  }),
  defineRoute({
    method: 'GET',
    url: '/api/campaigns/:id',
    tag,
    summary: 'Lê uma campanha',
    auth: 'user',
    apiKey: 'campaigns',
    params: idParamsSchema,
    responses: { 200: campaignSchema, ...errors },
    handler: ({ user, params }) => getCampaign(deps, user, params.id),
  }),
  defineRoute({
    method: 'POST',
    url: '/api/campaigns',
    tag,
    summary: 'Cria uma campanha (status inicial: draft)',
    auth: 'user',
    apiKey: 'campaigns',
    body: campaignInputSchema,
    responses: { 201: campaignSchema, ...errors },
    handler: ({ user, body }) => createCampaign(deps, user, body),
  }),
  defineRoute({
    method: 'PUT',
    url: '/api/campaigns/:id',
    tag,
    summary: 'Atualiza uma campanha',
    auth: 'user',
    apiKey: 'campaigns',
    params: idParamsSchema,
    body: campaignInputSchema,
    responses: { 200: campaignSchema, ...errors },
    handler: ({ user, params, body }) => updateCampaign(deps, user, params.id, body),
  }),
  defineRoute({
    method: 'DELETE',
    url: '/api/campaigns/:id',
    tag,
    summary: 'Remove uma campanha',
    auth: 'user',
    apiKey: 'campaigns',
    params: idParamsSchema,
    responses: { 204: null, ...errors },
    handler: ({ user, params }) => deleteCampaign(deps, user, params.id),
  }),
  defineRoute({
    method: 'PATCH',
    url: '/api/campaigns/:id/status',
    tag,
    summary: 'Publica, pausa ou volta a campanha para rascunho',
    auth: 'user',
    apiKey: 'campaigns',
    params: idParamsSchema,
    body: campaignStatusChangeSchema,
    responses: { 200: campaignSchema, ...errors },
    handler: ({ user, params, body }) => setCampaignStatus(deps, user, params.id, body.status),
  }),
  defineRoute({
    method: 'POST',
    url: '/api/campaigns/:id/end',
    tag,
    summary: 'Encerra a campanha agora (data de término = agora); 409 se já encerrada',
    auth: 'user',
    apiKey: 'campaigns',
    params: idParamsSchema,
    responses: { 200: campaignSchema, ...errors, 409: apiErrorSchema },
    handler: ({ user, params }) => endCampaign(deps, user, params.id),
  }),
  defineRoute({
    method: 'POST',
    url: '/api/campaigns/emergency',
    tag,
    summary:
      'Emergência: publica agora, sem término, uma playlist na tela inteira dos dispositivos, grupos ou todas as telas escolhidas',
    auth: 'user',
    apiKey: 'campaigns',
    body: emergencyInputSchema,
    responses: { 201: campaignSchema, ...errors },
    handler: ({ user, body }) => startEmergency(deps, user, body),
  }),
];
