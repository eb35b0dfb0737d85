import { z } from 'zod';

/**
 * The screens seen from afar (issue 15, docs/proof-of-play.md#screens-from-afar): what each window of a TV plays as the TV
 * itself reports it, a screenshot taken by the player on request, and a remote reload.
 */

/** What one window plays now: the playlist on it and the campaign that put it there (null: the assigned one). */
export const windowOnAirSchema = z.object({
  playlistId: z.number().int().nullable(),
  campaignId: z.number().int().nullable(),
});

/**
 * The TV's own account of its screen, sent with its status (`POST /api/tv/status`) whenever its
 * plan changes (a campaign starts or ends, a new assignment): never per item, so a fleet's reports
 * stay as rare as its schedule changes. `fullScreen`: an emergency holds the whole screen.
 */
export const screenOnAirSchema = z
  .object({
    fullScreen: z.boolean(),
    /** One per zone (windows 1 and 2 of Tela Única / Tela Dupla), in zone order. */
    windows: z.array(windowOnAirSchema).min(1).max(8),
  })
  .meta({ id: 'ScreenOnAir' });
export type ScreenOnAir = z.infer<typeof screenOnAirSchema>;

/** Where the TV sends its screenshot: the only route that takes a raw `image/jpeg` body. */
export const TV_SCREENSHOT_PATH = '/api/tv/screenshot';
/** A screenshot is one JPEG (`Content-Type: image/jpeg`) of at most this many bytes. */
export const SCREENSHOT_MAX_BYTES = 2 * 1024 * 1024;
/** The player scales its screen down to at most this width (or height, for a vertical TV). */
export const SCREENSHOT_MAX_SIDE = 1280;
export const SCREENSHOT_JPEG_QUALITY = 0.8;
/**
 * How long the admin screen waits for the TV's picture before saying it did not come: a TV without a
 * socket takes the request with its next heartbeat, up to 15 s later (docs/tv-protocol.md#commands),
 * then draws and sends the picture.
 */
export const SCREENSHOT_WAIT_MS = 35_000;

/** `POST /api/devices/:id/screenshot` and `/reload` answer 202 with when the request left. */
export const deviceCommandResponseSchema = z.object({ requestedAt: z.string() }).meta({ id: 'DeviceCommandAccepted' });
export type DeviceCommandResponse = z.infer<typeof deviceCommandResponseSchema>;

/** `POST /api/tv/screenshot` answers with when the server took the picture in. */
export const tvScreenshotResponseSchema = z.object({ takenAt: z.string() });
