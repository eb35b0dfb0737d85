import { healthSchema } from '../../../contract/auth';
import { defineRoute } from '../../http/define-route';
import type { RouteDeps } from '../../http/route-deps';
import { APP_VERSION } from '../../version';
import { checkHealth } from './health-service';

export const healthRoutes = ({ db }: RouteDeps) => [
  defineRoute({
    method: 'GET',
    url: '/api/health',
    tag: 'Sistema',
    summary: 'Saúde do servidor e do banco de dados',
    auth: 'public',
    responses: { 200: healthSchema },
    handler: () => checkHealth(db, APP_VERSION),
  }),
];
