import { createReadStream } from 'node:fs';
import type { FastifyRequest } from 'fastify';
import { APP_DOWNLOAD_PATH, APP_INFO_PATH, appInfoSchema } from '../../../contract/app-info';
import { TV_APP_UPDATE_PATH, tvAppUpdateSchema } from '../../../contract/app-update';
import { TV_APP } from '../../../contract/constants';
import { apiErrorSchema, ERROR_CODES } from '../../../contract/errors';
import { messages } from '../../../contract/messages';
import { defineRoute } from '../../http/define-route';
import type { RouteDeps } from '../../http/route-deps';
import { HttpError } from '../../http/errors';
import { apkFileReader, apkMetadata } from './apk-file';

const APK_TYPE = 'application/vnd.android.package-archive';
const tag = 'App para TV';

const originOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

/**
 * The TV app download (docs/product.md#download-page): public, like the page; and the app's update
 * check, for paired TVs (docs/tv-protocol.md#app-updates).
 */
export function appDownloadRoutes({ config }: RouteDeps) {
  const apkPath = config.appApkPath;
  const apkFacts = apkFileReader(apkPath);
  return [
    defineRoute({
      method: 'GET',
      url: APP_INFO_PATH,
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
          downloadUrl: `${origin}${APP_DOWNLOAD_PATH}`,
          playerUrl: `${origin}/player`,
        };
      },
    }),
    defineRoute({
      method: 'GET',
      url: APP_DOWNLOAD_PATH,
      tag,
      summary: 'Baixa o instalador (APK) do app para TV (o de npm run build:apk, ou o de APP_APK_PATH)',
      auth: 'public',
      responses: { 200: null, 404: apiErrorSchema },
      rawResponse: { contentType: APK_TYPE },
      handler: async ({ reply }) => {
        const facts = await apkFacts();
        if (facts === null) throw new HttpError(404, messages.appDownload.notAvailable, ERROR_CODES.notFound);
        return reply
          .header('Content-Type', APK_TYPE)
          .header('Content-Length', facts.sizeBytes)
          .header('Content-Disposition', `attachment; filename="sinalize-tv-${TV_APP.version}.apk"`)
          .header('Cache-Control', 'no-cache')
          .send(createReadStream(apkPath!));
      },
    }),
    defineRoute({
      method: 'GET',
      url: TV_APP_UPDATE_PATH,
      tag: 'TV',
      summary:
        'O APK que este servidor oferece (versão, SHA-256, tamanho, endereço): a verificação de atualização do app',
      auth: 'device',
      responses: { 200: tvAppUpdateSchema, 401: apiErrorSchema, 404: apiErrorSchema },
      handler: async ({ reply }) => {
        const facts = await apkFacts();
        if (facts === null) throw new HttpError(404, messages.appDownload.notAvailable, ERROR_CODES.notFound);
        const meta = await apkMetadata(apkPath, facts);
        reply.header('Cache-Control', 'no-cache');
        return {
          versionCode: meta?.versionCode ?? null,
          versionName: meta?.versionName ?? null,
          sha256: facts.sha256,
          size: facts.sizeBytes,
          url: APP_DOWNLOAD_PATH,
        };
      },
    }),
  ];
}
