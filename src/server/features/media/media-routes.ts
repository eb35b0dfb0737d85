import type { FastifyRequest } from 'fastify';
import { idParamsSchema } from '../../../contract/common';
import { MAX_UPLOAD_BYTES } from '../../../contract/constants';
import { apiErrorSchema, ERROR_CODES } from '../../../contract/errors';
import { MEDIA_UPLOAD_FIELD, mediaListSchema, mediaSchema, mediaUsageSchema } from '../../../contract/media';
import { messages } from '../../../contract/messages';
import { SESSION_COOKIE } from '../../auth/session-service';
import { hashToken } from '../../auth/tokens';
import { defineRoute } from '../../http/define-route';
import type { RouteDeps } from '../../http/route-deps';
import { HttpError } from '../../http/errors';
import { sendStoredFile } from './file-reply';
import { deleteMedia, listMedia, loadVisibleMedia, mediaUsage, type MediaDeps } from './media-service';
import { readUploadPart, uploadMedia } from './upload-service';

const tag = 'Mídias';
const idErrors = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema };
const fileAnswers = { 200: null, 206: null, 304: null, ...idErrors, 416: apiErrorSchema };

/** Uploads are limited per session (per address without one): a shared office IP is not one user. */
const uploadRateKey = (request: FastifyRequest) => {
  const sid = request.cookies[SESSION_COOKIE];
  return sid ? `s:${hashToken(sid)}` : `ip:${request.ip}`;
};

export const mediaRoutes = ({ config, ...shared }: RouteDeps) =>
  routes(
    { ...shared, quotaBytes: config.storageQuotaBytes, maxUploadBytes: MAX_UPLOAD_BYTES },
    config.uploadRateLimitPerMinute,
  );

const routes = (deps: MediaDeps, uploadRateLimitPerMinute: number) => [
  defineRoute({
    method: 'GET',
    url: '/api/media',
    tag,
    summary: 'Lista as mídias, mais novas primeiro (as próprias; administradores veem todas)',
    auth: 'user',
    apiKey: 'media',
    responses: { 200: mediaListSchema, 401: apiErrorSchema },
    handler: ({ user }) => listMedia(deps.db, user),
  }),
  defineRoute({
    method: 'GET',
    url: '/api/media/usage',
    tag,
    summary: 'Espaço usado pelo workspace e sua cota (a cota é por workspace)',
    auth: 'user',
    apiKey: 'media',
    responses: { 200: mediaUsageSchema, 401: apiErrorSchema },
    handler: ({ user }) => mediaUsage(deps.db, user, deps.quotaBytes),
  }),
  defineRoute({
    method: 'POST',
    url: '/api/media/upload',
    tag,
    summary:
      'Envia uma imagem, vídeo ou PDF (JPG, PNG, WebP, GIF, MP4, MOV, WebM, PDF; até 100 MB; as páginas do PDF viram imagens). Se a cota acabar, as mídias mais antigas fora de playlists são removidas',
    auth: 'user',
    apiKey: 'media',
    rawBody: {
      contentType: 'multipart/form-data',
      schema: {
        type: 'object',
        required: [MEDIA_UPLOAD_FIELD],
        properties: { [MEDIA_UPLOAD_FIELD]: { type: 'string', format: 'binary' } },
      },
    },
    responses: {
      201: mediaSchema,
      400: apiErrorSchema,
      401: apiErrorSchema,
      413: apiErrorSchema,
      415: apiErrorSchema,
      429: apiErrorSchema,
    },
    limits: [
      {
        rule: {
          name: 'upload',
          max: uploadRateLimitPerMinute,
          windowMs: 60_000,
          message: messages.media.uploadTooManyRequests,
        },
        key: uploadRateKey,
      },
    ],
    handler: async ({ user, request, reply }) => {
      const part = await readUploadPart(request, reply, deps.maxUploadBytes);
      return uploadMedia(deps, user, part, request.log);
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/api/media/:id/file',
    tag,
    summary: 'O arquivo da mídia (aceita Range; ETag e cache imutável)',
    auth: 'user',
    apiKey: 'media',
    params: idParamsSchema,
    responses: fileAnswers,
    rawResponse: { contentType: '*/*' },
    handler: async ({ user, params, request, reply }) => {
      const row = await loadVisibleMedia(deps.db, user, params.id);
      return sendStoredFile(request, reply, deps.store, {
        key: row.filename,
        contentType: row.mimeType,
        etag: `"${row.sha256}"`,
        size: row.size,
      });
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/api/media/:id/download',
    tag,
    summary: 'O arquivo da mídia como download, com o nome original',
    auth: 'user',
    apiKey: 'media',
    params: idParamsSchema,
    responses: fileAnswers,
    rawResponse: { contentType: '*/*' },
    handler: async ({ user, params, request, reply }) => {
      const row = await loadVisibleMedia(deps.db, user, params.id);
      return sendStoredFile(request, reply, deps.store, {
        key: row.filename,
        contentType: row.mimeType,
        etag: `"${row.sha256}"`,
        size: row.size,
        downloadName: row.originalName,
      });
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/api/media/:id/thumbnail',
    tag,
    summary: 'A miniatura WebP da mídia (404 se não houver)',
    auth: 'user',
    apiKey: 'media',
    params: idParamsSchema,
    responses: { 200: null, 304: null, ...idErrors },
    rawResponse: { contentType: 'image/webp' },
    handler: async ({ user, params, request, reply }) => {
      const row = await loadVisibleMedia(deps.db, user, params.id);
      if (!row.thumbnailFilename) throw new HttpError(404, messages.media.notFound, ERROR_CODES.notFound);
      return sendStoredFile(request, reply, deps.store, {
        key: row.thumbnailFilename,
        contentType: 'image/webp',
        etag: `"${row.sha256}-thumb"`,
        size: null,
      });
    },
  }),
  defineRoute({
    method: 'DELETE',
    url: '/api/media/:id',
    tag,
    summary: 'Remove a mídia, seu arquivo e miniatura; ela sai das playlists, cujos totais são recalculados',
    auth: 'user',
    apiKey: 'media',
    params: idParamsSchema,
    responses: { 204: null, ...idErrors },
    handler: async ({ user, params, request }) => {
      await deleteMedia(deps, user, params.id, request.log);
    },
  }),
];
