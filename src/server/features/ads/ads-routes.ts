import type { z } from 'zod';
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
import type { Db } from '../../db/client';
import { defineRoute } from '../../http/define-route';
import type { RouteDeps } from '../../http/route-deps';
import { advertiserService } from './advertiser-service';
import { partnerService } from './partner-service';
import type { WorkspaceRowService } from './workspace-row-service';

/**
 * Advertisers and partners (issue 27, docs/ads.md): admins only (a user gets 403), and API keys with
 * the `ads` permission.
 */
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

/** One collection's five routes: its path, its OpenAPI tag and texts, its schemas and its service. */
interface Resource<Data extends { name: string }> {
  url: string;
  tag: string;
  summaries: { list: string; create: string; get: string; update: string; remove: string };
  input: z.ZodType<Data>;
  item: z.ZodType;
  list: z.ZodType;
  service: WorkspaceRowService<Data, unknown>;
  /** The removal may be refused while records still name the row (removal-conflicts.ts: 409). */
  removalConflicts?: boolean;
}

function resourceRoutes<Data extends { name: string }>(db: Db, resource: Resource<Data>) {
  const { url, tag, summaries, input, item, list, service, removalConflicts } = resource;
  const access = { tag, auth: 'admin', apiKey: 'ads' } as const;
  return [
    defineRoute({
      ...access,
      method: 'GET',
      url,
      summary: summaries.list,
      responses: { 200: list, 401: apiErrorSchema, 403: apiErrorSchema },
      handler: ({ user }) => service.list(db, user),
    }),
    defineRoute({
      ...access,
      method: 'POST',
      url,
      summary: summaries.create,
      body: input,
      responses: { 201: item, ...errors },
      handler: ({ user, body }) => service.create(db, user, body),
    }),
    defineRoute({
      ...access,
      method: 'GET',
      url: `${url}/:id`,
      summary: summaries.get,
      params: idParamsSchema,
      responses: { 200: item, ...errors },
      handler: ({ user, params }) => service.get(db, user, params.id),
    }),
    defineRoute({
      ...access,
      method: 'PUT',
      url: `${url}/:id`,
      summary: summaries.update,
      params: idParamsSchema,
      body: input,
      responses: { 200: item, ...errors },
      handler: ({ user, params, body }) => service.update(db, user, params.id, body),
    }),
    defineRoute({
      ...access,
      method: 'DELETE',
      url: `${url}/:id`,
      summary: summaries.remove,
      params: idParamsSchema,
      responses: removalConflicts ? { 204: null, ...errors, 409: apiErrorSchema } : { 204: null, ...errors },
      handler: ({ user, params }) => service.remove(db, user, params.id),
    }),
  ];
}

export const adsRoutes = ({ db }: RouteDeps) => [
  ...resourceRoutes(db, {
    url: '/api/advertisers',
    tag: 'Anunciantes',
    summaries: {
      list: 'Lista os anunciantes',
      create: 'Cria um anunciante',
      get: 'Um anunciante',
      update: 'Altera um anunciante (todos os campos)',
      remove: 'Remove um anunciante (409 enquanto tiver campanhas de anúncio)',
    },
    input: advertiserInputSchema,
    item: advertiserSchema,
    list: advertiserListSchema,
    service: advertiserService,
    removalConflicts: true,
  }),
  ...resourceRoutes(db, {
    url: '/api/partners',
    tag: 'Parceiros',
    summaries: {
      list: 'Lista os parceiros (donos de telas)',
      create: 'Cria um parceiro',
      get: 'Um parceiro',
      update: 'Altera um parceiro (todos os campos)',
      remove: 'Remove um parceiro; as telas dele ficam sem parceiro (409 se tiver meses de comissão fechados)',
    },
    input: partnerInputSchema,
    item: partnerSchema,
    list: partnerListSchema,
    service: partnerService,
    removalConflicts: true,
  }),
];
