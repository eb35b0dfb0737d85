import { createHash } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { builtInLayout, type Zone } from '../../../contract/layouts';
import type { StoredMimeType } from '../../../contract/media';
import { PDF_MIME_TYPE } from '../../../contract/content';
import { manifestContentOf } from '../content/manifest-content';
import { loadPages } from '../media/media-pages';
import { anyOf } from '../../db/any-of';
import type { Db } from '../../db/client';
import { deviceGroups, devices, feedStates, layouts, media, playlistItems, playlists } from '../../db/schema';
import type { OpeningHours } from '../../../contract/opening-hours';
import type { WindowContent } from './manifest-body';

export const hash = (value: string) => createHash('sha256').update(value).digest('base64url').slice(0, 22);

/** A playlist as every window (and campaign) showing it plays it, and its version. */
export interface WindowEntry {
  content: WindowContent;
  version: string;
}

/**
 * Loads the playlists not in `windows` yet (two queries for any number, a third when they hold
 * PDFs: their pages, docs/content.md#pdf), each loaded once and shared by every device showing
 * it; a playlist that is gone is kept as null.
 */
export async function loadPlaylistWindows(
  db: Db,
  windows: Map<number, WindowEntry | null>,
  ids: number[],
): Promise<void> {
  const missing = [...new Set(ids)].filter((id) => !windows.has(id));
  if (missing.length === 0) return;
  // The columns a window needs, no more: every edit of a feed or playlist reads these again, on
  // the loop the TVs share (docs/benchmarks.md, "Refreshing 500 feeds").
  const lists = await db
    .select({
      id: playlists.id,
      name: playlists.name,
      startDate: playlists.startDate,
      durationDays: playlists.durationDays,
    })
    .from(playlists)
    .where(anyOf(playlists.id, missing));
  const rows = await db
    .select({
      playlistId: playlistItems.playlistId,
      duration: playlistItems.duration,
      media: {
        id: media.id,
        mimeType: media.mimeType,
        size: media.size,
        sha256: media.sha256,
        options: media.options,
        framingRefused: media.framingRefused,
      },
      feedItems: feedStates.items,
    })
    .from(playlistItems)
    // Only ready media: until its processing ends a file may still be replaced (docs/media.md#processing).
    .innerJoin(media, and(eq(media.id, playlistItems.mediaId), eq(media.status, 'ready')))
    .leftJoin(feedStates, eq(feedStates.mediaId, media.id))
    .where(anyOf(playlistItems.playlistId, missing))
    .orderBy(asc(playlistItems.playlistId), asc(playlistItems.order));
  const pages = await loadPages(
    db,
    rows.filter((r) => r.media.mimeType === PDF_MIME_TYPE).map((r) => r.media.id),
  );
  const contents = new Map<number, WindowContent>();
  for (const list of lists)
    contents.set(list.id, {
      playlistId: list.id,
      name: list.name,
      startDate: list.startDate,
      durationDays: list.durationDays,
      items: [],
    });
  for (const { playlistId, duration, media: m, feedItems } of rows) {
    const content = manifestContentOf(m, feedItems, pages.get(m.id));
    contents.get(playlistId)?.items.push({
      mediaId: m.id,
      mimeType: m.mimeType as StoredMimeType,
      size: m.size,
      sha256: m.sha256,
      duration,
      ...(content ? { content } : {}),
    });
  }
  for (const id of missing) {
    const content = contents.get(id);
    windows.set(id, content ? { content, version: hash(JSON.stringify(content)) } : null);
  }
}

/** What a manifest reads of a device (never more: the token hash only to sign its URLs). */
const deviceColumns = {
  id: devices.id,
  workspaceId: devices.workspaceId,
  groupId: devices.groupId,
  name: devices.name,
  layout: devices.layout,
  orientation: devices.orientation,
  resolution: devices.resolution,
  assignedPlaylistId1: devices.assignedPlaylistId1,
  assignedPlaylistId2: devices.assignedPlaylistId2,
  layoutId: devices.layoutId,
  extraZonePlaylistIds: devices.extraZonePlaylistIds,
  tokenHash: devices.tokenHash,
  /** The workspace layout's zones (null for a built-in or none). */
  ownZones: layouts.zones,
  openingHours: devices.openingHours,
  groupOpeningHours: deviceGroups.openingHours,
};
export type DeviceRow = Pick<
  typeof devices.$inferSelect,
  Exclude<keyof typeof deviceColumns, 'ownZones' | 'groupOpeningHours'>
> & {
  ownZones: Zone[] | null;
  groupOpeningHours: OpeningHours | null;
};

/** These devices in one query (one array parameter for any number), with their own layout's zones. */
export const loadDeviceRows = (db: Db, ids: number[]): Promise<DeviceRow[]> =>
  db
    .select(deviceColumns)
    .from(devices)
    .leftJoin(layouts, eq(layouts.id, devices.layoutId))
    .leftJoin(deviceGroups, eq(deviceGroups.id, devices.groupId))
    .where(anyOf(devices.id, ids));

/**
 * The zones of the device's layout when it is not Tela Única / Tela Dupla (docs/layouts.md#manifest);
 * undefined for those, whose manifest stays as before zones.
 */
export const zonesOf = (d: DeviceRow): Zone[] | undefined =>
  d.layoutId === null ? undefined : ((d.layoutId < 0 ? builtInLayout(d.layoutId)?.zones : d.ownZones) ?? undefined);

/** The playlists of its windows: one, two for a dual layout, or one per zone of its layout. */
export function playlistIdsOf(d: DeviceRow): Array<number | null> {
  const zones = zonesOf(d);
  if (!zones) return d.layout === 'dual' ? [d.assignedPlaylistId1, d.assignedPlaylistId2] : [d.assignedPlaylistId1];
  const all = [d.assignedPlaylistId1, d.assignedPlaylistId2, ...d.extraZonePlaylistIds];
  return zones.map((_, i) => all[i] ?? null);
}
