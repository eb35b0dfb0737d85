import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HealthReport } from '@contract/screen-health';
import { postHealth, postPlaybackErrors } from './device-api';
import { collectHealth, PLAYER_VERSION, type HealthEnvironment } from './health-report';
import { HEALTH_FIRST_DELAY_MS, HEALTH_INTERVAL_MS, HealthReporter, PLAYBACK_ERRORS_DELAY_MS } from './health-reporter';
import { videoErrorMessage } from './media-error';
import packageJson from '../../../package.json';

/** What the server answers (a throw is no answer), and what the player sent it. */
let answer: (url: string) => Response;
let requests: Array<{ url: string; body: unknown; auth: string | undefined }>;
beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2026-05-07T15:00:00.000Z'));
  requests = [];
  answer = () => new Response(null, { status: 204 });
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const headers = init.headers as Record<string, string>;
    requests.push({ url, body: JSON.parse(init.body as string), auth: headers.authorization });
    return answer(url);
  });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** A TV as a browser shows it: 1280×720 CSS pixels at 1.5, 8 GiB, 3 GiB of quota with 1 GiB used. */
function browserTv(overrides: Partial<HealthEnvironment> = {}): HealthEnvironment {
  return {
    navigator: {
      userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/120',
      deviceMemory: 8,
      storage: { estimate: async () => ({ quota: 3 * 1024 ** 3, usage: 1024 ** 3 }) },
    },
    screen: { width: 1280, height: 720 },
    devicePixelRatio: 1.5,
    uptimeMs: () => 0,
    app: undefined,
    cacheBytes: () => 123_456,
    ...overrides,
  };
}

/** A reporter on a page that starts now (its uptime on the faked clock). */
function reporterFor(env: HealthEnvironment) {
  const startedAt = Date.now();
  return new HealthReporter({
    collect: (lastError) => collectHealth({ ...env, uptimeMs: () => Date.now() - startedAt }, lastError),
    sendReport: (report) => postHealth('token', report),
    sendErrors: (errors) => postPlaybackErrors('token', errors),
    now: () => Date.now() + 10_000, // the server is 10 s ahead
  });
}
const reports = () => requests.filter((r) => r.url === '/api/tv/health').map((r) => r.body as HealthReport);
const errorBatches = () =>
  requests.filter((r) => r.url === '/api/tv/playback-errors').map((r) => (r.body as { errors: unknown[] }).errors);

