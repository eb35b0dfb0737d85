import { z } from 'zod';
import { isoDateTime } from './common';

/**
 * Screen health (docs/screen-health.md): what a TV says about itself, at most once a minute. A value the
 * player or the app does not know is null, never a guess.
 */
export const HEALTH_REPORT_MIN_INTERVAL_MS = 60_000;
/** Free storage below this is "pouco espaço" in the device list. */
export const LOW_STORAGE_BYTES = 500 * 1024 * 1024;

const text = (max: number) => z.string().trim().max(max).nullable();
/** Where the app's update is (android/…/UpdateManager.java). */
export const APP_UPDATE_STATES = ['downloading', 'installing', 'waiting', 'failed'] as const;
const bytes = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).nullable();

/** `POST /api/tv/health`: every field present, null when unknown. */
export const healthReportSchema = z
  .object({
    /** The web player's build (`APP_VERSION` of the server that served it). */
    playerVersion: text(40),
    /** The Android app's versionName; null in a browser. */
    appVersion: text(40),
    /** The browser, or the Android version and model. */
    platform: text(300),
    /** The resolution in use, in pixels, e.g. "1920x1080". */
    resolution: z
      .string()
      .regex(/^\d{2,5}x\d{2,5}$/, 'Resolução inválida')
      .nullable(),
    freeStorageBytes: bytes,
    cacheBytes: bytes,
    memoryBytes: bytes,
    uptimeSeconds: z
      .number()
      .int()
      .min(0)
      .max(10 * 365 * 24 * 3600)
      .nullable(),
    localIp: z.union([z.ipv4(), z.ipv6()]).nullable(),
    /**
     * The app's update under way (docs/android.md#updates): the version and where it is; null when
     * none is, absent from a player that does not know (a browser's report may leave it out).
     */
    appUpdate: z
      .object({
        versionName: z.string().trim().min(1).max(40),
        state: z.enum(APP_UPDATE_STATES),
      })
      .nullable()
      .optional(),
    /** The last item that failed to play, in the player's words, and when. */
    lastError: z.object({ message: z.string().trim().min(1).max(500), at: isoDateTime }).nullable(),
  })
  .meta({ id: 'TvHealthReport' });
export type HealthReport = z.infer<typeof healthReportSchema>;

/**
 * A device's health as the API shows it: the last report, when it came, and the device list's
 * filters as the server judged them then (`healthFlags` against the versions it offered).
 */
export const deviceHealthSchema = healthReportSchema
  .extend({ reportedAt: isoDateTime, lowStorage: z.boolean(), oldVersion: z.boolean() })
  .meta({ id: 'DeviceHealth' });
export type DeviceHealth = z.infer<typeof deviceHealthSchema>;

/**
 * Compares dotted versions ("1.10.2" > "1.9"); a build number after `+` counts as one more part,
 * so the app's "0.1.0+281" is older than "0.1.0+300" (docs/android.md#versions).
 */
export function compareVersions(a: string, b: string): number {
  const parts = (v: string) => v.split(/[.+]/).map((n) => Number.parseInt(n, 10) || 0);
  const [x, y] = [parts(a), parts(b)];
  for (let i = 0; i < Math.max(x.length, y.length); i++) {
    const d = (x[i] ?? 0) - (y[i] ?? 0);
    if (d !== 0) return Math.sign(d);
  }
  return 0;
}

/**
 * The device list's filters (docs/screen-health.md): little free storage, and a player or app older than
 * what this server offers. Unknown values never raise a flag.
 */
export function healthFlags(
  health: Pick<HealthReport, 'freeStorageBytes' | 'playerVersion' | 'appVersion'> | null,
  current: { playerVersion: string; appVersion: string | null },
): { lowStorage: boolean; oldVersion: boolean } {
  if (!health) return { lowStorage: false, oldVersion: false };
  const older = (reported: string | null, offered: string | null) =>
    reported !== null && offered !== null && compareVersions(reported, offered) < 0;
  return {
    lowStorage: health.freeStorageBytes !== null && health.freeStorageBytes < LOW_STORAGE_BYTES,
    oldVersion: older(health.playerVersion, current.playerVersion) || older(health.appVersion, current.appVersion),
  };
}

/** `POST /api/tv/playback-errors`: items that failed to play, sent in batches (docs/screen-health.md#playback-errors). */
export const PLAYBACK_ERRORS_BATCH_MAX = 50;
/** Failures of one media on one screen within an hour that are told (docs/alerts.md#playback). */
export const PLAYBACK_FAILURES_ALERTED = 3;
export const playbackErrorsSchema = z
  .object({
    errors: z
      .array(
        z.object({
          mediaId: z.number().int().positive().max(2_147_483_647),
          /** What the player saw, in its words (the media element's error, a decode failure). */
          message: z.string().trim().min(1).max(500),
          at: isoDateTime,
        }),
      )
      .min(1)
      .max(PLAYBACK_ERRORS_BATCH_MAX),
  })
  .meta({ id: 'TvPlaybackErrors' });
export type PlaybackErrors = z.infer<typeof playbackErrorsSchema>;
