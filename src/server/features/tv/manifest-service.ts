import { createHash } from 'node:crypto';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Manifest, ManifestWindow } from '../../../contract/tv';
import type { MediaMimeType } from '../../../contract/media';
import type { Db } from '../../db/client';
import { devices, media, playlistItems, playlists } from '../../db/schema';
import type { EventBus } from '../../realtime/event-bus';
import type { MediaUrlSigner } from './signed-media';

export interface CachedManifest {
  manifest: Manifest;
  /** The manifest as sent, and its strong ETag: a 304 costs no serialisation. */
  body: string;
  etag: string;
  ownerId: number;
}

/**
 * Builds the TV manifests (DESIGN §5) in three queries whatever the number of devices, and keeps
 * them in memory until an event says the device, its playlists or their media changed. Each
 * change is reported to `onChanged` with the devices whose manifest version moved, so their
 * sockets get `content_changed`.
 */
export function createManifestService(db: Db, bus: EventBus, signer: MediaUrlSigner) {
  const cache = new Map<number, CachedManifest>();
  const listeners = new Set<(changed: Array<{ deviceId: number; version: string }>) => void>();

  async function build(deviceIds: number[]): Promise<Map<number, CachedManifest>> {
    const built = new Map<number, CachedManifest>();
    if (deviceIds.length === 0) return built;
    const rows = await db.select().from(devices).where(inArray(devices.id, deviceIds));
    const playlistIds = [...new Set(rows.flatMap((d) => [d.assignedPlaylistId1, d.assignedPlaylistId2]).filter((id): id is number => id !== null))];
    const windows = new Map<number, ManifestWindow>();
    if (playlistIds.length) {
      const lists = await db.select().from(playlists).where(inArray(playlists.id, playlistIds));
      const items = await db
        .select({ item: playlistItems, media })
        .from(playlistItems)
        .innerJoin(media, eq(media.id, playlistItems.mediaId))
        .where(inArray(playlistItems.playlistId, playlistIds))
        .orderBy(asc(playlistItems.playlistId), asc(playlistItems.order));
      for (const list of lists) {
        windows.set(list.id, { playlistId: list.id, name: list.name, startDate: list.startDate, durationDays: list.durationDays, items: [] });
      }
      for (const { item, media: m } of items) {
        windows.get(item.playlistId)?.items.push({
          mediaId: m.id,
          url: signer.url(m.id),
          mimeType: m.mimeType as MediaMimeType,
          size: m.size,
          sha256: m.sha256,
          duration: item.duration,
        });
      }
    }
    for (const d of rows) {
      const ids = d.layout === 'dual' ? [d.assignedPlaylistId1, d.assignedPlaylistId2] : [d.assignedPlaylistId1];
      const content = {
        device: { id: d.id, name: d.name, layout: d.layout, orientation: d.orientation, resolution: d.resolution },
        windows: ids.map((id) => (id === null ? null : (windows.get(id) ?? null))),
      };
      const version = createHash('sha256').update(JSON.stringify(content)).digest('base64url').slice(0, 22);
      const manifest: Manifest = { version, ...content };
      built.set(d.id, { manifest, body: JSON.stringify(manifest), etag: `"${version}"`, ownerId: d.userId });
    }
    return built;
  }

  async function get(deviceId: number): Promise<CachedManifest | null> {
    const hit = cache.get(deviceId);
    if (hit) return hit;
    const entry = (await build([deviceId])).get(deviceId) ?? null;
    if (entry) cache.set(deviceId, entry);
    return entry;
  }

  /** Rebuilds what an event may have changed and reports the devices whose version moved. */
  async function refresh(deviceIds: number[]) {
    const before = new Map(deviceIds.map((id) => [id, cache.get(id)?.manifest.version]));
    for (const id of deviceIds) cache.delete(id);
    const built = await build(deviceIds);
    const changed: Array<{ deviceId: number; version: string }> = [];
    for (const [id, entry] of built) {
      cache.set(id, entry);
      if (entry.manifest.version !== before.get(id)) changed.push({ deviceId: id, version: entry.manifest.version });
    }
    if (changed.length) for (const listener of listeners) listener(changed);
  }

  /** Which cached or connected devices an event concerns. */
  const affected = (ownerId: number, connected: () => Iterable<number>) => {
    const ids = new Set<number>();
    for (const [id, entry] of cache) if (entry.ownerId === ownerId) ids.add(id);
    for (const id of connected()) ids.add(id);
    return [...ids];
  };

  return {
    get,
    onChanged(listener: (changed: Array<{ deviceId: number; version: string }>) => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** Wires the invalidation; `connectedOf(ownerId)` lists that owner's devices with an open socket here. */
    start(connectedOf: (ownerId: number) => Iterable<number>, onError: (error: unknown) => void) {
      return bus.subscribe((event) => {
        let ids: number[] = [];
        if (event.type === 'device.changed') ids = [event.deviceId];
        else if (event.type === 'device.deleted' || event.type === 'device.disconnected') cache.delete(event.deviceId);
        else if (event.type === 'playlist.changed' || event.type === 'playlist.deleted') {
          ids = affected(event.ownerId, () => connectedOf(event.ownerId));
        }
        if (ids.length) refresh(ids).catch(onError);
      });
    },
  };
}
export type ManifestService = ReturnType<typeof createManifestService>;
