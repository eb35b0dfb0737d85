import {
  advertiserInputSchema,
  advertiserListSchema,
  advertiserSchema,
  partnerInputSchema,
  partnerListSchema,
  partnerSchema,
} from '../../../contract/ads';
import { idParamsSchema } from '../../../contract/common';
import { apiErrorSchema } from '../../../contract/errors';
import { defineRoute } from '../../http/define-route';
import type { RouteDeps } from '../../http/route-deps';
import {
  createAdvertiser,
  deleteAdvertiser,
  getAdvertiser,
  listAdvertisers,
  updateAdvertiser,
} from './advertiser-service';
import { createPartner, deletePartner, getPartner, listPartners, updatePartner } from './partner-service';

/**
 * Advertisers and partners (issue 27, docs/ads.md): admins only (a user gets 403), and API keys with
 * the `ads` permission.
 */
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

export const adsRoutes = ({ db }: RouteDeps) => [
  defineRoute({
    method: 'GET',
    url: '/api/advertisers',
    tag: 'Anunciantes',
    summary: 'Lista os anunciantes',
    auth: 'admin',
    apiKey: 'ads',
    responses: { 200: advertiserListSchema, 401: apiErrorSchema, 403: apiErrorSchema },
    handler: ({ user }) => listAdvertisers(db, user),
  }),
  defineRoute({
    method: 'POST',
    url: '/api/advertisers',
    tag: 'Anunciantes',
    summary: 'Cria um anunciante',
    auth: 'admin',
    apiKey: 'ads',
    body: advertiserInputSchema,
    responses: { 201: advertiserSchema, ...errors },
    handler: ({ user, body }) => createAdvertiser(db, user, body),
  }),
  defineRoute({
    method: 'GET',
    url: '/api/advertisers/:id',
    tag: 'Anunciantes',
    summary: 'Um anunciante',
    auth: 'admin',
    apiKey: 'ads',
    params: idParamsSchema,
    responses: { 200: advertiserSchema, ...errors },
    handler: ({ user, params }) => getAdvertiser(db, user, params.id),
  }),
  defineRoute({
    method: 'PUT',
    url: '/api/advertisers/:id',
    tag: 'Anunciantes',
    summary: 'Altera um anunciante (todos os campos)',
    auth: 'admin',
    apiKey: 'ads',
    params: idParamsSchema,
    body: advertiserInputSchema,
    responses: { 200: advertiserSchema, ...errors },
    handler: ({ user, params, body }) => updateAdvertiser(db, user, params.id, body),
  }),
  defineRoute({
    method: 'DELETE',
    url: '/api/advertisers/:id',
    tag: 'Anunciantes',
    summary: 'Remove um anunciante',
    auth: 'admin',
    apiKey: 'ads',
    params: idParamsSchema,
    responses: { 204: null, ...errors },
    handler: ({ user, params }) => deleteAdvertiser(db, user, params.id),
  }),
  defineRoute({
    method: 'GET',
    url: '/api/partners',
    tag: 'Parceiros',
    summary: 'Lista os parceiros (donos de telas)',
    auth: 'admin',
    apiKey: 'ads',
    responses: { 200: partnerListSchema, 401: apiErrorSchema, 403: apiErrorSchema },
    handler: ({ user }) => listPartners(db, user),
  }),
  defineRoute({
    method: 'POST',
    url: '/api/partners',
    tag: 'Parceiros',
    summary: 'Cria um parceiro',
    auth: 'admin',
    apiKey: 'ads',
    body: partnerInputSchema,
    responses: { 201: partnerSchema, ...errors },
    handler: ({ user, body }) => createPartner(db, user, body),
  }),
  defineRoute({
    method: 'GET',
    url: '/api/partners/:id',
    tag: 'Parceiros',
    summary: 'Um parceiro',
    auth: 'admin',
    apiKey: 'ads',
    params: idParamsSchema,
    responses: { 200: partnerSchema, ...errors },
    handler: ({ user, params }) => getPartner(db, user, params.id),
  }),
  defineRoute({
    method: 'PUT',
    url: '/api/partners/:id',
    tag: 'Parceiros',
    summary: 'Altera um parceiro (todos os campos)',
    auth: 'admin',
    apiKey: 'ads',
    params: idParamsSchema,
    body: partnerInputSchema,
    responses: { 200: partnerSchema, ...errors },
    handler: ({ user, params, body }) => updatePartner(db, user, params.id, body),
  }),
  defineRoute({
    method: 'DELETE',
    url: '/api/partners/:id',
    tag: 'Parceiros',
    summary: 'Remove um parceiro; as telas dele ficam sem parceiro',
    auth: 'admin',
    apiKey: 'ads',
    params: idParamsSchema,
    responses: { 204: null, ...errors },
    handler: ({ user, params }) => deletePartner(db, user, params.id),
  }),
];
