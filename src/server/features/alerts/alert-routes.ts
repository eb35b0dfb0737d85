import { z } from 'zod';
import {
  alertSettingsInputSchema,
  alertSettingsSchema,
  deliverySchema,
  incidentListQuerySchema,
  incidentSchema,
  webhookIdParamsSchema,
  webhookInputSchema,
  webhookSchema,
} from '../../../contract/alerts';
import { apiErrorSchema } from '../../../contract/errors';
import { defineRoute } from '../../http/define-route';
import type { RouteDeps } from '../../http/route-deps';
import {
  createWebhook,
  deleteWebhook,
  getSettings,
  listDeliveries,
  listIncidents,
  listWebhooks,
  putSettings,
  testWebhook,
} from './alert-service';

const tag = 'Alertas';
const adminErrors = { 401: apiErrorSchema, 403: apiErrorSchema };

/** docs/alerts.md#api: the settings, webhooks and delivery log are the admins'; incidents everyone's. */
export const alertRoutes = ({ db, config }: RouteDeps) => {
  const emailConfigured = config.alerts.smtpUrl !== undefined;
  return [
    defineRoute({
      method: 'GET',
      url: '/api/alerts/settings',
      tag,
      summary: 'Destinatários dos e-mails de alerta e minutos offline até abrir um incidente (administradores)',
      auth: 'admin',
      responses: { 200: alertSettingsSchema, ...adminErrors },
      handler: ({ user }) => getSettings(db, user, emailConfigured),
    }),
    defineRoute({
      method: 'PUT',
      url: '/api/alerts/settings',
      tag,
      summary: 'Altera os destinatários e os minutos dos alertas (administradores)',
      auth: 'admin',
      body: alertSettingsInputSchema,
      responses: { 200: alertSettingsSchema, 400: apiErrorSchema, ...adminErrors },
      handler: ({ user, body }) => putSettings(db, user, body, emailConfigured),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/alerts/webhooks',
      tag,
      summary: 'Os webhooks de alerta (o segredo aparece só ao criar)',
      auth: 'admin',
      responses: { 200: z.array(webhookSchema), ...adminErrors },
      handler: ({ user }) => listWebhooks(db, user),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/alerts/webhooks',
      tag,
      summary: 'Cadastra um webhook; cada envio é assinado com HMAC-SHA256 do segredo',
      auth: 'admin',
      body: webhookInputSchema,
      responses: { 201: webhookSchema, 400: apiErrorSchema, ...adminErrors },
      handler: ({ user, body }) => createWebhook(db, user, body),
    }),
    defineRoute({
      method: 'DELETE',
      url: '/api/alerts/webhooks/:id',
      tag,
      summary: 'Remove um webhook',
      auth: 'admin',
      params: webhookIdParamsSchema,
      responses: { 204: null, 400: apiErrorSchema, 404: apiErrorSchema, ...adminErrors },
      handler: ({ user, params }) => deleteWebhook(db, user, params.id),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/alerts/webhooks/:id/test',
      tag,
      summary: 'Testar: envia agora um aviso de exemplo, assinado, e responde com o registro do envio',
      auth: 'admin',
      params: webhookIdParamsSchema,
      responses: { 200: deliverySchema, 400: apiErrorSchema, 404: apiErrorSchema, ...adminErrors },
      handler: ({ user, params }) => testWebhook(db, user, params.id),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/alerts/deliveries',
      tag,
      summary: 'Os últimos envios de alertas (e-mail e webhooks), com a resposta de cada um',
      auth: 'admin',
      responses: { 200: z.array(deliverySchema), ...adminErrors },
      handler: ({ user }) => listDeliveries(db, user),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/alerts/incidents',
      tag,
      summary: 'Incidentes (telas offline além do limite): abertos primeiro, depois os mais recentes',
      auth: 'user',
      apiKey: 'devices',
      query: incidentListQuerySchema,
      responses: { 200: z.array(incidentSchema), 400: apiErrorSchema, 401: apiErrorSchema },
      handler: ({ user, query }) => listIncidents(db, user, query.status),
    }),
  ];
};
