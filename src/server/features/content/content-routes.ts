import { z } from 'zod';
import { idParamsSchema } from '../../../contract/common';
import { contentCreateSchema, mediaUpdateSchema } from '../../../contract/content';
import { apiErrorSchema } from '../../../contract/errors';
import { mediaSchema } from '../../../contract/media';
import { defineRoute } from '../../http/define-route';
import type { RouteDeps } from '../../http/route-deps';
import { createContent, updateMedia } from './content-service';
import { requestFeedRefresh } from './feed-service';

const tag = 'Mídias';
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema };
const refreshQueuedSchema = z.object({ queued: z.literal(true) }).meta({ id: 'FeedRefreshQueued' });

/** Content items (docs/content.md): made and edited here, listed and removed with the media. */
export const contentRoutes = (routeDeps: RouteDeps) => {
  // The player is served by this server: its origin is the public address, when one is set.
  const publicUrl = routeDeps.config.alerts.publicUrl;
  const deps = {
    ...routeDeps,
    feeds: routeDeps.config.feeds,
    playerOrigin: publicUrl ? new URL(publicUrl).origin : null,
  };
  return [
    defineRoute({
      method: 'POST',
      url: '/api/media/content',
      tag,
      summary:
        'Cria um conteúdo: página web, texto, letreiro, feed RSS/Atom, relógio ou QR code (`kind`, `name`, `options` do tipo)',
      auth: 'user',
      apiKey: 'media',
      body: contentCreateSchema,
      responses: { 201: mediaSchema, 400: apiErrorSchema, 401: apiErrorSchema },
      handler: ({ user, body }) => createContent(deps, user, body),
    }),
    defineRoute({
      method: 'PUT',
      url: '/api/media/:id',
      tag,
      summary:
        'Altera o nome de uma mídia e, num conteúdo ou PDF, suas opções (todas, conferidas pelo tipo). As TVs que o exibem recebem a mudança na hora',
      auth: 'user',
      apiKey: 'media',
      params: idParamsSchema,
      body: mediaUpdateSchema,
      responses: { 200: mediaSchema, ...errors },
      handler: ({ user, params, body }) => updateMedia(deps, user, params.id, body),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/media/:id/refresh',
      tag,
      summary:
        'Atualiza um feed RSS/Atom agora: a busca entra na fila (202) e o resultado aparece no status do feed (`feed`) da mídia',
      auth: 'user',
      apiKey: 'media',
      params: idParamsSchema,
      responses: { 202: refreshQueuedSchema, ...errors },
      handler: ({ user, params }) => requestFeedRefresh(deps, user, params.id),
    }),
  ];
};
