import { z } from 'zod';
import { DEVICE_STATUSES, deviceSchema } from './devices';
import { screenOnAirSchema } from './screens';
import { manifestSchema } from './tv';

/** The admin channel `/ws` (docs/api.md#admin-channel). */
export const ADMIN_SOCKET_PATH = '/ws';
export const DEVICE_SOCKET_PATH = '/ws/device';

export const adminClientMessageSchema = z.discriminatedUnion('type', [z.object({ type: z.literal('admin_auth') })]);

export const deviceUpdateMessageSchema = z.object({
  type: z.literal('device_update'),
  deviceId: z.number().int(),
  status: z.enum(DEVICE_STATUSES),
  activeSessionId: z.string().nullable(),
  lastSeen: z.string().nullable(),
  /** Issue 15: what the TV last reported playing (read it while online); absent: unchanged. */
  nowPlaying: screenOnAirSchema.nullable().optional(),
});
export const deviceHeartbeatMessageSchema = z.object({
  type: z.literal('device_heartbeat'),
  deviceId: z.number().int(),
  timestamp: z.string(),
});

/**
 * Issue 12 (docs/api.md#admin-channel): the rest of what another person or process changes, so
 * open screens stay true without reloading. A device created or edited comes whole (the list
 * takes it in place); heartbeats come batched, one message per flush (every 5 s), instead of one
 * `device_heartbeat` per beat.
 */
export const deviceChangedMessageSchema = z.object({ type: z.literal('device_changed'), device: deviceSchema });
export const deviceRemovedMessageSchema = z.object({ type: z.literal('device_removed'), deviceId: z.number().int() });
export const deviceHeartbeatsMessageSchema = z.object({
  type: z.literal('device_heartbeats'),
  beats: z.array(z.object({ deviceId: z.number().int(), timestamp: z.string() })),
});

export const adminServerMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('connected') }),
  z.object({ type: z.literal('admin_auth_success') }),
  deviceUpdateMessageSchema,
  deviceHeartbeatMessageSchema,
  /**
   * docs/api.md#calls: refreshes the playlists and the campaigns. `playlistId` (beyond the spec): the playlist
   * that changed, always sent by this server; a campaign's change is `campaign_update` instead.
   */
  z.object({ type: z.literal('playlist_update'), playlistId: z.number().int().optional() }),
  z.object({ type: z.literal('error'), error: z.string() }),
  deviceChangedMessageSchema,
  deviceRemovedMessageSchema,
  deviceHeartbeatsMessageSchema,
  z.object({ type: z.literal('device_group_update'), groupId: z.number().int() }),
  /** Its devices are left without a group (the server's FK set it null). */
  z.object({ type: z.literal('device_group_removed'), groupId: z.number().int() }),
  /** A media item was uploaded or its processing ended (ready or failed): the gallery refetches it. */
  z.object({ type: z.literal('media_update'), mediaId: z.number().int() }),
  z.object({ type: z.literal('media_removed'), mediaId: z.number().int() }),
  /** Devices lose the assignment (the server's FK set it null). */
  z.object({ type: z.literal('playlist_removed'), playlistId: z.number().int() }),
  /**
   * A campaign created, edited, published, paused, ended or started as an emergency: the campaign
   * list and that campaign's form refetch (what is on air follows from the list).
   */
  z.object({ type: z.literal('campaign_update'), campaignId: z.number().int() }),
  z.object({ type: z.literal('campaign_removed'), campaignId: z.number().int() }),
  /** A layout of the workspace was created or edited, or removed (docs/layouts.md#api): the layouts refetch. */
  z.object({ type: z.literal('layout_update'), layoutId: z.number().int() }),
  z.object({ type: z.literal('layout_removed'), layoutId: z.number().int() }),
  /**
   * The TV was asked for a screenshot and could not take one (nothing drawable on screen, a
   * browser refusal). A screenshot taken arrives as `device_changed` with a new `screenshotAt`.
   */
  z.object({ type: z.literal('device_screenshot_failed'), deviceId: z.number().int() }),
  /** The workspace's settings changed (its time zone): the pages read the session again. */
  z.object({ type: z.literal('workspace_update') }),
  /** A history entry no other message tells of (a sign-in, a user, an API key, a remote reload). */
  z.object({ type: z.literal('history_update') }),
  /**
   * The server may have missed changes (Redis or its PostgreSQL listener was away; docs/scaling.md,
   * "When PostgreSQL or Redis goes away"): the screen refetches everything, as after a reconnect.
   */
  z.object({ type: z.literal('resync') }),
]);
export type AdminServerMessage = z.infer<typeof adminServerMessageSchema>;

/** The TV's socket `/ws/device` (docs/tv-protocol.md#device-socket). Close code 4001: the device was disconnected. */
export const DEVICE_REVOKED_CLOSE_CODE = 4001;
export const deviceServerMessageSchema = z.discriminatedUnion('type', [
  /**
   * `manifestFollows` (issue 12): this server sends the new manifest on the socket
   * right after (`manifest` below), so the TV waits for it a few seconds instead of fetching.
   * Absent (an older server): the TV fetches `GET /api/tv/content` at once.
   */
  z.object({ type: z.literal('content_changed'), version: z.string(), manifestFollows: z.boolean().optional() }),
  /**
   * The TV's new manifest, exactly the body `GET /api/tv/content` answers now (its ETag is
   * `"<version>"`, so the next conditional GET answers 304). It may carry a newer version than the
   * `content_changed` before it (a later edit): the manifest wins.
   */
  z.object({ type: z.literal('manifest'), manifest: manifestSchema }),
  z.object({ type: z.literal('disconnect') }),
  /**
   * Issue 15, asked from the admin screen: `screenshot` draws what the windows show now and sends
   * it as a JPEG (`POST /api/tv/screenshot`), or says `screenshot_failed`; `reload` reloads the page.
   */
  z.object({ type: z.literal('screenshot') }),
  z.object({ type: z.literal('reload') }),
  /** `serverTime`: the server's clock when the ack was sent (docs/scheduling.md#time-zone: the player corrects its own). */
  z.object({
    type: z.literal('heartbeat_ack'),
    contentVersion: z.string().nullable(),
    serverTime: z.string().optional(),
  }),
]);
export type DeviceServerMessage = z.infer<typeof deviceServerMessageSchema>;
export const deviceClientMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('auth'), token: z.string().min(1).max(200) }),
  z.object({ type: z.literal('heartbeat') }),
  z.object({ type: z.literal('screenshot_failed') }),
]);
export type DeviceClientMessage = z.infer<typeof deviceClientMessageSchema>;
