import { activityAuthorsSchema, activityPageSchema, activityQuerySchema } from '../../../contract/activities';
import { apiErrorSchema } from '../../../contract/errors';
import { defineRoute } from '../../http/define-route';
import type { RouteDeps } from '../../http/route-deps';
import { listActivities, listActivityAuthors } from './activity-service';

/** The Histórico page's data: everyone of the workspace may read it (docs/product.md#roles: users manage everything too). */
export const activityRoutes = ({ db }: RouteDeps) => [
  defineRoute({
    method: 'GET',
    url: '/api/activities',
    tag: 'Histórico',
    summary:
      'O histórico de atividades do workspace, do mais recente ao mais antigo, uma página por vez (`before`: o `nextBefore` da página anterior)',
    auth: 'user',
    query: activityQuerySchema,
    responses: { 200: activityPageSchema, 400: apiErrorSchema, 401: apiErrorSchema },
    handler: ({ user, query }) => listActivities(db, user, query),
  }),
  defineRoute({
    method: 'GET',
    url: '/api/activities/authors',
    tag: 'Histórico',
    summary: 'Os usuários do workspace com atividades no histórico, por nome (as opções do filtro por usuário)',
    auth: 'user',
    responses: { 200: activityAuthorsSchema, 401: apiErrorSchema },
    handler: ({ user }) => listActivityAuthors(db, user),
  }),
];
