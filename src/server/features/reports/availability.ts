import { and, eq, isNull, lt, or, gt, sql } from 'drizzle-orm';
import { openSpans, overlapMs } from '../../../contract/opening-hours';
import type { Report, ReportQuery } from '../../../contract/reports';
import { instantOf } from '../../../contract/schedule';
import type { SessionUser } from '../../auth/session-user';
import type { Db } from '../../db/client';
import { anyOf } from '../../db/any-of';
import { deviceGroups, devices, incidents } from '../../db/schema';

const dateOf = (day: string) => {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return { year, month, day: date };
};

/**
 * Availability per screen (docs/alerts.md#availability): its open time in the period by its opening
 * hours (its own, else its group's; always open without), from when it was added up to now, and how
 * much of it fell in its incidents (offline past its alert minutes). Spans are computed once per
 * distinct set of hours.
 */
export async function availabilityOf(
  db: Db,
  actor: SessionUser,
  query: ReportQuery,
  timeZone: string,
  now = Date.now(),
): Promise<Report['availability']> {
  const from = instantOf(dateOf(query.from), 0, timeZone).getTime();
  const next = new Date(Date.parse(`${query.to}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  const to = Math.min(instantOf(dateOf(next), 0, timeZone).getTime(), now);
  const screens = await db
    .select({
      id: devices.id,
      name: devices.name,
      createdAt: devices.createdAt,
      hours: sql<Parameters<typeof openSpans>[0]>`coalesce(${devices.openingHours}, ${deviceGroups.openingHours})`,
    })
    .from(devices)
    .leftJoin(deviceGroups, eq(deviceGroups.id, devices.groupId))
    .where(
      and(
        eq(devices.workspaceId, actor.workspaceId),
        query.deviceId ? eq(devices.id, query.deviceId) : undefined,
        query.groupId ? eq(devices.groupId, query.groupId) : undefined,
      ),
    );
  if (screens.length === 0 || to <= from) return [];
  const offline = await db
    .select({ deviceId: incidents.deviceId, startedAt: incidents.startedAt, endedAt: incidents.endedAt })
    .from(incidents)
    .where(
      and(
        anyOf(
          incidents.deviceId,
          screens.map((s) => s.id),
        ),
        lt(incidents.startedAt, new Date(to)),
        or(isNull(incidents.endedAt), gt(incidents.endedAt, new Date(from))),
      ),
    );
  const spansByHours = new Map<string, Array<[number, number]>>();
  return screens
    .map((screen) => {
      const key = JSON.stringify(screen.hours);
      let spans = spansByHours.get(key);
      if (!spans) spansByHours.set(key, (spans = openSpans(screen.hours, new Date(from), new Date(to), timeZone)));
      // Not before the screen existed.
      const since = screen.createdAt.getTime();
      const own = spans.map(([a, b]): [number, number] => [Math.max(a, since), b]).filter(([a, b]) => a < b);
      const openMs = own.reduce((sum, [a, b]) => sum + b - a, 0);
      const cut = offline
        .filter((o) => o.deviceId === screen.id)
        .map((o): [number, number] => [o.startedAt.getTime(), o.endedAt?.getTime() ?? now]);
      const offlineMs = overlapMs(own, cut);
      return {
        deviceId: screen.id,
        name: screen.name,
        openMs,
        offlineMs,
        ratio: openMs > 0 ? (openMs - offlineMs) / openMs : null,
      };
    })
    .sort(
      (a, b) => (a.ratio ?? 2) - (b.ratio ?? 2) || a.name.localeCompare(b.name, 'pt-BR') || a.deviceId - b.deviceId,
    );
}
