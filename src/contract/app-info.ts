import { z } from 'zod';

export const APP_INFO_PATH = '/api/app/info';
export const APP_DOWNLOAD_PATH = '/api/app/download';

/** `GET /api/app/info`: what /download-app shows about the TV app. */
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
export type AppInfo = z.infer<typeof appInfoSchema>;
