import { recordSellingFigures } from './device-prices';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Device, DeviceAssignmentData, DeviceData } from '../../../contract/devices';
import { adsMessages } from '../../../contract/ads-messages';
import { ERROR_CODES } from '../../../contract/errors';
import { messages } from '../../../contract/messages';
import type { SessionUser } from '../../auth/session-user';
import { loadVisible as loadVisibleRow, ownedBy, visibleTo } from '../../auth/tenancy';
import type { Db, Tx } from '../../db/client';
import { uniqueViolation } from '../../db/errors';
import { deviceGroups, devices, partners, playlists } from '../../db/schema';
import { HttpError, notFound } from '../../http/errors';
import type { EventBus } from '../../realtime/event-bus';
import type { MediaStore } from '../../storage/media-store';
import { recordActivity } from '../activities/activity-service';
import { dropCampaignTarget } from '../campaigns/campaign-service';
import type { CodeBudget } from './code-budget';
import { deviceColumns, deviceJson, presentDevice, zonePlaylistIdsOf, type DeviceRow } from './device-presenter';
import { assignedZones, chooseScreenLayout, currentScreenLayout, zonePlaylistColumns } from './screen-layout';

export interface DeviceDeps {
  db: Db;
  bus: EventBus;
}

/** Open screens get the device as the API now answers it (issue 12): they take it in place. */
function announceChanged(deps: DeviceDeps, row: DeviceRow): Device {
  const device = presentDevice(row);
  deps.bus.publish({ type: 'device.changed', deviceId: row.id, workspaceId: row.workspaceId, device });
  return device;
}

/**
 * What "disconnected" means in the database: offline, no session, the TV's token revoked. Without
 * a token the device's code is armed again: the next TV to type it is paired.
 */
const DISCONNECTED = {
  status: 'offline' as const,
  activeSessionId: null,
  tokenHash: null,
  nowPlaying: null,
  health: null,
  // Asked of the TV that is gone: not for the next one.
  pendingCommands: [] as string[],
};

/**
 * One statement and one JSON text for the whole list (docs/benchmarks.md#targets: 5,000 devices < 100 ms), in the
 * database's name order; `device-list-cache.ts`, which keeps it for `GET /api/devices`, sorts it in
 * the one order of names (`contract/sort.ts`), which no database collation reproduces everywhere.
 */
export async function listDevicesJson({ db }: DeviceDeps, actor: SessionUser): Promise<string> {
  const [result] = await db
    .select({
      list: sql<string>`coalesce(json_agg(${deviceJson} order by ${devices.name}, ${devices.id}), '[]')::text`,
    })
    .from(devices)
    .where(visibleTo(devices.workspaceId, actor));
  return result!.list;
}

const loadVisible = (db: Db | Tx, actor: SessionUser, id: number) =>
  loadVisibleRow<typeof devices, DeviceRow>(db, devices, actor, id, messages.devices.notFound, deviceColumns);

export async function getDevice({ db }: DeviceDeps, actor: SessionUser, id: number): Promise<Device> {
  return presentDevice(await loadVisible(db, actor, id));
}

/** A group of the device's workspace, or 400 (another workspace's group is "not found" alike). */
async function assertGroupInWorkspace(db: Db | Tx, workspaceId: number, groupId: number | null) {
  if (groupId === null) return;
  const [group] = await db
    .select({ id: deviceGroups.id })
    .from(deviceGroups)
    .where(and(eq(deviceGroups.id, groupId), eq(deviceGroups.workspaceId, workspaceId)))
    .limit(1);
  if (!group)
    throw new HttpError(400, messages.groups.notFound, ERROR_CODES.groupNotFound, [
      { path: ['groupId'], message: messages.groups.notFound },
    ]);
}

/** A partner of the device's workspace, or 400 like a foreign group (docs/ads.md). */
async function assertPartnerInWorkspace(db: Db | Tx, workspaceId: number, partnerId: number | null | undefined) {
  if (partnerId === null || partnerId === undefined) return;
  const [partner] = await db
    .select({ id: partners.id })
    .from(partners)
    .where(and(eq(partners.id, partnerId), eq(partners.workspaceId, workspaceId)))
    .limit(1);
  if (!partner)
    throw new HttpError(400, adsMessages.partners.notFound, ERROR_CODES.partnerNotFound, [
      { path: ['partnerId'], message: adsMessages.partners.notFound },
    ]);
}