describe('health reporter', () => {
  it('reports soon after the start, then once a minute, with what the page can read and null for the rest', async () => {
    const reporter = reporterFor(browserTv());
    reporter.start();
    await vi.advanceTimersByTimeAsync(HEALTH_FIRST_DELAY_MS - 1);
    expect(reports()).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(requests[0]!.auth).toBe('Bearer token');
    expect(reports()).toEqual([
      {
        playerVersion: packageJson.version,
        appVersion: null,
        appUpdate: null,
        platform: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/120',
        resolution: '1920x1080',
        freeStorageBytes: 2 * 1024 ** 3,
        cacheBytes: 123_456,
        memoryBytes: 8 * 1024 ** 3,
        uptimeSeconds: 5,
        localIp: null,
        lastError: null,
      },
    ]);
    await vi.advanceTimersByTimeAsync(HEALTH_INTERVAL_MS - 1);
    expect(reports()).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(reports().map((r) => r.uptimeSeconds)).toEqual([5, 65]);
    reporter.stop();
    await vi.advanceTimersByTimeAsync(HEALTH_INTERVAL_MS * 3);
    expect(reports()).toHaveLength(2);
  });

  it('sends null for what the browser does not tell, and the app version inside the Android app', async () => {
    const env = browserTv({
      navigator: { userAgent: '' },
      screen: undefined,
      devicePixelRatio: undefined,
      cacheBytes: () => null,
      app: {
        appVersion: () => '0.1.0+281',
        appUpdate: () => JSON.stringify({ versionCode: 300, versionName: '0.1.0+300', state: 'waiting' }),
        localIp: () => '192.168.0.42',
      } as never,
    });
    const report = await collectHealth(env, null);
    expect(report).toMatchObject({
      playerVersion: PLAYER_VERSION,
      appVersion: '0.1.0+281',
      appUpdate: { versionName: '0.1.0+300', state: 'waiting' },
      localIp: '192.168.0.42',
      platform: null,
      resolution: null,
      freeStorageBytes: null,
      cacheBytes: null,
      memoryBytes: null,
    });
    // An app whose bridge throws, or an older one without the method: unknown, not a guess.
    const broken = {
      appVersion: (): string => {
        throw new Error('bridge gone');
      },
    };
    expect((await collectHealth(browserTv({ app: broken }), null)).appVersion).toBeNull();
    expect((await collectHealth(browserTv({ app: {} }), null)).appVersion).toBeNull();
  });

  it('keeps a report it could not send for no one, and the last error for the next report', async () => {
    const reporter = reporterFor(browserTv());
    answer = () => {
      throw new TypeError('offline');
    };
    reporter.start();
    await vi.advanceTimersByTimeAsync(HEALTH_FIRST_DELAY_MS);
    reporter.mediaFailed(12, videoErrorMessage({ code: 4, message: 'MEDIA_ELEMENT_ERROR: Format error' }));
    await vi.advanceTimersByTimeAsync(PLAYBACK_ERRORS_DELAY_MS);
    expect(reporter.pending()).toHaveLength(1);

    answer = () => new Response(null, { status: 204 });
    await vi.advanceTimersByTimeAsync(HEALTH_INTERVAL_MS);
    const last = reports().at(-1)!;
    expect(last.lastError).toEqual({
      message: 'Vídeo indisponível ou em formato não suportado (MEDIA_ELEMENT_ERROR: Format error)',
      at: '2026-05-07T15:00:15.000Z', // 5 s in, on the server's clock (10 s ahead)
    });
    // The error waited for the link, and went with the next round.
    expect(errorBatches().at(-1)).toEqual([{ mediaId: 12, message: last.lastError!.message, at: last.lastError!.at }]);
    expect(reporter.pending()).toHaveLength(0);
    reporter.stop();
  });

  it('keeps at most 50 errors offline, dropping the oldest, and sends them in one batch when the link is back', async () => {
    const reporter = reporterFor(browserTv());
    answer = () => {
      throw new TypeError('offline');
    };
    for (let id = 1; id <= 60; id++) reporter.mediaFailed(id, 'Não foi possível carregar a imagem');
    await vi.advanceTimersByTimeAsync(PLAYBACK_ERRORS_DELAY_MS);
    expect(reporter.pending().map((e) => e.mediaId)).toEqual(Array.from({ length: 50 }, (_, i) => i + 11));

    answer = () => new Response(null, { status: 204 });
    await reporter.flush();
    expect(
      errorBatches()
        .at(-1)!
        .map((e) => (e as { mediaId: number }).mediaId),
    ).toEqual(Array.from({ length: 50 }, (_, i) => i + 11));
    expect(reporter.pending()).toHaveLength(0);
    reporter.stop();
  });

  it('drops a batch the server refuses as invalid, but keeps one a server error or a missing route leaves', async () => {
    const reporter = reporterFor(browserTv());
    answer = () => new Response(null, { status: 404 });
    reporter.mediaFailed(3, 'Não foi possível carregar a imagem');
    await reporter.flush();
    expect(reporter.pending()).toHaveLength(1);
    answer = () => new Response('{}', { status: 503 });
    await reporter.flush();
    expect(reporter.pending()).toHaveLength(1);
    answer = () => Response.json({ message: 'inválido' }, { status: 400 });
    await reporter.flush();
    expect(reporter.pending()).toHaveLength(0);
    reporter.stop();
  });

  it('words a video error in Portuguese, with the browser detail when there is one', () => {
    expect(videoErrorMessage({ code: 3 })).toBe('Não foi possível decodificar o vídeo');
    expect(videoErrorMessage(null)).toBe('Falha ao reproduzir o vídeo');
  });
});
