import { z } from 'zod';
import { coercedIdSchema, idParamsSchema } from '../../../contract/common';
import { apiErrorSchema } from '../../../contract/errors';
import { messages } from '../../../contract/messages';
import { TV_SCREENSHOT_PATH, tvScreenshotResponseSchema } from '../../../contract/screens';
import {
  manifestSchema,
  tvAuthenticateSchema,
  tvAuthResponseSchema,
  tvHeartbeatResponseSchema,
  tvStatusResponseSchema,
  tvStatusSchema,
} from '../../../contract/tv';
import { deviceUnauthenticated } from '../../auth/device-auth';
import { defineRoute } from '../../http/define-route';
import type { RouteDeps } from '../../http/route-deps';
import { sendStoredFile } from '../media/file-reply';
import { storeScreenshot } from '../devices/device-screens';
import { withServerTime } from './manifest-body';
import { loadSignedImage, loadSignedMedia, loadSignedPage, pairDeviceOrRefuse, reportStatus } from './tv-service';
import { takeAllCommands } from './device-commands';

const tag = 'TV';

const screenshotLimit = { name: 'tv-screenshot', max: 60, windowMs: 60_000, message: messages.devices.commandsTooMany };

/** `/api/tv/media/{id}/pages/{page}`: a PDF page's number, plain digits like an id. */
const pageParamsSchema = idParamsSchema.extend({
  page: z
    .string()
    .regex(/^[1-9]\d{0,3}$/, messages.http.invalidId)
    .transform(Number),
});

/** `/api/tv/media/{id}/images/{sha256}`: a feed picture's hash, 64 lowercase hex digits. */
const imageParamsSchema = idParamsSchema.extend({
  sha256: z.string().regex(/^[0-9a-f]{64}$/, messages.http.invalidId),
});

const signedMediaQuery = z.object({
  device: coercedIdSchema,
  expires: z.coerce.number().int(),
  signature: z.string().max(100),
});

