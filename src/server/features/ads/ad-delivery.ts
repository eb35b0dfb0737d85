import { count, gte, sql } from 'drizzle-orm';
import type { AdDelivery } from '../../../contract/ad-campaigns';
import { adGoalTotal, adHoursBetween, adProjection } from '../../../contract/ad-pacing';
import { anyOf } from '../../db/any-of';
import type { Db } from '../../db/client';
import { adPlays, type campaigns } from '../../db/schema';
import { planOf, timeZoneOf } from './ad-pacing';

const DAY_MS = 24 * 60 * 60 * 1000;
type Row = typeof campaigns.$inferSelect;

/**
 * The delivery of each ad among `rows` (docs/ads.md#delivery), by campaign id; regular campaigns
 * have none. One query counts every ad's plays, all and of the last 24 hours; the rest is pure.
 */
export async function deliveriesOf(db: Db, rows: Row[], now = new Date()): Promise<Map<number, AdDelivery>> {
  const ads = rows.flatMap((row) => {
    const plan = planOf(row);
    return plan ? [{ row, plan }] : [];
  });
  const result = new Map<number, AdDelivery>();
  if (ads.length === 0) return result;
  const since = new Date(now.getTime() - DAY_MS);
  const counts = await db
    .select({
      campaignId: adPlays.campaignId,
      counted: count(),
      recent: sql<number>`count(*) filter (where ${gte(adPlays.startedAt, since)})`.mapWith(Number),
    })
    .from(adPlays)
    .where(
      anyOf(
        adPlays.campaignId,
        ads.map((a) => a.row.id),
      ),
    )
    .groupBy(adPlays.campaignId);
  const byId = new Map(counts.map((c) => [c.campaignId, c]));
  const zones = new Map<number, string>();
  for (const { row, plan } of ads) {
    if (!zones.has(row.workspaceId)) zones.set(row.workspaceId, await timeZoneOf(db, row.workspaceId));
    const timeZone = zones.get(row.workspaceId)!;
    const { counted = 0, recent = 0 } = byId.get(row.id) ?? {};
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
