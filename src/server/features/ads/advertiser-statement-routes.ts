import type { FastifyReply, FastifyRequest } from 'fastify';
import { adStatementFilename } from '../../../contract/ad-statement-format';
import {
  adLinkCreatedSchema,
  adLinkInputSchema,
  adLinkListSchema,
  adLinkParamsSchema,
  adLinkSchema,
  adLinkTokenParamsSchema,
  adStatementQuerySchema,
  adStatementSchema,
  type AdStatement,
} from '../../../contract/ad-statements';
import { adStatementMessages } from '../../../contract/ad-statements-messages';
import { idParamsSchema } from '../../../contract/common';
import { apiErrorSchema } from '../../../contract/errors';
import { defineRoute, type RouteLimit } from '../../http/define-route';
import type { RouteDeps } from '../../http/route-deps';
import { createLink, listLinks, revokeLink, subjectOfToken } from './advertiser-links-service';
import { advertiserStatementCsv } from './advertiser-statement-csv';
import { advertiserStatementPdf } from './advertiser-statement-pdf';
import { getStatement, readStatement, type ScreenshotKeys } from './advertiser-statement-service';

/**
 * Advertiser statements and their links (docs/ads.md#statements): admins only and API keys with
 * the `ads` permission, like the advertisers; and the public link's statement, for whoever holds
 * the token, counted per address like the other public endpoints.
 */
const tag = 'Anunciantes';
const admin = { tag, auth: 'admin', apiKey: 'ads' } as const;
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
const publicErrors = { 400: apiErrorSchema, 410: apiErrorSchema, 429: apiErrorSchema };
const publicLimits: RouteLimit[] = [
  {
    rule: { name: 'statement-link', max: 120, windowMs: 60_000, message: adStatementMessages.tooManyRequests },
    key: (request) => `ip:${request.ip}`,
  },
];
/** A file costs far more than the JSON (a PDF reads up to 24 screenshots): a tighter count of its own, too. */
const publicFileLimits: RouteLimit[] = [
  ...publicLimits,
  {
    rule: { name: 'statement-link-file', max: 6, windowMs: 60_000, message: adStatementMessages.tooManyRequests },
    key: (request) => `ip:${request.ip}`,
  },
];
const base = '/api/advertisers/:id';
const publicBase = '/api/public/advertiser-statements/:token';

type Read = { statement: AdStatement; screenshots: ScreenshotKeys };
const sendFile = (reply: FastifyReply, type: string, filename: string, body: Buffer | string) =>
  reply
    .type(type)
    .header('cache-control', 'no-store')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .send(typeof body === 'string' ? Buffer.from(body, 'utf8') : body);

export function advertiserStatementRoutes({ db, store, config }: RouteDeps) {
  const csv = (reply: FastifyReply, { statement }: Read) =>
    sendFile(
      reply,
      'text/csv; charset=utf-8',
      adStatementFilename(statement, 'csv'),
      advertiserStatementCsv(statement),
    );
  const pdf = async (reply: FastifyReply, { statement, screenshots }: Read) =>
    sendFile(
      reply,
      'application/pdf',
      adStatementFilename(statement, 'pdf'),
      await advertiserStatementPdf(statement, screenshots, store),
    );
  const publicUrl = (request: FastifyRequest) => config.alerts.publicUrl ?? `${request.protocol}://${request.host}`;
  const byToken = async (token: string) => {
    const { subject, period } = await subjectOfToken(db, token);
    return readStatement(db, subject, period);
  };

  return [
    defineRoute({
      ...admin,
      method: 'GET',
      url: `${base}/statement`,
      summary: 'Extrato do anunciante: exibições, público e valor por tela e dia do período (padrão: o mês corrente)',
      params: idParamsSchema,
      query: adStatementQuerySchema,
      responses: { 200: adStatementSchema, ...errors },
      handler: async ({ user, params, query }) => (await getStatement(db, user, params.id, query)).statement,
    }),
    defineRoute({
      ...admin,
      method: 'GET',
      url: `${base}/statement.csv`,
      summary: 'O extrato em CSV (UTF-8 com BOM, ";", uma linha por tela e dia e os totais)',
      params: idParamsSchema,
      query: adStatementQuerySchema,
      responses: { 200: null, ...errors },
      rawResponse: { contentType: 'text/csv' },
      handler: async ({ user, params, query, reply }) => csv(reply, await getStatement(db, user, params.id, query)),
    }),
    defineRoute({
      ...admin,
      method: 'GET',
      url: `${base}/statement.pdf`,
      summary: 'O extrato em PDF, com a última captura de cada tela',
      params: idParamsSchema,
      query: adStatementQuerySchema,
      responses: { 200: null, ...errors },
      rawResponse: { contentType: 'application/pdf' },
      handler: async ({ user, params, query, reply }) => pdf(reply, await getStatement(db, user, params.id, query)),
    }),
    defineRoute({
      ...admin,
      method: 'POST',
      url: `${base}/links`,
      summary: 'Cria um link público (somente leitura) do extrato; o token aparece só nesta resposta',
      params: idParamsSchema,
      body: adLinkInputSchema,
      responses: { 201: adLinkCreatedSchema, ...errors },
      handler: ({ user, params, body, request }) => createLink(db, user, params.id, body, publicUrl(request)),
    }),
    defineRoute({
      ...admin,
      method: 'GET',
      url: `${base}/links`,
      summary: 'Os links do extrato do anunciante, com a situação (ativo, expirado, revogado), sem os tokens',
      params: idParamsSchema,
      responses: { 200: adLinkListSchema, ...errors },
      handler: ({ user, params }) => listLinks(db, user, params.id),
    }),
    defineRoute({
      ...admin,
      method: 'DELETE',
      url: `${base}/links/:linkId`,
      summary: 'Revoga um link do extrato (ele fica registrado, revogado)',
      params: adLinkParamsSchema,
      responses: { 200: adLinkSchema, ...errors },
      handler: ({ user, params }) => revokeLink(db, user, params.id, params.linkId),
    }),
    defineRoute({
      tag,
      auth: 'public',
      method: 'GET',
      url: publicBase,
      summary: 'O extrato de um link público, ao vivo; expirado, revogado ou desconhecido: 410 "Link expirado"',
      params: adLinkTokenParamsSchema,
      limits: publicLimits,
      responses: { 200: adStatementSchema, ...publicErrors },
      handler: async ({ params, reply }) => {
        reply.header('cache-control', 'no-store');
        return (await byToken(params.token)).statement;
      },
    }),
    defineRoute({
      tag,
      auth: 'public',
      method: 'GET',
      url: `${publicBase}/csv`,
      summary: 'O extrato de um link público em CSV (até 6 por minuto)',
      params: adLinkTokenParamsSchema,
      limits: publicFileLimits,
      responses: { 200: null, ...publicErrors },
      rawResponse: { contentType: 'text/csv' },
      handler: async ({ params, reply }) => csv(reply, await byToken(params.token)),
    }),
    defineRoute({
      tag,
      auth: 'public',
      method: 'GET',
      url: `${publicBase}/pdf`,
      summary: 'O extrato de um link público em PDF (até 6 por minuto)',
      params: adLinkTokenParamsSchema,
      limits: publicFileLimits,
      responses: { 200: null, ...publicErrors },
      rawResponse: { contentType: 'application/pdf' },
      handler: async ({ params, reply }) => pdf(reply, await byToken(params.token)),
    }),
  ];
}
