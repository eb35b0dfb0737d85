import { campaignInputSchema, campaignListSchema, campaignSchema } from '../../../contract/campaigns';
import { idParamsSchema } from '../../../contract/common';
import { apiErrorSchema } from '../../../contract/errors';
import { defineRoute } from '../../http/define-route';
import type { RouteDeps } from '../../http/route-deps';
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
];
