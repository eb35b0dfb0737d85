import { sql } from 'drizzle-orm';
import { DEFAULT_OFFLINE_MINUTES } from '../../../contract/alerts';
import type { Db, Tx } from '../../db/client';
import { alertSettings, alertWebhooks } from '../../db/schema';
import type { JobQueue } from '../../jobs/job-queue';
import type { NoticeEvent } from './notices';

export const ALERT_EMAIL_JOB = 'alerts.email';
export const ALERT_WEBHOOK_JOB = 'alerts.webhook';

type Changed = Array<{ id: number; workspace_id: number }>;

/**
 * One pass over the screens (docs/alerts.md#incidents): opens an incident for each paired screen
 * offline (by its last contact) for its workspace's minutes, closes those whose screen is back,
 * and queues the notices in the same transaction: one per workspace and event, however many
 * screens (the digest). The open incident's unique index makes an opening happen once: of two
 * passes at once (two processes), the second inserts nothing and so notifies nothing; a closing is
 * one `UPDATE … WHERE ended_at IS NULL`, which the second pass finds done.
 */
export async function scanIncidents(db: Db, jobs: JobQueue, emailConfigured: boolean) {
  const result = await db.transaction(async (tx) => {
    const opened = rows(
      await tx.execute(sql`
        insert into incidents (workspace_id, device_id, started_at)
        select d.workspace_id, d.id, d.last_seen
        from devices d left join alert_settings s on s.workspace_id = d.workspace_id
        where d.status = 'offline' and d.token_hash is not null and d.last_seen is not null
          and d.last_seen < now() - make_interval(mins => coalesce(s.offline_minutes, ${DEFAULT_OFFLINE_MINUTES}))
        on conflict (device_id) where ended_at is null do nothing
        returning id, workspace_id`),
    );
    const closed = rows(
      await tx.execute(sql`
        update incidents i set ended_at = now()
        from devices d
        where d.id = i.device_id and i.ended_at is null and d.status = 'online'
        returning i.id, i.workspace_id`),
    );
    await queueNotices(tx, jobs, 'screens.offline', opened, emailConfigured);
    await queueNotices(tx, jobs, 'screens.online', closed, emailConfigured);
    return { opened: opened.length, closed: closed.length };
  });
  if (result.opened || result.closed) jobs.wake();
  return result;
}

// Both drivers answer `{ rows }`; the shared type does not say so.
const rows = (result: unknown) => (result as { rows: Changed }).rows;

/** One email job per workspace (when it has recipients) and one job per webhook, for each event. */
async function queueNotices(tx: Tx, jobs: JobQueue, event: NoticeEvent, changed: Changed, emailConfigured: boolean) {
  const byWorkspace = new Map<number, number[]>();
  for (const { id, workspace_id } of changed)
    byWorkspace.set(workspace_id, [...(byWorkspace.get(workspace_id) ?? []), id]);
  for (const [workspaceId, incidentIds] of byWorkspace) {
    const payload = { event, incidentIds };
    const [settings] = await tx
      .select({ emails: alertSettings.emails })
      .from(alertSettings)
      .where(sql`${alertSettings.workspaceId} = ${workspaceId}`);
    if (emailConfigured && settings && settings.emails.length > 0)
      await jobs.enqueue(ALERT_EMAIL_JOB, payload, { tx, workspaceId });
    const hooks = await tx
      .select({ id: alertWebhooks.id })
      .from(alertWebhooks)
      .where(sql`${alertWebhooks.workspaceId} = ${workspaceId}`);
    for (const hook of hooks)
      await jobs.enqueue(ALERT_WEBHOOK_JOB, { ...payload, webhookId: hook.id }, { tx, workspaceId });
  }
}
