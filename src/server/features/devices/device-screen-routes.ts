import { idParamsSchema } from '../../../contract/common';
import { apiErrorSchema } from '../../../contract/errors';
import { messages } from '../../../contract/messages';
import { deviceCommandResponseSchema } from '../../../contract/screens';
import type { FastifyBaseLogger } from 'fastify';
import { defineRoute, type RouteLimit } from '../../http/define-route';
import { notFound } from '../../http/errors';
import type { RouteDeps } from '../../http/route-deps';
import { ObjectNotFoundError } from '../../storage/media-store';
import { askDevice, screenshotOf, type ScreenDeps } from './device-screens';

const tag = 'Dispositivos';
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema };
/** Each request reaches a TV's socket (and a reload interrupts its screen): a generous budget per address. */
const commandLimit = { name: 'device-command', max: 30, windowMs: 60_000, message: messages.devices.commandsTooMany };
const limits: RouteLimit[] = [{ rule: commandLimit, key: (request) => `ip:${request.ip}` }];

/** Capturar tela and Recarregar (issue 15, docs/proof-of-play.md#screens-from-afar). */
export function deviceScreenRoutes(deps: RouteDeps) {
  const screens = (log: FastifyBaseLogger): ScreenDeps => ({
    db: deps.db,
    bus: deps.bus,
    store: deps.store,
    tmpDir: deps.tmpDir,
    log,
  });
  /** A request passed on to the TV: 202, or 409 when it is offline. */
  const commandRoute = (command: 'screenshot' | 'reload', summary: string) =>
    defineRoute({
      method: 'POST',
      url: `/api/devices/:id/${command}`,
      tag,
      summary,
      auth: 'user',
      apiKey: 'devices',
      params: idParamsSchema,
      responses: { 202: deviceCommandResponseSchema, 409: apiErrorSchema, 429: apiErrorSchema, ...errors },
      limits,
      handler: ({ user, params, request }) => askDevice(screens(request.log), user, params.id, command),
    });
  return [
    commandRoute(
      'screenshot',
      'Pede à TV uma captura da tela; ela chega como device_changed (screenshotAt) ou device_screenshot_failed',
    ),
    defineRoute({
      method: 'GET',
      url: '/api/devices/:id/screenshot',
      tag,
      summary: 'A última captura de tela da TV (JPEG)',
      auth: 'user',
      apiKey: 'devices',
      params: idParamsSchema,
      responses: { 200: null, 304: null, ...errors },
      rawResponse: { contentType: 'image/jpeg' },
      handler: async ({ user, params, request, reply }) => {
        const key = await screenshotOf(screens(request.log), user, params.id);
        // A new picture gets a new key: the ETag changes with it, and the URL never caches for long.
        const etag = `"${key}"`;
        reply
          .header('ETag', etag)
          .header('Cache-Control', 'private, no-cache')
          .header('X-Content-Type-Options', 'nosniff');
        if (request.headers['if-none-match'] === etag) return reply.code(304).send();
        try {
          return reply.type('image/jpeg').send(await deps.store.read(key));
        } catch (error) {
          if (error instanceof ObjectNotFoundError) throw notFound(messages.devices.screenshotNone);
          throw error;
        }
      },
    }),
    commandRoute('reload', 'Recarrega o player da TV remotamente'),
  ];
}
