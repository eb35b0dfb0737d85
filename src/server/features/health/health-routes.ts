import { healthSchema } from '../../../contract/auth';
import type { Db } from '../../db/client';
import { defineRoute } from '../../http/define-route';
import { checkHealth } from './health-service';

export const healthRoutes = (db: Db, version: string) => [
  defineRoute({
    method: 'GET',
    url: '/api/health',
    tag: 'Sistema',
    summary: 'Saúde do servidor e do banco de dados',
    auth: 'public',
    responses: { 200: healthSchema },
    handler: () => checkHealth(db, version),
  }),
];
