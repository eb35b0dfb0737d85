import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { TV_APP } from '../../../contract/constants';
import { apiErrorSchema, ERROR_CODES } from '../../../contract/errors';
import { defineRoute } from '../../http/define-route';
import { HttpError } from '../../http/errors';

/** `GET /api/app/info`: what /download-app shows (the web page reads the same shape). */
export const appInfoSchema = z
  .object({
    /** An installable file is on this server (`APP_APK_PATH`). */
    available: z.boolean(),
    version: z.string(),
    sizeBytes: z.number().int().nullable(),
    /** Where a TV's browser opens the player, as this request reached the server. */
    playerUrl: z.string(),
  })
  .meta({ id: 'AppInfo' });

const APK_TYPE = 'application/vnd.android.package-archive';
const NOT_AVAILABLE = 'O instalador do app para TV não está disponível neste servidor. Abra o player pelo navegador da TV.';
const tag = 'App para TV';

/** The APK's size, or null when none is configured or the file is missing. */
async function apkSize(apkPath: string | undefined): Promise<number | null> {
  if (!apkPath) return null;
  try {
    const info = await stat(apkPath);
    return info.isFile() ? info.size : null;
  } catch {
    return null;
  }
}

const playerUrlOf = (request: FastifyRequest) => `${request.protocol}://${request.host}/player`;

/** The TV app download (SPEC §2 /download-app): public, like the page. */
export function appDownloadRoutes(options: { apkPath: string | undefined }) {
  return [
    defineRoute({
      method: 'GET',
      url: '/api/app/info',
      tag,
      summary: 'Versão do app para TV, se o instalador está disponível e o endereço do player',
      auth: 'public',
      responses: { 200: appInfoSchema },
      handler: async ({ request }) => {
        const size = await apkSize(options.apkPath);
        return { available: size !== null, version: TV_APP.version, sizeBytes: size, playerUrl: playerUrlOf(request) };
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/api/app/download',
      tag,
      summary: 'Baixa o instalador (APK) do app para TV, quando configurado em APP_APK_PATH',
      auth: 'public',
      responses: { 200: null, 404: apiErrorSchema },
      rawResponse: { contentType: APK_TYPE },
      handler: async ({ reply }) => {
        const size = await apkSize(options.apkPath);
        if (size === null) throw new HttpError(404, NOT_AVAILABLE, ERROR_CODES.notFound);
        return reply
          .header('Content-Type', APK_TYPE)
          .header('Content-Length', size)
          .header('Content-Disposition', `attachment; filename="sinalize-tv-${TV_APP.version}.apk"`)
          .header('Cache-Control', 'no-cache')
          .send(createReadStream(options.apkPath!));
      },
    }),
  ];
}
