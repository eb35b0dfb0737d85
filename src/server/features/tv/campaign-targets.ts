import { createHash } from 'node:crypto';
import { and, eq, gt, isNotNull, isNull, or } from 'drizzle-orm';
import { MANIFEST_CAMPAIGN_DAYS, playsWithin } from '../../../contract/schedule';
import type { ManifestCampaign } from '../../../contract/tv';
import { anyOf } from '../../db/any-of';
import type { Db } from '../../db/client';
import { campaigns, workspaces } from '../../db/schema';

/** A published campaign as the manifests of the screens it is aimed at carry it (its playlist aside). */
export interface CampaignEntry {
  id: number;
  playlistId: number;
  deviceIds: ReadonlySet<number>;
  groupIds: ReadonlySet<number>;
  allDevices: boolean;
  fields: Omit<ManifestCampaign, 'playlist'>;
  /** An ad's cap and current allowance (docs/ads.md#manifest); absent on a regular campaign. */
  ad?: { capPerHour: number; allowance: number };
  /** Changes when anything the manifest shows of it changes. */
  hash: string;
}

interface WorkspaceEntry {
  timeZone: string;
  /** Its published campaigns that are not over, with a playlist. */
  campaigns: Map<number, CampaignEntry>;
  /** Those that play within the manifest's horizon, as of the last check (`refreshHorizon`). */
  playing: Set<number>;
}

/** What a campaign's targeting reads of a device. */
export interface Target {
  deviceId: number;
  groupId: number | null;
}

export const aims = (campaign: CampaignEntry, target: Target) =>
  campaign.allDevices ||
  campaign.deviceIds.has(target.deviceId) ||
  (target.groupId !== null && campaign.groupIds.has(target.groupId));

const hash = (value: string) => createHash('sha256').update(value).digest('base64url').slice(0, 22);

type Row = typeof campaigns.$inferSelect;
function entryOf(row: Row): CampaignEntry {
  const fields: CampaignEntry['fields'] = {
    id: row.id,
    name: row.name,
    status: row.status,
    priority: row.priority,
    startDate: row.startDate?.toISOString() ?? null,
    endDate: row.endDate?.toISOString() ?? null,
    schedule: { weekdays: row.weekdays, startTime: row.startTime, endTime: row.endTime },
    createdAt: row.createdAt.toISOString(),
    // Only when it names zones: a campaign of every zone keeps the manifest it had before zones.
    ...(row.zones ? { zones: row.zones } : {}),
  };
  // Until its first plan an ad plays none (docs/ads.md#pacing): the save plans it at once.
  const ad = row.type === 'ad' ? { capPerHour: row.capPerHour ?? 0, allowance: row.adAllowance ?? 0 } : undefined;
  return {
    id: row.id,
    playlistId: row.playlistId!,
    deviceIds: new Set(row.deviceIds),
    groupIds: new Set(row.groupIds),
    allDevices: row.allDevices,
    fields,
    ...(ad ? { ad } : {}),
    hash: hash(JSON.stringify(ad ? [fields, row.playlistId, ad] : [fields, row.playlistId])),
  };
}

/** Campaigns that may still play at `at` (the service's clock): published, with a playlist, not past their end. */
const live = (at: Date) =>
  and(
    eq(campaigns.status, 'published'),
    isNotNull(campaigns.playlistId),
    or(isNull(campaigns.endDate), gt(campaigns.endDate, at)),
  );

/**
 * The campaigns the manifests carry (docs/scheduling.md#campaigns), per workspace: its time zone and its published
 * campaigns, loaded once for all its devices, and which of them play within the horizon
 * (`MANIFEST_CAMPAIGN_DAYS`), computed once per campaign, not per device. A device's share is a
 * set lookup per campaign (`aimedAt`). Kept while a device of the workspace is cached.
 */
