import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { coercedIdSchema, idParamsSchema } from '../../../contract/common';
import { apiErrorSchema } from '../../../contract/errors';
import { manifestSchema, tvAuthenticateSchema, tvAuthResponseSchema, tvHeartbeatResponseSchema, tvStatusResponseSchema, tvStatusSchema } from '../../../contract/tv';
import type { Db } from '../../db/client';
import { media } from '../../db/schema';
import { defineRoute } from '../../http/define-route';
import { HttpError, notFound } from '../../http/errors';
import type { MediaStore } from '../../storage/media-store';
import { consume, type Limiter } from '../../limits/limiter';
import { sendStoredFile } from '../media/file-reply';
import { deviceUnauthenticated, type DeviceAuthenticator } from '../../auth/device-auth';
import type { ManifestService } from './manifest-service';
import type { PresenceService } from './presence-service';
import type { MediaUrlSigner } from './signed-media';
import { pairDevice, reportStatus, type TvDeps } from './tv-service';

export interface TvRouteDeps extends TvDeps {
  auth: DeviceAuthenticator;
  manifests: ManifestService;
  presence: PresenceService;
  signer: MediaUrlSigner;
  store: MediaStore;
  pairing: { perAddressPerMinute: number; globalPerMinute: number; failureDelayMs: number };
  limiter: Limiter;
}

const tag = 'TV';
const PAIRING_FAILED = 'Código inválido. Confira o código de 6 dígitos cadastrado para esta TV.';
const PAIRING_BUSY = 'Muitas tentativas de pareamento. Aguarde um minuto e tente novamente.';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const signedMediaQuery = z.object({ device: coercedIdSchema, expires: z.coerce.number().int(), signature: z.string().max(100) });

export function tvRoutes(deps: TvRouteDeps, db: Db) {
  const perAddress = { name: 'pairing', max: deps.pairing.perAddressPerMinute, windowMs: 60_000, message: PAIRING_BUSY };
  const global = { name: 'pairing', max: deps.pairing.globalPerMinute, windowMs: 60_000, message: PAIRING_BUSY };
  return [
    defineRoute({
      method: 'POST',
      url: '/api/tv/authenticate',
      tag,
      summary: 'Pareia a TV com o código de 6 dígitos; devolve o token do dispositivo',
      auth: 'public',
      body: tvAuthenticateSchema,
      responses: { 200: tvAuthResponseSchema, 400: apiErrorSchema, 401: apiErrorSchema, 429: apiErrorSchema },
      handler: async ({ body, request, reply }) => {
        // Guessing a 6-digit code must be hopeless: a budget per address, a global one (shared by
        // every process with Redis), and every failure answered after the same delay.
        await consume(deps.limiter, reply, perAddress, `ip:${request.ip}`);
        await consume(deps.limiter, reply, global, 'all');
        const started = Date.now();
        const paired = await pairDevice(deps, body.code);
        if (!paired) {
          await sleep(Math.max(0, deps.pairing.failureDelayMs - (Date.now() - started)));
          throw new HttpError(401, PAIRING_FAILED, 'PAIRING_FAILED');
        }
        return paired;
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/api/tv/content',
      tag,
      summary: 'O manifesto da TV (janelas, itens, URLs assinadas); ETag e 304',
      auth: 'device',
      responses: { 200: manifestSchema, 304: null, 401: apiErrorSchema },
      handler: async ({ device, request, reply }) => {
        const entry = await deps.manifests.get(device.deviceId, device.tokenHash);
        // No manifest for this token: the device is gone or paired with another TV since.
        if (!entry) throw deviceUnauthenticated();
        reply.header('ETag', entry.etag).header('Cache-Control', 'no-cache');
        if (request.headers['if-none-match'] === entry.etag) return reply.code(304).send();
        return reply.type('application/json; charset=utf-8').send(entry.body);
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/api/tv/heartbeat',
      tag,
      summary: 'Sinal de vida da TV; devolve a versão atual do conteúdo',
      auth: 'device',
      responses: { 200: tvHeartbeatResponseSchema, 401: apiErrorSchema },
      handler: async ({ device }) => {
        await deps.presence.heartbeat(device.deviceId, device.workspaceId);
        return { contentVersion: (await deps.manifests.version(device.deviceId)) ?? '' };
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
      handler: ({ device, body }) => reportStatus(deps, device, body),
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
        // Bound to the device and its current pairing: a disconnected, removed or re-coded TV's
        // URLs answer 403 (docs/security.md).
        const pairing = await deps.auth.pairingOf(query.device);
        if (!deps.signer.verify(params.id, query.device, pairing, query.expires, query.signature)) {
          throw new HttpError(403, 'Link de mídia inválido ou expirado.', 'INVALID_SIGNATURE');
        }
        const [row] = await db.select().from(media).where(eq(media.id, params.id)).limit(1);
        if (!row) throw notFound();
        return sendStoredFile(request, reply, deps.store, { key: row.filename, contentType: row.mimeType, etag: `"${row.sha256}"`, size: row.size });
      },
    }),
  ];
}
