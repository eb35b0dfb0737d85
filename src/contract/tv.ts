import { z } from 'zod';
import { AUTH_CODE_LENGTH } from './constants';
import { LAYOUTS, ORIENTATIONS } from './devices';
import { manifestContentSchema } from './content';
import { STORED_MIME_TYPES } from './media';
import { CAMPAIGN_PRIORITIES, CAMPAIGN_STATUSES } from './schedule';
import { isoDateTime } from './common';
import { zoneSchema } from './layouts';
import { openingHoursSchema } from './opening-hours';
import { screenOnAirSchema } from './screens';

/** The TV device protocol (docs/tv-protocol.md). */
export const tvAuthenticateSchema = z
  .object({
    code: z
      .string({ error: 'Informe o código de 6 dígitos' })
      .trim()
      .regex(new RegExp(`^\\d{${AUTH_CODE_LENGTH}}$`), 'Código deve conter exatamente 6 dígitos'),
    /** What the TV says about itself (model, app version…); kept out of the database. */
    deviceInfo: z.record(z.string(), z.unknown()).optional(),
  })
  .meta({ id: 'TvAuthenticate' });

export const tvDeviceSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  layout: z.enum(LAYOUTS),
  orientation: z.enum(ORIENTATIONS),
  resolution: z.string(),
});

export const tvAuthResponseSchema = z
  .object({ token: z.string(), device: tvDeviceSchema })
  .meta({ id: 'TvAuthResponse' });
export type TvAuthResponse = z.infer<typeof tvAuthResponseSchema>;

export const manifestItemSchema = z.object({
  mediaId: z.number().int(),
  /** Signed and expiring: the TV fetches it without a cookie; it serves `Range`. */
  url: z.string(),
  mimeType: z.enum(STORED_MIME_TYPES),
  size: z.number().int(),
  /** The file's hash; for a content item, a hash of what it shows (a new one when it is edited). */
  sha256: z.string(),
  /** Seconds on screen. */
  duration: z.number().int(),
  /**
   * What the player draws for a content item or a PDF (docs/content.md#manifest); absent for images
   * and videos. A content item has no file: `url` is empty and `size` 0.
   */
  content: manifestContentSchema.optional(),
});
export const manifestWindowSchema = z.object({
  playlistId: z.number().int(),
  name: z.string(),
  startDate: z.string().nullable(),
  durationDays: z.number().int(),
  items: z.array(manifestItemSchema),
});
/**
 * A campaign aimed at this TV that can play within `MANIFEST_CAMPAIGN_DAYS` (docs/scheduling.md#manifest-campaigns): the player
 * decides what plays with `screenPlayAt` (schedule.ts) on its own clock, offline too.
 */
export const manifestCampaignSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  status: z.enum(CAMPAIGN_STATUSES),
  priority: z.enum(CAMPAIGN_PRIORITIES),
  startDate: isoDateTime.nullable(),
  endDate: isoDateTime.nullable(),
  schedule: z.object({
    weekdays: z.array(z.number().int()),
    startTime: z.string().nullable(),
    endTime: z.string().nullable(),
  }),
  createdAt: isoDateTime,
  /** The zone keys it plays in; absent or null: every zone (docs/layouts.md#campaigns). */
  zones: z.array(z.string()).nullable().optional(),
  playlist: manifestWindowSchema,
});
/**
 * An ad campaign aimed at this TV within the horizon (docs/ads.md#manifest): played by the same
 * schedule as a campaign, but placed in its zones' loops rather than taking them over. `capPerHour`:
 * at most that many plays per screen per hour; `allowance`: plays per screen the pacing allows in
 * the current hour (0: none now, the goal reached or the flight over), re-sent when it moves.
 */
export const manifestAdSchema = manifestCampaignSchema.extend({
  capPerHour: z.number().int(),
  allowance: z.number().int(),
});
export type ManifestAd = z.infer<typeof manifestAdSchema>;

/**
 * One window for a single layout, two for dual; a window without a playlist is null. `serverTime`
 * is the server's clock when the body was sent: the player corrects its own by it. `zones`: the
 * screen's layout when it is not Tela Única / Tela Dupla (docs/layouts.md#manifest), `windows[i]`
 * playing in `zones[i]`; absent, the player draws `device.layout` as before zones.
 */
export const manifestSchema = z
  .object({
    version: z.string(),
    device: tvDeviceSchema,
    windows: z.array(manifestWindowSchema.nullable()),
    zones: z.array(zoneSchema).optional(),
    /** When the screen is on (docs/opening-hours.md); absent: always. Outside them the TV shows black and plays nothing. */
    openingHours: openingHoursSchema.optional(),
    campaigns: z.array(manifestCampaignSchema),
    /** The ad campaigns aimed at it (docs/ads.md#manifest); absent: none (never in `campaigns`). */
    ads: z.array(manifestAdSchema).optional(),
    timeZone: z.string(),
    serverTime: isoDateTime,
  })
  .meta({ id: 'TvManifest' });
export type ManifestCampaign = z.infer<typeof manifestCampaignSchema>;
export type Manifest = z.infer<typeof manifestSchema>;
export type ManifestWindow = z.infer<typeof manifestWindowSchema>;
export type ManifestItem = z.infer<typeof manifestItemSchema>;

export const DEVICE_COMMANDS = ['screenshot', 'reload'] as const;
export type DeviceCommand = (typeof DEVICE_COMMANDS)[number];
export const tvHeartbeatResponseSchema = z
  .object({
    contentVersion: z.string(),
    serverTime: isoDateTime,
    /**
     * What the admin asked of this TV that no socket delivered (docs/tv-protocol.md#commands): a TV
     * that only answers over HTTP gets Capturar tela and Recarregar with its next heartbeat.
     */
    commands: z.array(z.enum(DEVICE_COMMANDS)).optional(),
  })
  .meta({ id: 'TvHeartbeat' });

export const tvStatusSchema = z
  .object({
    state: z.enum(['playing', 'idle']),
    sessionId: z.string().trim().min(1).max(100).optional(),
    itemId: z.number().int().optional(),
    /** What the screen plays now: the campaign on air (null: the assigned playlists). */
    campaignId: z.number().int().nullable().optional(),
    /** What each window plays now (issue 15): shown on the device's card and the dashboard. */
    nowPlaying: screenOnAirSchema.optional(),
  })
  .meta({ id: 'TvStatus' });
export type TvStatus = z.infer<typeof tvStatusSchema>;
export const tvStatusResponseSchema = z.object({ activeSessionId: z.string().nullable() });
