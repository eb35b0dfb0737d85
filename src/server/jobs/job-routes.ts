import { idParamsSchema } from '../../contract/common';
import { apiErrorSchema } from '../../contract/errors';
import { jobListQuerySchema, jobListSchema, jobSchema } from '../../contract/jobs';
import { defineRoute } from '../http/define-route';
import type { RouteDeps } from '../http/route-deps';
import { listFailedJobs, retryJob } from './job-service';

const tag = 'Tarefas';

/** The admin's view of the background queue (docs/jobs.md): failed jobs, and trying one again. */
export const jobRoutes = ({ db, jobs }: RouteDeps) => [
  defineRoute({
    method: 'GET',
    url: '/api/jobs',
    tag,
    summary: 'Lista as tarefas em segundo plano do workspace que falharam (somente administradores)',
    auth: 'admin',
    query: jobListQuerySchema,
    responses: { 200: jobListSchema, 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema },
    handler: ({ user }) => listFailedJobs(db, user),
  }),
  defineRoute({
    method: 'POST',
    url: '/api/jobs/:id/retry',
    tag,
    summary: 'Coloca de novo na fila uma tarefa que falhou (somente administradores)',
    auth: 'admin',
    params: idParamsSchema,
    responses: {
      200: jobSchema,
      400: apiErrorSchema,
      401: apiErrorSchema,
      403: apiErrorSchema,
      404: apiErrorSchema,
      409: apiErrorSchema,
    },
    handler: async ({ user, params }) => {
      const job = await retryJob(db, user, params.id, jobs.onRetry);
      jobs.wake();
      return job;
    },
  }),
];