async function rethrowDuplicateCode(error: unknown, budget: CodeBudget): Promise<never> {
  if (uniqueViolation(error) === 'devices_auth_code_unique') throw await budget.conflict();
  throw error;
}

export async function createDevice(
  deps: DeviceDeps,
  actor: SessionUser,
  data: DeviceData,
  budget: CodeBudget,
): Promise<Device> {
  await assertGroupInWorkspace(deps.db, actor.workspaceId, data.groupId);
  await assertPartnerInWorkspace(deps.db, actor.workspaceId, data.partnerId);
  await budget.check();
  const { layoutId, ...fields } = data;
  try {
    const row = await deps.db.transaction(async (tx) => {
      const screen = await chooseScreenLayout(tx, actor.workspaceId, data, layoutId ?? null);
      const [created] = await tx
        .insert(devices)
        .values({
          ...fields,
          layout: screen.layout,
          layoutId: screen.layoutId,
          ...zonePlaylistColumns([], screen.zones.length),
          ...ownedBy(actor),
        })
        .returning(deviceColumns);
      await recordSellingFigures(tx, null, created!);
      await recordActivity(tx, {
        ...ownedBy(actor),
        type: 'device_created',
        data: { name: data.name },
        entityType: 'device',
        entityId: created!.id,
      });
      return created!;
    });
    return announceChanged(deps, row);
  } catch (error) {
    return rethrowDuplicateCode(error, budget);
  }
}

/**
 * A changed code disconnects the device (the old TV loses its token) and arms the new code: the
 * next TV to type it is paired (docs/tv-protocol.md). A `layoutId` left out keeps the device's
 * layout unless `layout` changes (a client before zones choosing Tela Única / Tela Dupla); the zones'
 * playlists keep their places, those past the new layout's zones dropped (docs/layouts.md#devices).
 */
export async function updateDevice(
  deps: DeviceDeps,
  actor: SessionUser,
  id: number,
  data: DeviceData,
  budget: CodeBudget,
): Promise<Device> {
  const current = await loadVisible(deps.db, actor, id);
  await assertGroupInWorkspace(deps.db, current.workspaceId, data.groupId);
  await assertPartnerInWorkspace(deps.db, current.workspaceId, data.partnerId);
  const codeChanged = data.authCode !== current.authCode;
  if (codeChanged) await budget.check();
  const { layoutId, ...fields } = data;
  const requested = layoutId !== undefined ? layoutId : data.layout === current.layout ? current.layoutId : null;
  try {
    const row = await deps.db.transaction(async (tx) => {
      const screen = await chooseScreenLayout(tx, current.workspaceId, data, requested);
      const playlistsKept = zonePlaylistColumns(zonePlaylistIdsOf(current), screen.zones.length);
      const [updated] = await tx
        .update(devices)
        .set({
          ...fields,
          layout: screen.layout,
          layoutId: screen.layoutId,
          ...playlistsKept,
          ...(codeChanged ? DISCONNECTED : {}),
        })
        .where(eq(devices.id, id))
        .returning(deviceColumns);
      await recordSellingFigures(tx, current, updated!);
      await recordActivity(tx, {
        ...ownedBy(actor),
        type: 'device_updated',
        data: { name: data.name },
        entityType: 'device',
        entityId: id,
      });
      return updated!;
    });
    if (codeChanged) deps.bus.publish({ type: 'device.disconnected', deviceId: id, workspaceId: row.workspaceId });
    return announceChanged(deps, row);
  } catch (error) {
    return rethrowDuplicateCode(error, budget);
  }
}

/**
 * Playlists must be of the workspace. The rows found stay locked against removal (`FOR KEY SHARE`)
 * until the assignment commits: zones 3 and on are no foreign key, so a removal must wait for it and
 * then take its id out (features/playlists/playlist-service.ts).
 */
