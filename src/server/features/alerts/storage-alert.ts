import { sql } from 'drizzle-orm';
import { STORAGE_ALERT_RATIO } from '../../../contract/alerts';
import type { Tx } from '../../db/client';
import type { JobQueue } from '../../jobs/job-queue';
import { queueNotice } from './notice-queue';

/**
 * The storage alert (docs/alerts.md#storage): a workspace whose media reach 90 % of the quota is told
 * once; once under it again, the next crossing is told again. `storage_alerted_at` is set by the one
 * statement that decides, so two passes at once tell it once.
 */
export async function checkStorage(tx: Tx, jobs: JobQueue, quotaBytes: number, emailConfigured: boolean) {
  const threshold = Math.floor(quotaBytes * STORAGE_ALERT_RATIO);
  const usage = sql`select workspace_id, coalesce(sum(size), 0)::bigint as used from media group by workspace_id`;
  const crossed = (await tx.execute(sql`
    with usage as (${usage})
    insert into alert_settings (workspace_id, storage_alerted_at)
    select workspace_id, now() from usage where used >= ${threshold}
    on conflict (workspace_id) do update set storage_alerted_at = now()
      where alert_settings.storage_alerted_at is null
    returning workspace_id,
      (select used from usage where usage.workspace_id = alert_settings.workspace_id) as used`)) as unknown as {
    rows: Array<{ workspace_id: number; used: string | number }>;
  };
  await tx.execute(sql`
    update alert_settings s set storage_alerted_at = null
    where storage_alerted_at is not null
      and coalesce((select sum(size) from media where media.workspace_id = s.workspace_id), 0) < ${threshold}`);
  for (const { workspace_id: workspaceId, used } of crossed.rows)
    await queueNotice(
      tx,
      jobs,
      workspaceId,
      { event: 'storage.quota', usedBytes: Number(used), quotaBytes },
      emailConfigured,
    );
  return crossed.rows.length;
}
