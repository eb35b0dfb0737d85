import { sql } from 'drizzle-orm';
import { PLAYBACK_FAILURES_ALERTED } from '../../../contract/screen-health';
import type { Tx } from '../../db/client';
import type { JobQueue } from '../../jobs/job-queue';
import { queueNotice } from './notice-queue';

/**
 * The playback alert (docs/alerts.md#playback): a media failing 3 times or more within an hour on a
 * screen is told, at most once an hour per screen and media; one notice per workspace per pass. The
 * upsert that records the telling decides, so two passes tell it once. Errors older than a day go.
 */
export async function checkPlaybackFailures(tx: Tx, jobs: JobQueue, emailConfigured: boolean) {
  await tx.execute(sql`delete from playback_errors where at < now() - interval '1 day'`);
  const told = (await tx.execute(sql`
    with failing as (
      select device_id, media_id, max(workspace_id) as workspace_id from playback_errors
      where at > now() - interval '1 hour'
      group by device_id, media_id having count(*) >= ${PLAYBACK_FAILURES_ALERTED}
    )
    insert into media_failure_alerts (workspace_id, device_id, media_id, alerted_at)
    select workspace_id, device_id, media_id, now() from failing
    on conflict (device_id, media_id) do update set alerted_at = now()
      where media_failure_alerts.alerted_at < now() - interval '1 hour'
    returning device_id, media_id, workspace_id`)) as unknown as {
    rows: Array<{ device_id: number; media_id: number; workspace_id: number }>;
  };
  const byWorkspace = new Map<number, Array<{ deviceId: number; mediaId: number }>>();
  for (const row of told.rows)
    byWorkspace.set(row.workspace_id, [
      ...(byWorkspace.get(row.workspace_id) ?? []),
      { deviceId: row.device_id, mediaId: row.media_id },
    ]);
  for (const [workspaceId, failures] of byWorkspace)
    await queueNotice(tx, jobs, workspaceId, { event: 'media.failing', failures }, emailConfigured);
  return told.rows.length;
}
