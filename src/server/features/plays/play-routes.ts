import { apiErrorSchema } from '../../../contract/errors';
import { playsBatchResultSchema, playsBatchSchema } from '../../../contract/plays';
import { defineRoute } from '../../http/define-route';
import type { RouteDeps } from '../../http/route-deps';
import { recordPlays } from './play-service';

export function playRoutes({ db, jobs, config }: RouteDeps) {
  return [
    defineRoute({
      method: 'POST',
      url: '/api/tv/plays',
      tag: 'TV',
      summary: 'A TV envia o que exibiu (até 500 registros); idempotente pelo clientId de cada registro',
      auth: 'device',
      body: playsBatchSchema,
      responses: { 200: playsBatchResultSchema, 400: apiErrorSchema, 401: apiErrorSchema },
      handler: ({ device, body }) =>
        recordPlays({ db, jobs, retentionDays: config.playsRetentionDays }, device, body.plays),
    }),
  ];
}
