import { apiErrorSchema } from '../../../contract/errors';
import { healthReportSchema, playbackErrorsSchema } from '../../../contract/screen-health';
import { defineRoute } from '../../http/define-route';
import type { RouteDeps } from '../../http/route-deps';
import { APP_VERSION } from '../../version';
import { apkFileReader, apkMetadata, type ApkFacts } from '../app-download/apk-file';
import { createScreenHealthService } from './screen-health-service';
import { storePlaybackErrors } from './playback-errors';

/** docs/screen-health.md: a TV's report of itself, judged against the player and the app this server offers. */
export function screenHealthRoutes({ db, bus, config }: RouteDeps) {
  const apkFacts = apkFileReader(config.appApkPath);
  const readVersion = async (facts: ApkFacts) => (await apkMetadata(config.appApkPath, facts))?.versionName ?? null;
  let known: { facts: ApkFacts | null | undefined; appVersion: Promise<string | null> } = {
    facts: undefined,
    appVersion: Promise.resolve(null),
  };
  const reportHealth = createScreenHealthService({
    db,
    bus,
    versions: async () => {
      const facts = await apkFacts();
      // The reader keeps one facts object per version of the APK file: its metadata is read once
      // for it, not on every TV's report (each TV reports every minute).
      if (facts !== known.facts) known = { facts, appVersion: facts ? readVersion(facts) : Promise.resolve(null) };
      return { playerVersion: APP_VERSION, appVersion: await known.appVersion };
    },
  });
  return [
    defineRoute({
      method: 'POST',
      url: '/api/tv/health',
      tag: 'TV',
      summary:
        'A TV informa sua saúde (versões, resolução, espaço, memória, IP local, último erro), no máximo uma vez por minuto',
      auth: 'device',
      body: healthReportSchema,
      responses: { 204: null, 400: apiErrorSchema, 401: apiErrorSchema },
      handler: ({ device, body }) => reportHealth(device!, body),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/tv/playback-errors',
      tag: 'TV',
      summary: 'A TV informa mídias que falharam ao tocar (em lotes de até 50), para o alerta de reprodução',
      auth: 'device',
      body: playbackErrorsSchema,
      responses: { 204: null, 400: apiErrorSchema, 401: apiErrorSchema },
      handler: ({ device, body }) => storePlaybackErrors(db, device!, body),
    }),
  ];
}