export function createCampaignTargets(db: Db, now: () => Date = () => new Date()) {
  const entries = new Map<number, WorkspaceEntry>();
  const loading = new Map<number, Promise<void>>();

  const playsSoon = (entry: WorkspaceEntry, campaign: CampaignEntry, at: Date) =>
    playsWithin(campaign.fields, at, MANIFEST_CAMPAIGN_DAYS, entry.timeZone);

  async function load(ids: number[]) {
    const [zones, rows] = await Promise.all([
      db.select({ id: workspaces.id, timeZone: workspaces.timeZone }).from(workspaces).where(anyOf(workspaces.id, ids)),
      db
        .select()
        .from(campaigns)
        .where(and(anyOf(campaigns.workspaceId, ids), live(now()))),
    ]);
    const at = now();
    for (const { id, timeZone } of zones) {
      const entry: WorkspaceEntry = { timeZone, campaigns: new Map(), playing: new Set() };
      for (const row of rows) if (row.workspaceId === id) entry.campaigns.set(row.id, entryOf(row));
      for (const campaign of entry.campaigns.values())
        if (playsSoon(entry, campaign, at)) entry.playing.add(campaign.id);
      entries.set(id, entry);
    }
  }

  return {
    /** Loads the workspaces not known yet (those asked for together in one query each). */
    async ensure(ids: number[]): Promise<void> {
      const missing = [...new Set(ids)].filter((id) => !entries.has(id) && !loading.has(id));
      if (missing.length) {
        const pending = load(missing).finally(() => {
          for (const id of missing) loading.delete(id);
        });
        for (const id of missing) loading.set(id, pending);
      }
      await Promise.all(ids.map((id) => loading.get(id)));
    },
    /** A load under way may have read a row before a change: whoever applies the change waits for it. */
    settled: (workspaceId: number) => loading.get(workspaceId),
    timeZoneOf: (workspaceId: number) => entries.get(workspaceId)?.timeZone ?? null,
    /** The campaigns of the horizon aimed at this device, by id. */
    aimedAt(workspaceId: number, target: Target): CampaignEntry[] {
      const entry = entries.get(workspaceId);
      if (!entry) return [];
      const aimed: CampaignEntry[] = [];
      for (const id of entry.playing) {
        const campaign = entry.campaigns.get(id)!;
        if (aims(campaign, target)) aimed.push(campaign);
      }
      return aimed.sort((a, b) => a.id - b.id);
    },
    /**
     * Reads one campaign again (it changed or went). Returns its entries before and after, so the
     * caller finds the devices either one aims at; nothing when the workspace is not kept here.
     */
    async reload(workspaceId: number, campaignId: number): Promise<Array<CampaignEntry | undefined> | null> {
      const entry = entries.get(workspaceId);
      if (!entry) return null;
      const [row] = await db
        .select()
        .from(campaigns)
        .where(and(eq(campaigns.id, campaignId), live(now())));
      const before = entry.campaigns.get(campaignId);
      const after = row && row.workspaceId === workspaceId ? entryOf(row) : undefined;
      if (after) entry.campaigns.set(campaignId, after);
      else entry.campaigns.delete(campaignId);
      if (after && playsSoon(entry, after, now())) entry.playing.add(campaignId);
      else entry.playing.delete(campaignId);
      return [before, after];
    },
    /** The workspace read again (its time zone changed): every device of it is concerned. */
    async reloadWorkspace(workspaceId: number): Promise<boolean> {
      if (!entries.has(workspaceId)) return false;
      await load([workspaceId]);
      return true;
    },
    /**
     * Which campaigns play within the horizon from now: one enters as its start comes within the
     * horizon, one leaves once over. Returns the workspaces whose set changed.
     */
    refreshHorizon(): number[] {
      const at = now();
      const moved: number[] = [];
      for (const [id, entry] of entries) {
        const playing = new Set<number>();
        for (const campaign of entry.campaigns.values()) if (playsSoon(entry, campaign, at)) playing.add(campaign.id);
        if (playing.size !== entry.playing.size || [...playing].some((c) => !entry.playing.has(c))) {
          entry.playing = playing;
          moved.push(id);
        }
      }
      return moved;
    },
    clear: () => entries.clear(),
  };
}