export async function assertPlaylistsOwned(tx: Tx, workspaceId: number, ids: ReadonlyArray<number | null>) {
  const wanted = [...new Set(ids.filter((v): v is number => v !== null))];
  if (wanted.length === 0) return;
  const owned = await tx
    .select({ id: playlists.id })
    .from(playlists)
    .where(and(inArray(playlists.id, wanted), eq(playlists.workspaceId, workspaceId)))
    .for('key share');
  if (owned.length !== wanted.length)
    throw new HttpError(400, messages.playlists.notFound.title, ERROR_CODES.playlistNotFound);
}

/**
 * docs/product.md#validation and docs/layouts.md#devices: a playlist per zone of the device's layout
 * (`assignedZones`); Tela Única takes one or none, and its second window is always cleared.
 */
export async function assignPlaylists(
  deps: DeviceDeps,
  actor: SessionUser,
  id: number,
  input: DeviceAssignmentData,
): Promise<Device> {
  const current = await loadVisible(deps.db, actor, id);
  const row = await deps.db.transaction(async (tx) => {
    const screen = await currentScreenLayout(tx, current.workspaceId, current);
    const zones = assignedZones({ ...screen, screenName: current.name }, zonePlaylistIdsOf(current), input);
    await assertPlaylistsOwned(tx, current.workspaceId, zones);
    const [updated] = await tx
      .update(devices)
      .set(zonePlaylistColumns(zones, zones.length))
      .where(eq(devices.id, id))
      .returning(deviceColumns);
    await recordActivity(tx, {
      ...ownedBy(actor),
      type: 'playlist_assigned',
      data: { name: current.name },
      entityType: 'device',
      entityId: id,
    });
    return updated!;
  });
  return announceChanged(deps, row);
}

export async function disconnectDevice(deps: DeviceDeps, actor: SessionUser, id: number): Promise<Device> {
  const current = await loadVisible(deps.db, actor, id);
  const row = await deps.db.transaction(async (tx) => {
    const [updated] = await tx.update(devices).set(DISCONNECTED).where(eq(devices.id, id)).returning(deviceColumns);
    await recordActivity(tx, {
      ...ownedBy(actor),
      type: 'device_disconnected',
      data: { name: current.name },
      entityType: 'device',
      entityId: id,
    });
    return updated!;
  });
  deps.bus.publish({ type: 'device.disconnected', deviceId: id, workspaceId: row.workspaceId });
  return announceChanged(deps, row);
}

/**
 * The TV is disconnected at once (its token goes with the row); the activity history stays, the
 * TV's screenshot goes from the store after the commit. The row is read by the delete itself,
 * under its lock: of two removals at once, the second waits, finds nothing and answers 404,
 * writing no history and announcing nothing (docs/security.md, data integrity).
 */
export async function deleteDevice(
  deps: DeviceDeps & { store: Pick<MediaStore, 'delete'>; log: Pick<FastifyBaseLogger, 'error'> },
  actor: SessionUser,
  id: number,
): Promise<void> {
  const current = await deps.db.transaction(async (tx) => {
    const [current] = await tx
      .delete(devices)
      .where(and(eq(devices.id, id), visibleTo(devices.workspaceId, actor)))
      .returning({ name: devices.name, workspaceId: devices.workspaceId, screenshotKey: devices.screenshotKey });
    if (!current) throw notFound(messages.devices.notFound);
    await dropCampaignTarget(tx, current.workspaceId, 'device', id);
    await recordActivity(tx, {
      ...ownedBy(actor),
      type: 'device_deleted',
      data: { name: current.name },
      entityType: 'device',
      entityId: id,
    });
    return current;
  });
  const { screenshotKey } = current;
  // A failure here leaves an orphan file, deleted by the store's reconciliation at the next start.
  if (screenshotKey)
    await deps.store
      .delete(screenshotKey)
      .catch((error: unknown) => deps.log.error({ err: error, key: screenshotKey }, 'could not remove a screenshot'));
  deps.bus.publish({ type: 'device.disconnected', deviceId: id, workspaceId: current.workspaceId });
  deps.bus.publish({ type: 'device.deleted', deviceId: id, workspaceId: current.workspaceId });
}
