import type { Device } from '../../../contract/devices';
import type { devices } from '../../db/schema';

/** The public shape of a device: never its token hash. */
export const presentDevice = (row: typeof devices.$inferSelect): Device => ({
  id: row.id,
  userId: row.userId,
  name: row.name,
  location: row.location,
  resolution: row.resolution,
  orientation: row.orientation,
  layout: row.layout,
  authCode: row.authCode,
  status: row.status,
  lastSeen: row.lastSeen?.toISOString() ?? null,
  activeSessionId: row.activeSessionId,
  assignedPlaylistId1: row.assignedPlaylistId1,
  assignedPlaylistId2: row.assignedPlaylistId2,
  groupId: row.groupId,
  createdAt: row.createdAt.toISOString(),
});
