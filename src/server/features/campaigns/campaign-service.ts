import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { AdDelivery } from '../../../contract/ad-campaigns';
import { campaignMessages, type Campaign, type CampaignData } from '../../../contract/campaigns';
import { ERROR_CODES } from '../../../contract/errors';
import type { ActivityRecord } from '../../../contract/activity-messages';
import { messages } from '../../../contract/messages';
import type { SessionUser } from '../../auth/session-user';
import { loadVisible as loadVisibleRow, ownedBy, visibleTo } from '../../auth/tenancy';
import type { Db, Tx } from '../../db/client';
import { campaigns, deviceGroups, devices, playlists } from '../../db/schema';
import { HttpError } from '../../http/errors';
import type { EventBus } from '../../realtime/event-bus';
import { recordActivity } from '../activities/activity-service';
import { checkAdvertiser } from '../ads/ad-campaigns';
import { deliveriesOf } from '../ads/ad-delivery';
import { replanOnSave } from '../ads/ad-pacing';

export interface CampaignDeps {
  db: Db;
  bus: EventBus;
}

export type CampaignRow = typeof campaigns.$inferSelect;

export const presentCampaign = (row: CampaignRow, delivery: AdDelivery | null = null): Campaign => ({
  id: row.id,
  userId: row.userId,
  name: row.name,
  description: row.description,
  playlistId: row.playlistId,
  deviceIds: row.deviceIds,
  groupIds: row.groupIds,
  allDevices: row.allDevices,
  startDate: row.startDate?.toISOString() ?? null,
  endDate: row.endDate?.toISOString() ?? null,
  status: row.status,
  priority: row.priority,
  schedule: { weekdays: row.weekdays, startTime: row.startTime, endTime: row.endTime },
  zones: row.zones,
  type: row.type,
  advertiserId: row.advertiserId,
  goalKind: row.goalKind,
  goalPlays: row.goalPlays,
  capPerHour: row.capPerHour,
  delivery,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

export async function listCampaigns({ db }: CampaignDeps, actor: SessionUser): Promise<Campaign[]> {
  const rows = await db
    .select()
    .from(campaigns)
    .where(visibleTo(campaigns.workspaceId, actor))
    .orderBy(desc(campaigns.createdAt), desc(campaigns.id));
  return presentWithDelivery(db, rows);
}

/** Campaigns as answered, an ad with its delivery (docs/ads.md#delivery). */
async function presentWithDelivery(db: Db | Tx, rows: CampaignRow[]): Promise<Campaign[]> {
  const deliveries = await deliveriesOf(db, rows);
  return rows.map((row) => presentCampaign(row, deliveries.get(row.id) ?? null));
}

export const loadCampaign = (db: Db | Tx, actor: SessionUser, id: number) =>
  loadVisibleRow(db, campaigns, actor, id, campaignMessages.notFound);

export async function getCampaign({ db }: CampaignDeps, actor: SessionUser, id: number): Promise<Campaign> {
  return (await presentWithDelivery(db, [await loadCampaign(db, actor, id)]))[0]!;
}

const refused = (status: 400, message: string, code: (typeof ERROR_CODES)[keyof typeof ERROR_CODES], field: string) =>
  new HttpError(status, message, code, [{ path: [field], message }]);

/**
 * Whether every id is of the workspace (ids of others, or of nothing, answer the same). The rows
 * found stay locked against removal (`FOR KEY SHARE`) until the save commits: a removal waits for
 * it and then takes its id out of the saved campaign, or ran first and the id is found missing.
 */
async function allOwned(tx: Tx, table: typeof devices | typeof deviceGroups, ids: number[], workspaceId: number) {
  if (ids.length === 0) return true;
  const owned = await tx
    .select({ id: table.id })
    .from(table)
    .where(and(inArray(table.id, ids), eq(table.workspaceId, workspaceId)))
    .for('key share');
  return owned.length === ids.length;
}

export interface Targets {
  playlistId: number;
  deviceIds: number[];
  groupIds: number[];
}

/**
 * The playlist, every device and every group must be of the workspace: references to others' ids
 * are refused (400, the field named). Returns the ids without repeats. Runs in the save's
 * transaction (see `allOwned`).
 */
export async function checkReferences(tx: Tx, workspaceId: number, data: Targets) {
  const [playlist] = await tx
    .select({ id: playlists.id })
    .from(playlists)
    .where(and(eq(playlists.id, data.playlistId), eq(playlists.workspaceId, workspaceId)))
    .limit(1);
  if (!playlist) throw refused(400, messages.playlists.notFound.title, ERROR_CODES.playlistNotFound, 'playlistId');
  const deviceIds = [...new Set(data.deviceIds)];
  if (!(await allOwned(tx, devices, deviceIds, workspaceId)))
    throw refused(400, messages.devices.notFound, ERROR_CODES.deviceNotFound, 'deviceIds');
  const groupIds = [...new Set(data.groupIds)];
  if (!(await allOwned(tx, deviceGroups, groupIds, workspaceId)))
    throw refused(400, messages.groups.notFound, ERROR_CODES.groupNotFound, 'groupIds');
  return { deviceIds, groupIds };
}

const values = (data: CampaignData, targets: { deviceIds: number[]; groupIds: number[] }) => ({
  name: data.name,
  description: data.description,
  playlistId: data.playlistId,
  ...targets,
  allDevices: data.allDevices,
  startDate: data.startDate ? new Date(data.startDate) : null,
  endDate: data.endDate ? new Date(data.endDate) : null,
  status: data.status,
  priority: data.priority,
  weekdays: data.schedule.weekdays,
  startTime: data.schedule.startTime,
  endTime: data.schedule.endTime,
  zones: data.zones,
  type: data.type,
  advertiserId: data.advertiserId,
  goalKind: data.goalKind,
  goalPlays: data.goalPlays,
  capPerHour: data.capPerHour,
});

/** Writes a campaign change with its activity in one transaction, then tells the bus. */
export async function saveCampaign(
  deps: CampaignDeps,
  actor: SessionUser,
  write: (tx: Tx) => Promise<CampaignRow | undefined>,
  activity: (row: CampaignRow) => ActivityRecord,
): Promise<Campaign> {
  const { saved, answer } = await deps.db.transaction(async (tx) => {
    const written = await write(tx);
    // Removed by someone else after it was loaded: the update found no row.
    if (!written) throw new HttpError(404, campaignMessages.notFound, ERROR_CODES.notFound);
    // An ad's allowance follows what was saved (docs/ads.md#pacing).
    const saved = await replanOnSave(tx, written);
    await recordActivity(tx, { ...ownedBy(actor), ...activity(saved), entityType: 'campaign', entityId: saved.id });
    // The answer is read before the commit: a failure to read it undoes the save, rather than
    // answering 500 for a change that was made.
    return { saved, answer: (await presentWithDelivery(tx, [saved]))[0]! };
  });
  deps.bus.publish({ type: 'campaign.changed', campaignId: saved.id, workspaceId: saved.workspaceId });
  return answer;
}

export async function createCampaign(deps: CampaignDeps, actor: SessionUser, data: CampaignData): Promise<Campaign> {
  return saveCampaign(
    deps,
    actor,
    async (tx) => {
      const targets = await checkReferences(tx, actor.workspaceId, data);
      await checkAdvertiser(tx, actor.workspaceId, data.advertiserId);
      return (
        await tx
          .insert(campaigns)
          .values({ ...values(data, targets), ...ownedBy(actor) })
          .returning()
      )[0];
    },
    (row) => ({ type: 'campaign_created', data: { name: row.name } }),
  );
}

export async function updateCampaign(
  deps: CampaignDeps,
  actor: SessionUser,
  id: number,
  data: CampaignData,
): Promise<Campaign> {
  const current = await loadCampaign(deps.db, actor, id);
  return saveCampaign(
    deps,
    actor,
    async (tx) => {
      const targets = await checkReferences(tx, current.workspaceId, data);
      await checkAdvertiser(tx, current.workspaceId, data.advertiserId);
      return (
        await tx
          .update(campaigns)
          .set({ ...values(data, targets), updatedAt: new Date() })
          .where(eq(campaigns.id, id))
          .returning()
      )[0];
    },
    (row) => ({ type: 'campaign_updated', data: { name: row.name } }),
  );
}

/**
 * Its plays stay in the reports (the daily roll-ups keep its id), named `Removido (#id)` from now on
 * (`reportRowLabel`); the history mentions it still.
 */
export async function deleteCampaign(deps: CampaignDeps, actor: SessionUser, id: number): Promise<void> {
  const current = await loadCampaign(deps.db, actor, id);
  await deps.db.transaction(async (tx) => {
    await tx.delete(campaigns).where(eq(campaigns.id, id));
    await recordActivity(tx, {
      ...ownedBy(actor),
      type: 'campaign_deleted',
      data: { name: current.name },
      entityType: 'campaign',
      entityId: id,
    });
  });
  deps.bus.publish({ type: 'campaign.deleted', campaignId: id, workspaceId: current.workspaceId });
}

/**
 * A removed screen or group leaves the campaigns that named it, in the removal's transaction: a
 * campaign keeping the id could not be saved again as read (its targets must exist). Ids are never
 * reused, so the campaign caches may keep it meanwhile.
 */
export async function dropCampaignTarget(
  tx: Tx,
  workspaceId: number,
  target: 'device' | 'group',
  id: number,
): Promise<void> {
  const column = target === 'device' ? campaigns.deviceIds : campaigns.groupIds;
  const removed = sql`array_remove(${column}, ${id}::int)`;
  await tx
    .update(campaigns)
    .set({ ...(target === 'device' ? { deviceIds: removed } : { groupIds: removed }), updatedAt: new Date() })
    .where(and(eq(campaigns.workspaceId, workspaceId), sql`${id}::int = any(${column})`));
}
