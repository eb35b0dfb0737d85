import { eq } from 'drizzle-orm';
import { campaignMessages, type Campaign, type CampaignStatus } from '../../../contract/campaigns';
import { ERROR_CODES } from '../../../contract/errors';
import { ALL_WEEKDAYS } from '../../../contract/schedule';
import type { SessionUser } from '../../auth/session-user';
import { ownedBy } from '../../auth/tenancy';
import { campaigns } from '../../db/schema';
import { conflict, HttpError } from '../../http/errors';
import { checkReferences, loadCampaign, saveCampaign, type CampaignDeps } from './campaign-service';

/** Publish, pause, or back to draft. A campaign that plays must have a playlist and a target. */
export async function setCampaignStatus(
  deps: CampaignDeps,
  actor: SessionUser,
  id: number,
  status: CampaignStatus,
): Promise<Campaign> {
  const current = await loadCampaign(deps.db, actor, id);
  if (status === 'published') {
    if (current.playlistId === null) {
      throw new HttpError(400, campaignMessages.playlistRequired, ERROR_CODES.validation, [
        { path: ['playlistId'], message: campaignMessages.playlistRequired },
      ]);
    }
    if (!current.allDevices && current.deviceIds.length === 0 && current.groupIds.length === 0) {
      throw new HttpError(400, campaignMessages.targetRequired, ERROR_CODES.validation, [
        { path: ['deviceIds'], message: campaignMessages.targetRequired },
      ]);
    }
  }
  return saveCampaign(
    deps,
    actor,
    async (tx) =>
      (await tx.update(campaigns).set({ status, updatedAt: new Date() }).where(eq(campaigns.id, id)).returning())[0],
    (row) => ({ type: 'campaign_status', data: { name: row.name, status } }),
  );
}

/**
 * Ends a campaign now: its end date becomes now (so it reads Encerrada, a paused or draft one too,
 * which are published for that), and the row stays for reports. Screens return at once to what
 * they played before. One already past its end: 409.
 */
export async function endCampaign(deps: CampaignDeps, actor: SessionUser, id: number): Promise<Campaign> {
  const current = await loadCampaign(deps.db, actor, id);
  const now = new Date();
  if (current.endDate && current.endDate <= now) throw conflict(campaignMessages.alreadyEnded);
  const startDate = current.startDate && current.startDate > now ? now : current.startDate;
  return saveCampaign(
    deps,
    actor,
    async (tx) =>
      (
        await tx
          .update(campaigns)
          .set({ endDate: now, startDate, status: 'published', updatedAt: now })
          .where(eq(campaigns.id, id))
          .returning()
      )[0],
    (row) => ({ type: 'campaign_ended', data: { name: row.name } }),
  );
}

export interface EmergencyData {
  name: string;
  playlistId: number;
  deviceIds: number[];
  groupIds: number[];
  allDevices: boolean;
}

/**
 * One action: a published emergency campaign from now on, every day and hour, no end, on the
 * chosen screens; it takes each whole screen until it is ended (`endCampaign`).
 */
export async function startEmergency(deps: CampaignDeps, actor: SessionUser, data: EmergencyData): Promise<Campaign> {
  const values: Omit<typeof campaigns.$inferInsert, 'userId' | 'workspaceId'> = {
    name: data.name,
    playlistId: data.playlistId,
    allDevices: data.allDevices,
    status: 'published',
    priority: 'emergency',
    startDate: new Date(),
    endDate: null,
    weekdays: [...ALL_WEEKDAYS],
    startTime: null,
    endTime: null,
  };
  return saveCampaign(
    deps,
    actor,
    async (tx) => {
      const targets = await checkReferences(tx, actor.workspaceId, data);
      return (
        await tx
          .insert(campaigns)
          .values({ ...values, ...targets, ...ownedBy(actor) })
          .returning()
      )[0];
    },
    (row) => ({ type: 'emergency_started', data: { name: row.name } }),
  );
}
