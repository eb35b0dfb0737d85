import { z } from 'zod';

/** The TV app's update check (docs/tv-protocol.md#app-updates, docs/android.md#updates). */
export const TV_APP_UPDATE_PATH = '/api/tv/app';

const sha256Schema = z.string().regex(/^[0-9a-f]{64}$/);

/**
 * What `npm run build:apk` writes next to the APK (`dist/sinalize-tv.apk.json`): the version it gave
 * the APK and the file it made. The server trusts it only while its sha256 is the APK's own.
 */
export const apkMetadataSchema = z.object({
  versionCode: z.number().int().positive(),
  versionName: z.string().min(1).max(100),
  sha256: sha256Schema,
  size: z.number().int().positive(),
});
export type ApkMetadata = z.infer<typeof apkMetadataSchema>;

/** `GET /api/tv/app`: the APK this server offers, for the app to compare with its own version. */
export const tvAppUpdateSchema = z
  .object({
    /** From the build's metadata file; null when it is missing or names another file (no update offered). */
    versionCode: z.number().int().positive().nullable(),
    versionName: z.string().nullable(),
    /** The file's own SHA-256 (hex) and size: the app refuses a download that differs. */
    sha256: sha256Schema,
    size: z.number().int().nonnegative(),
    /** The download, relative to the server's address (like the manifest's media URLs). */
    url: z.string(),
  })
  .meta({ id: 'TvAppUpdate' });
export type TvAppUpdate = z.infer<typeof tvAppUpdateSchema>;
