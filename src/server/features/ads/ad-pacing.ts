import { and, count, eq, gt, or, sql } from 'drizzle-orm';
import { adAllowance, adGoalTotal, HOUR_MS, type AdPlan } from '../../../contract/ad-pacing';
import { anyOf } from '../../db/any-of';
import type { Db, Tx } from '../../db/client';
import { adCampaignCounts, campaigns, devices, workspaces } from '../../db/schema';
import type { JobQueue } from '../../jobs/job-queue';
import type { EventBus } from '../../realtime/event-bus';

/**
 * The pacing of ad campaigns (docs/ads.md#pacing): each published ad's allowance (plays per screen
 * in the current hour, `adAllowance`) is planned again every hour by the `ads.pace` job and at each
 * save of the campaign, from its counted plays. An ad at its goal ends (its end date becomes now).
 */
export const AD_PACING_JOB = 'ads.pace';

type Row = typeof campaigns.$inferSelect;

/** The plan of an ad row; null for a regular campaign (or an ad missing what the CHECK requires). */
export function planOf(row: Row): AdPlan | null {
  if (row.type !== 'ad' || !row.goalKind || !row.goalPlays || !row.capPerHour || !row.startDate || !row.endDate)
    return null;
  return {
    goalKind: row.goalKind,
    goalPlays: row.goalPlays,
    capPerHour: row.capPerHour,
    startDate: row.startDate.toISOString(),
    endDate: row.endDate.toISOString(),
    schedule: { weekdays: row.weekdays, startTime: row.startTime, endTime: row.endTime },
  };
}

/** The screens of its workspace the campaign is aimed at (all of them, by id, or by group). */
export async function targetScreens(db: Db | Tx, row: Row): Promise<number> {
  const aimed = row.allDevices
    ? undefined
    : or(anyOf(devices.id, row.deviceIds), anyOf(devices.groupId, row.groupIds), sql`false`);
  const [found] = await db
    .select({ n: count() })
    .from(devices)
    .where(and(eq(devices.workspaceId, row.workspaceId), aimed));
  return found?.n ?? 0;
}

/** Counted plays of each ad named, from their running counts (docs/ads.md#delivery); 0 for one with none. */
export async function countedPlays(db: Db | Tx, campaignIds: number[]): Promise<Map<number, number>> {
  if (campaignIds.length === 0) return new Map();
  const found = await db
    .select({ campaignId: adCampaignCounts.campaignId, counted: adCampaignCounts.counted })
    .from(adCampaignCounts)
    .where(anyOf(adCampaignCounts.campaignId, campaignIds));
  return new Map(found.map((row) => [row.campaignId, row.counted]));
}

export async function timeZoneOf(db: Db | Tx, workspaceId: number): Promise<string> {
  const [found] = await db
    .select({ timeZone: workspaces.timeZone })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId));
  return found!.timeZone;
}

interface Pace {
  allowance: number;
  reached: boolean;
}

async function paceOf(
  db: Db | Tx,
  row: Row,
  plan: AdPlan,
  now: Date,
  known?: { counted: number; timeZone: string },
): Promise<Pace> {
  const timeZone = known?.timeZone ?? (await timeZoneOf(db, row.workspaceId));
  const counted = known?.counted ?? (await countedPlays(db, [row.id])).get(row.id) ?? 0;
  const screens = await targetScreens(db, row);
  return {
    allowance: adAllowance({ plan, counted, now, screens, timeZone }),
    reached: counted >= adGoalTotal(plan, timeZone),
  };
}

/**
 * In a campaign save's transaction (campaign-service `saveCampaign`): an ad's allowance planned
 * again for what was saved. Its event, published after the commit, carries the new allowance to
 * the TVs. A regular campaign is returned as it is.
 */
export async function replanOnSave(tx: Tx, row: Row, now = new Date()): Promise<Row> {
  const plan = planOf(row);
  if (!plan) return row;
  const { allowance } = await paceOf(tx, row, plan, now);
  if (allowance === row.adAllowance) return row;
  const [saved] = await tx
    .update(campaigns)
    .set({ adAllowance: allowance })
    .where(eq(campaigns.id, row.id))
    .returning();
  return saved ?? row;
}

/**
 * The hourly plan (`ads.pace`, and at once when plays reach a flight goal): every published ad not
 * over is paced again; one whose allowance moved is saved and announced (`campaign.changed`:
 * manifests follow); one at its goal ends now, allowance 0. Returns the ids announced. Safe to run
 * twice: a second run finds nothing moved.
 */
export async function paceAds(deps: { db: Db; bus: EventBus }, now = new Date()): Promise<number[]> {
  const rows = await deps.db
    .select({ row: campaigns, timeZone: workspaces.timeZone })
    .from(campaigns)
    .innerJoin(workspaces, eq(workspaces.id, campaigns.workspaceId))
    .where(and(eq(campaigns.type, 'ad'), eq(campaigns.status, 'published'), gt(campaigns.endDate, now)));
  const counts = await countedPlays(
    deps.db,
    rows.map(({ row }) => row.id),
  );
  const moved: number[] = [];
  for (const { row, timeZone } of rows) {
    if (await paceAd(deps, row, { counted: counts.get(row.id) ?? 0, timeZone }, now)) moved.push(row.id);
  }
  return moved;
}

/**
 * One ad of `paceAds`, as read then. The update holds only if the row is still as read (same
 * `updatedAt`): a save in between (a goal raised) wins, and is paced in its own transaction.
 */
export async function paceAd(
  deps: { db: Db; bus: EventBus },
  row: Row,
  known: { counted: number; timeZone: string },
  now = new Date(),
): Promise<boolean> {
  const plan = planOf(row);
  if (!plan) return false;
  const { allowance, reached } = await paceOf(deps.db, row, plan, now, known);
  if (!reached && allowance === row.adAllowance) return false;
  const [saved] = await deps.db
    .update(campaigns)
    .set({ adAllowance: allowance, ...(reached ? { endDate: now } : {}), updatedAt: now })
    .where(
      and(
        eq(campaigns.id, row.id),
        gt(campaigns.endDate, now),
        // The row keeps microseconds, a Date only milliseconds.
        sql`date_trunc('milliseconds', ${campaigns.updatedAt}) = ${row.updatedAt.toISOString()}::timestamptz`,
      ),
    )
    .returning({ id: campaigns.id });
  if (!saved) return false;
  deps.bus.publish({ type: 'campaign.changed', campaignId: row.id, workspaceId: row.workspaceId });
  return true;
}

/** `ads.pace` every hour, once for all processes (docs/jobs.md#the-kinds). */
export function registerAdPacingJobs(jobs: JobQueue, deps: { db: Db; bus: EventBus }): void {
  jobs.register(AD_PACING_JOB, { run: async () => void (await paceAds(deps)) });
  jobs.every(AD_PACING_JOB, HOUR_MS);
}
