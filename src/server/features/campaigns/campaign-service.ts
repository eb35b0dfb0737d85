import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Campaign, CampaignData } from '../../../contract/campaigns';
import { ERROR_CODES } from '../../../contract/errors';
import { messages } from '../../../contract/messages';
import type { SessionUser } from '../../auth/session-user';
import { loadVisible as loadVisibleRow, ownedBy, visibleTo } from '../../auth/tenancy';
import type { Db } from '../../db/client';
import { campaigns, devices, playlists } from '../../db/schema';
import { HttpError } from '../../http/errors';
import type { EventBus } from '../../realtime/event-bus';

export interface CampaignDeps {
  db: Db;
  bus: EventBus;
}

const NOT_FOUND = 'Campanha não encontrada';

const present = (row: typeof campaigns.$inferSelect): Campaign => ({
  id: row.id,
  userId: row.userId,
  name: row.name,
  description: row.description,
  playlistId: row.playlistId,
  deviceIds: row.deviceIds,
  startDate: row.startDate?.toISOString() ?? null,
  endDate: row.endDate?.toISOString() ?? null,
  status: row.status as Campaign['status'],
  createdAt: row.createdAt.toISOString(),
});

export async function listCampaigns({ db }: CampaignDeps, actor: SessionUser): Promise<Campaign[]> {
  const rows = await db
    .select()
    .from(campaigns)
    .where(visibleTo(campaigns.workspaceId, actor))
    .orderBy(desc(campaigns.createdAt), desc(campaigns.id));
  return rows.map(present);
}

const loadVisible = (db: Db, actor: SessionUser, id: number) => loadVisibleRow(db, campaigns, actor, id, NOT_FOUND);

export async function getCampaign({ db }: CampaignDeps, actor: SessionUser, id: number): Promise<Campaign> {
  return present(await loadVisible(db, actor, id));
}

/** The playlist and every device must be of the workspace: references to others' ids are refused. */
async function checkReferences(db: Db, workspaceId: number, data: CampaignData) {
  const [playlist] = await db
    .select({ id: playlists.id })
    .from(playlists)
    .where(and(eq(playlists.id, data.playlistId), eq(playlists.workspaceId, workspaceId)))
    .limit(1);
  if (!playlist) {
    throw new HttpError(400, messages.playlists.notFound.title, ERROR_CODES.playlistNotFound, [
      { path: ['playlistId'], message: messages.playlists.notFound.title },
    ]);
  }
  const wanted = [...new Set(data.deviceIds)];
  if (wanted.length === 0) return wanted;
  const owned = await db
    .select({ id: devices.id })
    .from(devices)
    .where(and(inArray(devices.id, wanted), eq(devices.workspaceId, workspaceId)));
  if (owned.length !== wanted.length) {
    throw new HttpError(400, messages.devices.notFound, ERROR_CODES.deviceNotFound, [
      { path: ['deviceIds'], message: messages.devices.notFound },
    ]);
  }
  return wanted;
}

const values = (data: CampaignData, deviceIds: number[]) => ({
  name: data.name,
  description: data.description,
  playlistId: data.playlistId,
  deviceIds,
  startDate: data.startDate ? new Date(data.startDate) : null,
  endDate: data.endDate ? new Date(data.endDate) : null,
  status: data.status,
});

export async function createCampaign(deps: CampaignDeps, actor: SessionUser, data: CampaignData): Promise<Campaign> {
  const deviceIds = await checkReferences(deps.db, actor.workspaceId, data);
  const [row] = await deps.db
    .insert(campaigns)
    .values({ ...values(data, deviceIds), ...ownedBy(actor) })
    .returning();
  deps.bus.publish({ type: 'campaign.changed', campaignId: row!.id, workspaceId: actor.workspaceId });
  return present(row!);
}

export async function updateCampaign(deps: CampaignDeps, actor: SessionUser, id: number, data: CampaignData): Promise<Campaign> {
  const current = await loadVisible(deps.db, actor, id);
  const deviceIds = await checkReferences(deps.db, current.workspaceId, data);
  const [row] = await deps.db.update(campaigns).set(values(data, deviceIds)).where(eq(campaigns.id, id)).returning();
  deps.bus.publish({ type: 'campaign.changed', campaignId: id, workspaceId: current.workspaceId });
  return present(row!);
}

export async function deleteCampaign(deps: CampaignDeps, actor: SessionUser, id: number): Promise<void> {
  const current = await loadVisible(deps.db, actor, id);
  await deps.db.delete(campaigns).where(eq(campaigns.id, id));
  deps.bus.publish({ type: 'campaign.changed', campaignId: id, workspaceId: current.workspaceId });
}
