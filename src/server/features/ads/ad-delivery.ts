import { and, count, gte } from 'drizzle-orm';
import type { AdDelivery } from '../../../contract/ad-campaigns';
import { adGoalTotal, adHoursBetween, adProjection } from '../../../contract/ad-pacing';
import { anyOf } from '../../db/any-of';
import type { Db, Tx } from '../../db/client';
import { adPlays, type campaigns } from '../../db/schema';
import { countedPlays, planOf, timeZoneOf } from './ad-pacing';

const DAY_MS = 24 * 60 * 60 * 1000;
type Row = typeof campaigns.$inferSelect;

/**
 * The delivery of each ad among `rows` (docs/ads.md#delivery), by campaign id; regular campaigns
 * have none. Two queries for all of them (running counts, the last 24 hours' plays); the rest is pure.
 */
export async function deliveriesOf(db: Db | Tx, rows: Row[], now = new Date()): Promise<Map<number, AdDelivery>> {
  const ads = rows.flatMap((row) => {
    const plan = planOf(row);
    return plan ? [{ row, plan }] : [];
  });
  const result = new Map<number, AdDelivery>();
  if (ads.length === 0) return result;
  const since = new Date(now.getTime() - DAY_MS);
  const ids = ads.map((a) => a.row.id);
  // The running counts, and the last 24 hours' plays by the (campaign, started_at) index: never an ad's whole history.
  const totals = await countedPlays(db, ids);
  const recents = await db
    .select({ campaignId: adPlays.campaignId, recent: count() })
    .from(adPlays)
    .where(and(anyOf(adPlays.campaignId, ids), gte(adPlays.startedAt, since)))
    .groupBy(adPlays.campaignId);
  const recentById = new Map(recents.map((c) => [c.campaignId, c.recent]));
  const zones = new Map<number, string>();
  for (const { row, plan } of ads) {
    if (!zones.has(row.workspaceId)) zones.set(row.workspaceId, await timeZoneOf(db, row.workspaceId));
    const timeZone = zones.get(row.workspaceId)!;
    const counted = totals.get(row.id) ?? 0;
    const recent = recentById.get(row.id) ?? 0;
    result.set(row.id, {
      counted,
      goal: adGoalTotal(plan, timeZone),
      projection: adProjection({
        counted,
        recentCounted: recent,
        recentHours: adHoursBetween(plan, since, now, timeZone),
        hoursLeft: adHoursBetween(plan, now, new Date(plan.endDate), timeZone),
      }),
      allowancePerScreen: row.adAllowance,
    });
  }
  return result;
}