export function tvRoutes(deps: RouteDeps) {
  const { db, bus, store } = deps;
  const { auth, manifests, presence, signer } = deps.tv;
  const pairing = deps.config.tv.pairing;
  const perAddress = {
    name: 'pairing',
    max: pairing.perAddressPerMinute,
    windowMs: 60_000,
    message: messages.tv.pairingBusy,
  };
  const global = { name: 'pairing', max: pairing.globalPerMinute, windowMs: 60_000, message: messages.tv.pairingBusy };
  return [
    defineRoute({
      method: 'POST',
      url: '/api/tv/authenticate',
      tag,
      summary: 'Pareia a TV com o código de 6 dígitos; devolve o token do dispositivo',
      auth: 'public',
      body: tvAuthenticateSchema,
      responses: { 200: tvAuthResponseSchema, 400: apiErrorSchema, 401: apiErrorSchema, 429: apiErrorSchema },
      // Guessing a 6-digit code must be hopeless: a budget per address, a global one (shared by
      // every process with Redis), and every failure answered after the same delay.
      limits: [
        { rule: perAddress, key: (request) => `ip:${request.ip}` },
        { rule: global, key: () => 'all' },
      ],
      handler: ({ body }) =>
        pairDeviceOrRefuse({ db, bus, presence }, body.code, {
          failureDelayMs: pairing.failureDelayMs,
          sleep: deps.sleep,
        }),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/tv/content',
      tag,
      summary: 'O manifesto da TV (janelas, itens, URLs assinadas); ETag e 304',
      auth: 'device',
      responses: { 200: manifestSchema, 304: null, 401: apiErrorSchema },
      handler: async ({ device, request, reply }) => {
        const entry = await manifests.get(device.deviceId, device.tokenHash);
        // No manifest for this token: the device is gone or paired with another TV since.
        if (!entry) throw deviceUnauthenticated();
        reply.header('ETag', entry.etag).header('Cache-Control', 'no-cache');
        if (request.headers['if-none-match'] === entry.etag) return reply.code(304).send();
        return reply.type('application/json; charset=utf-8').send(withServerTime(entry.body));
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/api/tv/heartbeat',
      tag,
      summary: 'Sinal de vida da TV; devolve a versão atual do conteúdo e o relógio do servidor',
      auth: 'device',
      responses: { 200: tvHeartbeatResponseSchema, 401: apiErrorSchema },
      handler: async ({ device }) => {
        await presence.heartbeat(device.deviceId, device.workspaceId);
        const commands = await takeAllCommands(db, device.deviceId);
        return {
          contentVersion: (await manifests.version(device.deviceId)) ?? '',
          serverTime: new Date().toISOString(),
          ...(commands.length ? { commands } : {}),
        };
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/api/tv/status',
      tag,
      summary: 'A TV informa se está reproduzindo (Executando) ou parada (Aguardando)',
      auth: 'device',
      body: tvStatusSchema,
      responses: { 200: tvStatusResponseSchema, 400: apiErrorSchema, 401: apiErrorSchema },
      handler: ({ device, body }) => reportStatus({ db, bus, presence }, device, body),
    }),
    defineRoute({
      method: 'POST',
      url: TV_SCREENSHOT_PATH,
      tag,
      summary: 'A TV envia a captura de tela pedida pelo painel (um JPEG no corpo, Content-Type: image/jpeg)',
      auth: 'device',
      rawBody: { contentType: 'image/jpeg', schema: { type: 'string', format: 'binary' } },
      // A picture only when the admin asks: a store of TVs behind one address stays far below this.
      limits: [{ rule: screenshotLimit, key: (request) => `ip:${request.ip}` }],
      responses: {
        200: tvScreenshotResponseSchema,
        400: apiErrorSchema,
        401: apiErrorSchema,
        413: apiErrorSchema,
        415: apiErrorSchema,
      },
      handler: ({ device, request }) => {
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        return storeScreenshot({ db, bus, store, tmpDir: deps.tmpDir, log: request.log }, device, body);
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/api/tv/media/:id',
      tag,
      summary: 'Arquivo de mídia por URL assinada para uma TV pareada e com validade (sem cookie); aceita Range',
      auth: 'public',
      params: idParamsSchema,
      query: signedMediaQuery,
      responses: { 200: null, 206: null, 304: null, 400: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema },
      rawResponse: { contentType: '*/*' },
      handler: async ({ params, query, request, reply }) => {
        const row = await loadSignedMedia({ db, auth, signer }, { id: params.id, ...query });
        return sendStoredFile(request, reply, store, {
          key: row.filename,
          contentType: row.mimeType,
          etag: `"${row.sha256}"`,
          size: row.size,
        });
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/api/tv/media/:id/pages/:page',
      tag,
      summary: 'Uma página de um PDF, já desenhada como imagem (WebP), por URL assinada para uma TV; aceita Range',
      auth: 'public',
      params: pageParamsSchema,
      query: signedMediaQuery,
      responses: { 200: null, 206: null, 304: null, 400: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema },
      rawResponse: { contentType: 'image/webp' },
      handler: async ({ params, query, request, reply }) => {
        const row = await loadSignedPage({ db, auth, signer }, { id: params.id, page: params.page, ...query });
        return sendStoredFile(request, reply, store, {
          key: row.filename,
          contentType: 'image/webp',
          etag: `"${row.sha256}"`,
          size: row.size,
        });
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/api/tv/media/:id/images/:sha256',
      tag,
      summary: 'A imagem de um item de feed, guardada pelo servidor (WebP), por URL assinada para uma TV; aceita Range',
      auth: 'public',
      params: imageParamsSchema,
      query: signedMediaQuery,
      responses: { 200: null, 206: null, 304: null, 400: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema },
      rawResponse: { contentType: 'image/webp' },
      handler: async ({ params, query, request, reply }) => {
        const row = await loadSignedImage({ db, auth, signer }, { id: params.id, sha256: params.sha256, ...query });
        return sendStoredFile(request, reply, store, {
          key: row.filename,
          contentType: 'image/webp',
          etag: `"${row.sha256}"`,
          size: row.size,
        });
      },
    }),
  ];
}
