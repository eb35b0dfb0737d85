import type { FastifyBaseLogger } from 'fastify';
import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { devices, media, playlists } from '../../db/schema';
import type { EventBus } from '../../realtime/event-bus';
import type { MediaStore } from '../../storage/media-store';
import type { MediaRow } from '../media/media-presenter';
import { removeStoredFiles } from '../media/media-service';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** What went with an owner and still has effects outside the database. */
export interface RemovedThings {
  devices: Array<{ id: number; userId: number }>;
  playlists: Array<{ id: number; userId: number }>;
  media: MediaRow[];
}

/**
 * The "remove an owner's things" path (a user now; a workspace later passes its users' ids).
 * Runs inside the transaction that deletes the owner rows, before they go: deletes the rows whose
 * removal matters outside the database (devices: their TVs hold tokens; media: files in the
 * store) and returns them for `afterOwnedRemoved`, to run once that transaction has committed.
 * Everything else (sessions, groups, campaigns, activities, API keys) goes by FK cascade.
 *
 * Rows in the transaction, files after the commit: a rollback never leaves a row without its
 * file. A crash after the commit leaves files without rows, which the start-up reconciliation
 * deletes (maintenance/orphan-files.ts). Lock the owner rows first (`FOR UPDATE`): an upload
 * or a device created meanwhile then waits and fails on the foreign key instead of slipping in.
 */
export async function removeOwnedThings(tx: Tx, userIds: number[]): Promise<RemovedThings> {
  if (userIds.length === 0) return { devices: [], playlists: [], media: [] };
  const removedDevices = await tx.delete(devices).where(inArray(devices.userId, userIds)).returning({ id: devices.id, userId: devices.userId });
  const removedPlaylists = await tx.delete(playlists).where(inArray(playlists.userId, userIds)).returning({ id: playlists.id, userId: playlists.userId });
  const removedMedia = await tx.delete(media).where(inArray(media.userId, userIds)).returning();
  return { devices: removedDevices, playlists: removedPlaylists, media: removedMedia };
}

/**
 * After the commit: each TV is revoked at once (`device.disconnected`: its socket is closed with
 * 4001 and every process drops the token from its cache; `device.deleted` for the admin UIs), the
 * playlists are announced gone, and the media files are deleted from the store.
 */
export async function afterOwnedRemoved(
  deps: { bus: EventBus; store: MediaStore; log: FastifyBaseLogger },
  removed: RemovedThings,
): Promise<void> {
  for (const d of removed.devices) {
    deps.bus.publish({ type: 'device.disconnected', deviceId: d.id, ownerId: d.userId });
    deps.bus.publish({ type: 'device.deleted', deviceId: d.id, ownerId: d.userId });
  }
  for (const p of removed.playlists) deps.bus.publish({ type: 'playlist.deleted', playlistId: p.id, ownerId: p.userId });
  await removeStoredFiles(deps.store, removed.media, deps.log);
}
