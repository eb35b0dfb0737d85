import { createReadStream } from 'node:fs';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { TV_APP } from '../../../contract/constants';
import { apiErrorSchema, ERROR_CODES } from '../../../contract/errors';
import { defineRoute } from '../../http/define-route';
import type { RouteDeps } from '../../http/route-deps';
import { HttpError } from '../../http/errors';
import { apkFileReader } from './apk-file';

/** `GET /api/app/info`: what /download-app shows (the web page reads the same shape). */
export const appInfoSchema = z
  .object({
    /** An installable file is on this server (`APP_APK_PATH`, by default the one `npm run build:apk` made). */
    available: z.boolean(),
    version: z.string(),
    /** The file's real size and SHA-256 (hex), so a technician can check the download. */
    sizeBytes: z.number().int().nullable(),
    sha256: z.string().nullable(),
    /** The download's absolute address, as this request reached the server (for the QR code). */
    downloadUrl: z.string(),
    /** Where a TV's browser opens the player, as this request reached the server. */
    playerUrl: z.string(),
  })
  .meta({ id: 'AppInfo' });

const APK_TYPE = 'application/vnd.android.package-archive';
const NOT_AVAILABLE = 'O instalador do app para TV não está disponível neste servidor. Abra o player pelo navegador da TV.';
const tag = 'App para TV';

const originOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;
const DOWNLOAD_PATH = '/api/app/download';

/** The TV app download (SPEC §2 /download-app): public, like the page. */
export function appDownloadRoutes({ config }: RouteDeps) {
  const apkPath = config.appApkPath;
  const apkFacts = apkFileReader(apkPath);
  return [
    defineRoute({
      method: 'GET',
      url: '/api/app/info',
      tag,
      summary: 'Versão do app para TV, se o instalador está disponível e o endereço do player',
      auth: 'public',
      responses: { 200: appInfoSchema },
      handler: async ({ request }) => {
        const facts = await apkFacts();
        const origin = originOf(request);
        return {
          available: facts !== null,
          version: TV_APP.version,
          sizeBytes: facts?.sizeBytes ?? null,
          sha256: facts?.sha256 ?? null,
          downloadUrl: `${origin}${DOWNLOAD_PATH}`,
          playerUrl: `${origin}/player`,
        };
      },
    }),
    defineRoute({
      method: 'GET',
      url: DOWNLOAD_PATH,
      tag,
      summary: 'Baixa o instalador (APK) do app para TV (o de npm run build:apk, ou o de APP_APK_PATH)',
      auth: 'public',
      responses: { 200: null, 404: apiErrorSchema },
      rawResponse: { contentType: APK_TYPE },
      handler: async ({ reply }) => {
        const facts = await apkFacts();
        if (facts === null) throw new HttpError(404, NOT_AVAILABLE, ERROR_CODES.notFound);
        return reply
          .header('Content-Type', APK_TYPE)
          .header('Content-Length', facts.sizeBytes)
          .header('Content-Disposition', `attachment; filename="sinalize-tv-${TV_APP.version}.apk"`)
          .header('Cache-Control', 'no-cache')
          .send(createReadStream(apkPath!));
      },
    }),
  ];
}
