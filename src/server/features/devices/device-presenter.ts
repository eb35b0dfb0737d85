import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Device } from '../../../contract/devices';
import { devices } from '../../db/schema';

/**
 * The columns a device answer needs, and nothing else (docs/benchmarks.md#targets): never the token hash itself, only
 * whether a TV holds a token, computed by the database. Every read and every `returning()` of the
 * device service uses this selection.
 */
export const deviceColumns = {
  id: devices.id,
  userId: devices.userId,
  /** Not in the answer: the workspace its events go to. */
  workspaceId: devices.workspaceId,
  name: devices.name,
  location: devices.location,
  resolution: devices.resolution,
  orientation: devices.orientation,
  layout: devices.layout,
  authCode: devices.authCode,
  paired: sql<boolean>`${devices.tokenHash} is not null`.mapWith(Boolean).as('paired'),
  status: devices.status,
  lastSeen: devices.lastSeen,
  activeSessionId: devices.activeSessionId,
  assignedPlaylistId1: devices.assignedPlaylistId1,
  assignedPlaylistId2: devices.assignedPlaylistId2,
  layoutId: devices.layoutId,
  extraZonePlaylistIds: devices.extraZonePlaylistIds,
  openingHours: devices.openingHours,
  groupId: devices.groupId,
  partnerId: devices.partnerId,
  pricePerPlayCents: devices.pricePerPlayCents,
  audiencePerPlay: devices.audiencePerPlay,
  createdAt: devices.createdAt,
  nowPlaying: devices.nowPlaying,
  screenshotAt: devices.screenshotAt,
  health: devices.health,
};

export type DeviceRow = {
  [K in keyof typeof deviceColumns]: K extends 'paired' ? boolean : (typeof devices.$inferSelect)[Exclude<K, 'paired'>];
};

/**
 * One playlist per zone (docs/layouts.md#devices): window 1 alone for Tela Única; windows 1 and 2,
 * then zones 3 and on, for anything else. The services keep `extraZonePlaylistIds` one per zone
 * past the second.
 */
export const zonePlaylistIdsOf = (
  row: Pick<DeviceRow, 'layout' | 'assignedPlaylistId1' | 'assignedPlaylistId2' | 'extraZonePlaylistIds'>,
): Array<number | null> =>
  row.layout === 'single'
    ? [row.assignedPlaylistId1]
    : [row.assignedPlaylistId1, row.assignedPlaylistId2, ...row.extraZonePlaylistIds];

/** The public shape of a device from a `deviceColumns` row. */
export const presentDevice = (row: DeviceRow): Device => ({
  id: row.id,
  userId: row.userId,
  name: row.name,
  location: row.location,
  resolution: row.resolution,
  orientation: row.orientation,
  layout: row.layout,
  authCode: row.authCode,
  paired: row.paired,
  status: row.status,
  lastSeen: row.lastSeen?.toISOString() ?? null,
  activeSessionId: row.activeSessionId,
  assignedPlaylistId1: row.assignedPlaylistId1,
  assignedPlaylistId2: row.assignedPlaylistId2,
  layoutId: row.layoutId,
  zonePlaylistIds: zonePlaylistIdsOf(row),
  openingHours: row.openingHours,
  groupId: row.groupId,
  partnerId: row.partnerId,
  pricePerPlayCents: row.pricePerPlayCents,
  audiencePerPlay: row.audiencePerPlay,
  createdAt: row.createdAt.toISOString(),
  nowPlaying: row.nowPlaying,
  screenshotAt: row.screenshotAt?.toISOString() ?? null,
  health: row.health,
});

/** A timestamp as JavaScript's `toISOString()` writes it (UTC, milliseconds, `Z`). */
const isoUtc = (column: PgColumn): SQL => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The same answer as `presentDevice`, built by the database as one JSON object per row. The list
 * aggregates these into one JSON text: parsing 5,000 rows of 16 columns in the driver cost several
 * times as much as the whole query (docs/benchmarks.md).
 */
export const deviceJson: SQL = sql`json_build_object(
  'id', ${devices.id}, 'userId', ${devices.userId}, 'name', ${devices.name}, 'location', ${devices.location},
  'resolution', ${devices.resolution}, 'orientation', ${devices.orientation}, 'layout', ${devices.layout},
  'authCode', ${devices.authCode}, 'paired', ${devices.tokenHash} is not null, 'status', ${devices.status},
  'lastSeen', ${isoUtc(devices.lastSeen)}, 'activeSessionId', ${devices.activeSessionId},
  'assignedPlaylistId1', ${devices.assignedPlaylistId1}, 'assignedPlaylistId2', ${devices.assignedPlaylistId2},
  'layoutId', ${devices.layoutId}, 'zonePlaylistIds', case when ${devices.layout} = 'single'
    then jsonb_build_array(${devices.assignedPlaylistId1})
    else jsonb_build_array(${devices.assignedPlaylistId1}, ${devices.assignedPlaylistId2}) || to_jsonb(${devices.extraZonePlaylistIds}) end,
  'openingHours', ${devices.openingHours}, 'groupId', ${devices.groupId},
  'partnerId', ${devices.partnerId}, 'pricePerPlayCents', ${devices.pricePerPlayCents},
  'audiencePerPlay', ${devices.audiencePerPlay}, 'createdAt', ${isoUtc(devices.createdAt)},
  'nowPlaying', ${devices.nowPlaying}, 'screenshotAt', ${isoUtc(devices.screenshotAt)}, 'health', ${devices.health})`;
