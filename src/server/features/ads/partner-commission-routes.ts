import { idParamsSchema } from '../../../contract/common';
import { apiErrorSchema } from '../../../contract/errors';
import {
  commissionMonthListSchema,
  commissionStatementSchema,
  commissionStatusInputSchema,
  partnerMonthParamsSchema,
} from '../../../contract/partner-commissions';
import { defineRoute } from '../../http/define-route';
import type { RouteDeps } from '../../http/route-deps';
import { commissionCsv, commissionFilename, commissionPdf } from './partner-commission-pdf';
import { getCommissionStatement, listCommissionMonths, setCommissionStatus } from './partner-commission-service';

/**
 * A partner's commissions per month (docs/ads.md#commissions): admins only, and API keys with the
 * `ads` permission, as the partners themselves.
 */
const access = { tag: 'Parceiros', auth: 'admin', apiKey: 'ads' } as const;
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
const url = '/api/partners/:id/commissions';

export const partnerCommissionRoutes = ({ db }: RouteDeps) => [
  defineRoute({
    ...access,
    method: 'GET',
    url,
    summary: 'Os meses com exibições ou situação do parceiro, com a situação e os totais (mais recente primeiro)',
    params: idParamsSchema,
    responses: { 200: commissionMonthListSchema, ...errors },
    handler: ({ user, params }) => listCommissionMonths(db, user, params.id),
  }),
  defineRoute({
    ...access,
    method: 'GET',
    url: `${url}/:month`,
    summary:
      'O extrato de comissões do mês (AAAA-MM, no fuso do workspace): calculado na hora se aberto, congelado se fechado ou pago',
    params: partnerMonthParamsSchema,
    responses: { 200: commissionStatementSchema, ...errors },
    handler: ({ user, params }) => getCommissionStatement(db, user, params.id, params.month),
  }),
  defineRoute({
    ...access,
    method: 'GET',
    url: `${url}/:month.csv`,
    summary: 'O extrato de comissões do mês em CSV (UTF-8 com BOM, separador ";", valores em R$)',
    params: partnerMonthParamsSchema,
    responses: { 200: null, ...errors },
    rawResponse: { contentType: 'text/csv' },
    handler: async ({ user, params, reply }) => {
      const statement = await getCommissionStatement(db, user, params.id, params.month);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${commissionFilename(statement, 'csv')}"`)
        .send(Buffer.from(commissionCsv(statement), 'utf8'));
    },
  }),
  defineRoute({
    ...access,
    method: 'GET',
    url: `${url}/:month.pdf`,
    summary: 'O extrato de comissões do mês em PDF, com a regra de arredondamento',
    params: partnerMonthParamsSchema,
    responses: { 200: null, ...errors },
    rawResponse: { contentType: 'application/pdf' },
    handler: async ({ user, params, reply }) => {
      const statement = await getCommissionStatement(db, user, params.id, params.month);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${commissionFilename(statement, 'pdf')}"`)
        .send(commissionPdf(statement));
    },
  }),
  defineRoute({
    ...access,
    method: 'PUT',
    url: `${url}/:month/status`,
    summary:
      'Fecha o mês (aberto → fechado: congela os valores) ou marca como pago (fechado → pago); outra mudança é 409',
    params: partnerMonthParamsSchema,
    body: commissionStatusInputSchema,
    responses: { 200: commissionStatementSchema, ...errors, 409: apiErrorSchema },
    handler: ({ user, params, body }) => setCommissionStatus(db, user, params.id, params.month, body.status),
  }),
];
