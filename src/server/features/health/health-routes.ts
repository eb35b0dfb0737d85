import { apiErrorSchema } from '../../../contract/errors';
import { healthSchema } from '../../../contract/auth';
import { defineRoute } from '../../http/define-route';
import type { RouteDeps } from '../../http/route-deps';
import { APP_VERSION } from '../../version';
import { checkHealth, type ServiceProbe } from './health-service';

export const healthRoutes = ({ db }: RouteDeps) => [
  defineRoute({
    method: 'GET',
    url: '/api/health',
    tag: 'Sistema',
    summary: 'Saúde do servidor, do banco de dados e do Redis (503 só sem o banco; Redis fora: 200 "degraded")',
    auth: 'public',
    responses: { 200: healthSchema, 503: apiErrorSchema },
    handler: ({ request }) => checkHealth(db, APP_VERSION, request.server.serviceProbes),
  }),
];

declare module 'fastify' {
  interface FastifyInstance {
    /** The services besides the database that /api/health checks (Redis, given by main.ts). */
    serviceProbes: readonly ServiceProbe[];
  }
}
