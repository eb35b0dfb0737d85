import { z } from 'zod';
import { DEVICE_STATUSES } from './devices';

/** The admin channel `/ws` (SPEC §7 "Real-time channel"). */
export const ADMIN_SOCKET_PATH = '/ws';
export const DEVICE_SOCKET_PATH = '/ws/device';

export const adminClientMessageSchema = z.discriminatedUnion('type', [z.object({ type: z.literal('admin_auth') })]);
export type AdminClientMessage = z.infer<typeof adminClientMessageSchema>;

export const deviceUpdateMessageSchema = z.object({
  type: z.literal('device_update'),
  deviceId: z.number().int(),
  status: z.enum(DEVICE_STATUSES),
  activeSessionId: z.string().nullable(),
  lastSeen: z.string().nullable(),
});
export const deviceHeartbeatMessageSchema = z.object({
  type: z.literal('device_heartbeat'),
  deviceId: z.number().int(),
  timestamp: z.string(),
});

export const adminServerMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('connected') }),
  z.object({ type: z.literal('admin_auth_success') }),
  deviceUpdateMessageSchema,
  deviceHeartbeatMessageSchema,
  z.object({ type: z.literal('playlist_update'), playlistId: z.number().int().optional() }),
  z.object({ type: z.literal('error'), error: z.string() }),
]);
export type AdminServerMessage = z.infer<typeof adminServerMessageSchema>;
export type DeviceUpdateMessage = z.infer<typeof deviceUpdateMessageSchema>;
export type DeviceHeartbeatMessage = z.infer<typeof deviceHeartbeatMessageSchema>;

/** The TV's socket `/ws/device` (DESIGN §5). Close code 4001: the device was disconnected. */
export const DEVICE_REVOKED_CLOSE_CODE = 4001;
export const deviceServerMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('content_changed'), version: z.string() }),
  z.object({ type: z.literal('disconnect') }),
  z.object({ type: z.literal('heartbeat_ack'), contentVersion: z.string().nullable() }),
]);
export type DeviceServerMessage = z.infer<typeof deviceServerMessageSchema>;
export const deviceClientMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('auth'), token: z.string().min(1).max(200) }),
  z.object({ type: z.literal('heartbeat') }),
]);
export type DeviceClientMessage = z.infer<typeof deviceClientMessageSchema>;
