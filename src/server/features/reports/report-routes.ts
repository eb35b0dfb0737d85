import { apiErrorSchema } from '../../../contract/errors';
import { reportExportQuerySchema, reportQuerySchema, reportSchema } from '../../../contract/reports';
import { defineRoute } from '../../http/define-route';
import type { RouteDeps } from '../../http/route-deps';
import { reportCsv, reportCsvFilename } from './report-csv';
import { getReport } from './report-service';

const tag = 'Relatórios';

export const reportRoutes = (deps: RouteDeps) => [
  defineRoute({
    method: 'GET',
    url: '/api/reports',
    tag,
    summary:
      'Exibições e tempo na tela no período (dias do fuso do workspace), por dia, dispositivo, mídia, playlist, campanha e zona',
    auth: 'user',
    apiKey: 'reports',
    query: reportQuerySchema,
    responses: { 200: reportSchema, 400: apiErrorSchema, 401: apiErrorSchema },
    handler: ({ user, query }) => getReport(deps.db, user, query),
  }),
  defineRoute({
    method: 'GET',
    url: '/api/reports/export',
    tag,
    summary: 'A tabela de uma dimensão em CSV (UTF-8 com BOM, separador ";", datas dd/mm/aaaa)',
    auth: 'user',
    apiKey: 'reports',
    query: reportExportQuerySchema,
    responses: { 200: null, 400: apiErrorSchema, 401: apiErrorSchema },
    rawResponse: { contentType: 'text/csv' },
    handler: async ({ user, query, reply }) => {
      const { dimension, ...filters } = query;
      const csv = reportCsv(await getReport(deps.db, user, filters), dimension);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${reportCsvFilename(dimension, query.from, query.to)}"`)
        .send(Buffer.from(csv, 'utf8'));
    },
  }),
];
