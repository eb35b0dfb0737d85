import { count, sql, sum } from 'drizzle-orm';
import type { Stats } from '../../../contract/devices';
import type { SessionUser } from '../../auth/session-user';
import { visibleTo } from '../../auth/tenancy';
import type { Db } from '../../db/client';
import { devices, media, playlists } from '../../db/schema';

/** Three aggregate queries, whatever the data size, over the caller's workspace (whose quota it reports). */
export async function getStats(db: Db, actor: SessionUser, quotaBytes: number): Promise<Stats> {
  const [deviceTotals] = await db
    .select({
      total: count(),
      online: sql<number>`count(*) filter (where ${devices.status} = 'online')`.mapWith(Number),
    })
    .from(devices)
    .where(visibleTo(devices.workspaceId, actor));
  const [mediaTotals] = await db
    .select({ count: count(), usedBytes: sum(media.size).mapWith(Number) })
    .from(media)
    .where(visibleTo(media.workspaceId, actor));
  const [playlistTotals] = await db
    .select({ count: count() })
    .from(playlists)
    .where(visibleTo(playlists.workspaceId, actor));
  const total = deviceTotals?.total ?? 0;
  const online = deviceTotals?.online ?? 0;
  return {
    devices: { total, online, offline: total - online },
    media: { count: mediaTotals?.count ?? 0, usedBytes: mediaTotals?.usedBytes ?? 0, quotaBytes },
    playlists: { count: playlistTotals?.count ?? 0 },
  };
}
