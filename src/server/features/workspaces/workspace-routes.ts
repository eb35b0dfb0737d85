import { apiErrorSchema } from '../../../contract/errors';
import { workspaceSchema, workspaceSettingsSchema } from '../../../contract/workspaces';
import { defineRoute } from '../../http/define-route';
import type { RouteDeps } from '../../http/route-deps';
import { updateWorkspaceSettings } from './workspace-service';

/** The caller's workspace's settings (`/api/auth/me` reads the workspace). */
export const workspaceRoutes = (deps: RouteDeps) => [
  defineRoute({
    method: 'PATCH',
    url: '/api/workspace',
    tag: 'Workspace',
    summary: 'Altera o fuso horário do workspace, pelo qual as campanhas tocam (somente administradores)',
    auth: 'admin',
    body: workspaceSettingsSchema,
    responses: {
      200: workspaceSchema,
      400: apiErrorSchema,
      401: apiErrorSchema,
      403: apiErrorSchema,
      404: apiErrorSchema,
    },
    handler: ({ user, body }) => updateWorkspaceSettings(deps, user, body),
  }),
];
