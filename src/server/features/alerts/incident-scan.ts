import { and, eq, isNotNull, lt, notExists, sql } from 'drizzle-orm';
import { DEFAULT_OFFLINE_MINUTES } from '../../../contract/alerts';
import { isOpenAt } from '../../../contract/opening-hours';
import type { Db, Tx } from '../../db/client';
import { alertSettings, deviceGroups, devices, incidents, workspaces } from '../../db/schema';
import type { JobQueue } from '../../jobs/job-queue';
import type { NoticeEvent } from './notices';
import { checkStorage } from './storage-alert';
import { checkPlaybackFailures } from './playback-alert';
import { queueNotice } from './notice-queue';

type Changed = Array<{ id: number; workspace_id: number }>;

/**
 * One pass over the screens (docs/alerts.md#incidents): opens an incident for each paired screen
 * offline (by its last contact) for its minutes within its opening hours, closes those whose screen is back,
 * and queues the notices in the same transaction: one per workspace and event, however many
 * screens (the digest). The open incident's unique index makes an opening happen once: of two
 * passes at once (two processes), the second inserts nothing and so notifies nothing; a closing is
 * one `UPDATE … WHERE ended_at IS NULL`, which the second pass finds done.
 */
export async function scanIncidents(
  db: Db,
  jobs: JobQueue,
  { emailConfigured, quotaBytes }: { emailConfigured: boolean; quotaBytes: number },
) {
  const result = await db.transaction(async (tx) => {
    const opened = await openIncidents(tx);
    const closed = rows(
      await tx.execute(sql`
        update incidents i set ended_at = now()
        from devices d
        where d.id = i.device_id and i.ended_at is null and d.status = 'online'
        returning i.id, i.workspace_id`),
    );
    await queueNotices(tx, jobs, 'screens.offline', opened, emailConfigured);
    await queueNotices(tx, jobs, 'screens.online', closed, emailConfigured);
    const storage = await checkStorage(tx, jobs, quotaBytes, emailConfigured);
    const failing = await checkPlaybackFailures(tx, jobs, emailConfigured);
    return { opened: opened.length, closed: closed.length, storage, failing };
  });
  if (result.opened || result.closed || result.storage || result.failing) jobs.wake();
  return result;
}

/**
 * Paired screens offline past their minutes (the group's, else the workspace's, else 10) with no
 * open incident, that were open both now and when those minutes began by their opening hours
 * (their own, else their group's; docs/opening-hours.md): a screen that sleeps as told is not an
 * incident, and one dead overnight is told once the shop has been open for its minutes.
 */
async function openIncidents(tx: Tx): Promise<Changed> {
  const minutes = sql<number>`coalesce(${deviceGroups.offlineMinutes}, ${alertSettings.offlineMinutes}, ${DEFAULT_OFFLINE_MINUTES})`;
  const candidates = await tx
    .select({
      id: devices.id,
      workspaceId: devices.workspaceId,
      lastSeen: devices.lastSeen,
      hours: sql<OpeningHoursValue>`coalesce(${devices.openingHours}, ${deviceGroups.openingHours})`,
      minutes,
      timeZone: workspaces.timeZone,
    })
    .from(devices)
    .innerJoin(workspaces, eq(workspaces.id, devices.workspaceId))
    .leftJoin(deviceGroups, eq(deviceGroups.id, devices.groupId))
    .leftJoin(alertSettings, eq(alertSettings.workspaceId, devices.workspaceId))
    .where(
      and(
        eq(devices.status, 'offline'),
        isNotNull(devices.tokenHash),
        isNotNull(devices.lastSeen),
        lt(devices.lastSeen, sql`now() - make_interval(mins => ${minutes})`),
        notExists(
          tx
            .select({ one: sql`1` })
            .from(incidents)
            .where(and(eq(incidents.deviceId, devices.id), sql`${incidents.endedAt} is null`)),
        ),
      ),
    );
  const now = Date.now();
  const due = candidates.filter(
    (c) =>
      isOpenAt(c.hours, new Date(now), c.timeZone) && isOpenAt(c.hours, new Date(now - c.minutes * 60_000), c.timeZone),
  );
  if (due.length === 0) return [];
  const inserted = await tx
    .insert(incidents)
    .values(due.map((c) => ({ workspaceId: c.workspaceId, deviceId: c.id, startedAt: c.lastSeen! })))
    .onConflictDoNothing({ target: incidents.deviceId, where: sql`${incidents.endedAt} is null` })
    .returning({ id: incidents.id, workspace_id: incidents.workspaceId });
  return inserted;
}
type OpeningHoursValue = Parameters<typeof isOpenAt>[0];

// Both drivers answer `{ rows }`; the shared type does not say so.
const rows = (result: unknown) => (result as { rows: Changed }).rows;

/** One notice per workspace and event, however many screens (the digest). */
async function queueNotices(tx: Tx, jobs: JobQueue, event: NoticeEvent, changed: Changed, emailConfigured: boolean) {
  const byWorkspace = new Map<number, number[]>();
  for (const { id, workspace_id } of changed)
    byWorkspace.set(workspace_id, [...(byWorkspace.get(workspace_id) ?? []), id]);
  for (const [workspaceId, incidentIds] of byWorkspace)
    await queueNotice(tx, jobs, workspaceId, { event, incidentIds }, emailConfigured);
}
