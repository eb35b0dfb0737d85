import { and, count, eq, gt, gte, or, sql } from 'drizzle-orm';
import { adAllowance, adGoalTotal, HOUR_MS, type AdPlan } from '../../../contract/ad-pacing';
import { anyOf } from '../../db/any-of';
import type { Db, Tx } from '../../db/client';
import { adPlays, campaigns, devices, workspaces } from '../../db/schema';
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

/** Counted plays of a campaign, all or since an instant. */
export async function countedPlays(db: Db | Tx, campaignId: number, since?: Date): Promise<number> {
  const [found] = await db
    .select({ n: count() })
    .from(adPlays)
    .where(and(eq(adPlays.campaignId, campaignId), since ? gte(adPlays.startedAt, since) : undefined));
  return found?.n ?? 0;
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

async function paceOf(db: Db | Tx, row: Row, plan: AdPlan, now: Date): Promise<Pace> {
  const timeZone = await timeZoneOf(db, row.workspaceId);
  const [counted, screens] = await Promise.all([countedPlays(db, row.id), targetScreens(db, row)]);
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
 * The hourly plan (`ads.pace`): every published ad not over is paced again; one whose allowance
 * moved is saved and announced (`campaign.changed`: manifests follow); one at its goal ends now,
 * allowance 0. Returns the ids announced. Safe to run twice: a second run finds nothing moved.
 */
export async function paceAds(deps: { db: Db; bus: EventBus }, now = new Date()): Promise<number[]> {
  const rows = await deps.db
    .select()
    .from(campaigns)
    .where(and(eq(campaigns.type, 'ad'), eq(campaigns.status, 'published'), gt(campaigns.endDate, now)));
  const moved: number[] = [];
  for (const row of rows) {
    const plan = planOf(row);
    if (!plan) continue;
    const { allowance, reached } = await paceOf(deps.db, row, plan, now);
    if (!reached && allowance === row.adAllowance) continue;
    const [saved] = await deps.db
      .update(campaigns)
      .set({ adAllowance: allowance, ...(reached ? { endDate: now } : {}), updatedAt: now })
      .where(and(eq(campaigns.id, row.id), gt(campaigns.endDate, now)))
      .returning({ id: campaigns.id });
    if (!saved) continue;
    deps.bus.publish({ type: 'campaign.changed', campaignId: row.id, workspaceId: row.workspaceId });
    moved.push(row.id);
  }
  return moved;
}

/** `ads.pace` every hour, once for all processes (docs/jobs.md#the-kinds). */
export function registerAdPacingJobs(jobs: JobQueue, deps: { db: Db; bus: EventBus }): void {
  jobs.register(AD_PACING_JOB, { run: async () => void (await paceAds(deps)) });
  jobs.every(AD_PACING_JOB, HOUR_MS);
}
