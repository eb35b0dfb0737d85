import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { alertSettings, alertWebhooks } from '../../db/schema';
import type { JobQueue } from '../../jobs/job-queue';
import type { NoticePayload } from './notices';

export const ALERT_EMAIL_JOB = 'alerts.email';
export const ALERT_WEBHOOK_JOB = 'alerts.webhook';

/** A notice's deliveries: one email job (when the workspace has recipients) and one job per webhook. */
export async function queueNotice(
  tx: Tx,
  jobs: JobQueue,
  workspaceId: number,
  payload: NoticePayload,
  emailConfigured: boolean,
) {
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
