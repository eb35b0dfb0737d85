import { eq } from 'drizzle-orm';
import { WEBHOOK_RETRY_HOURS } from '../../../contract/alerts';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { alertSettings, alertWebhooks } from '../../db/schema';
import { DEFAULT_BACKOFF_MS, JobError, type JobQueue } from '../../jobs/job-queue';
import type { ClaimedJob } from '../../jobs/job-store';
import { postWebhook, recordDelivery, sendEmail } from './deliveries';
import { scanIncidents } from './incident-scan';
import { ALERT_EMAIL_JOB, ALERT_WEBHOOK_JOB } from './notice-queue';
import { loadNotice, noticeEmail, type NoticePayload } from './notices';

export const ALERT_SCAN_JOB = 'alerts.scan';

/**
 * Attempts that cover `WEBHOOK_RETRY_HOURS` with the queue's backoff (1, 5, 15, 60 minutes, then
 * hourly): 27 for a day (docs/alerts.md#webhooks).
 */
export function webhookAttempts(hours = WEBHOOK_RETRY_HOURS, backoff: readonly number[] = DEFAULT_BACKOFF_MS) {
  let elapsed = 0;
  let attempts = 1;
  for (;;) {
    const next = elapsed + backoff[Math.min(attempts - 1, backoff.length - 1)]!;
    if (next > hours * 3_600_000) return attempts;
    elapsed = next;
    attempts++;
  }
}

type NoticeJob = ClaimedJob & { workspaceId: number; payload: NoticePayload };

const noticeOf = (db: Db, job: ClaimedJob, publicUrl: string | undefined) =>
  loadNotice(db, { id: job.id, workspaceId: job.workspaceId!, ...(job as NoticeJob).payload }, publicUrl);

/**
 * The alerts' jobs (docs/alerts.md): the pass over the screens every minute (one process of N runs
 * each slot), and each notice's deliveries, each retried on its own: an email that went is never
 * sent again because a webhook failed.
 */
export function registerAlertJobs(jobs: JobQueue, db: Db, config: Config['alerts'], quotaBytes: number) {
  jobs.register(ALERT_SCAN_JOB, {
    maxAttempts: 1,
    run: async () => {
      await scanIncidents(db, jobs, { emailConfigured: config.smtpUrl !== undefined, quotaBytes });
    },
  });
  jobs.register(ALERT_EMAIL_JOB, {
    maxAttempts: 5,
    run: async (job) => {
      const [settings] = await db.select().from(alertSettings).where(eq(alertSettings.workspaceId, job.workspaceId!));
      const loaded = await noticeOf(db, job, config.publicUrl);
      if (!config.smtpUrl || !settings || settings.emails.length === 0 || !loaded) return;
      const outcome = await sendEmail(config.smtpUrl, {
        from: config.from,
        to: settings.emails,
        ...noticeEmail(loaded.notice, loaded.timeZone),
      });
      await recordDelivery(db, {
        workspaceId: job.workspaceId!,
        channel: 'email',
        webhookId: null,
        target: settings.emails.join(', '),
        event: loaded.notice.event,
        attempt: job.attempt,
        ...outcome,
      });
      if (!outcome.ok) throw new JobError(outcome.detail!);
    },
  });
  jobs.register(ALERT_WEBHOOK_JOB, {
    maxAttempts: webhookAttempts(),
    concurrency: 2,
    run: async (job) => {
      const webhookId = Number(job.payload.webhookId);
      const [hook] = await db.select().from(alertWebhooks).where(eq(alertWebhooks.id, webhookId));
      const loaded = await noticeOf(db, job, config.publicUrl);
      // A webhook removed meanwhile, or screens removed: nothing to tell.
      if (!hook || !loaded) return;
      const outcome = await postWebhook(hook.url, hook.secret, loaded.notice);
      await recordDelivery(db, {
        workspaceId: hook.workspaceId,
        channel: 'webhook',
        webhookId: hook.id,
        target: hook.url,
        event: loaded.notice.event,
        attempt: job.attempt,
        ...outcome,
      });
      if (!outcome.ok) throw new JobError(outcome.detail!);
    },
  });
  jobs.every(ALERT_SCAN_JOB, config.scanIntervalMs);
}
