import { eq, sql, type SQL } from 'drizzle-orm';
import type { StoredMimeType } from '../../../contract/media';
import type { Report, ReportQuery } from '../../../contract/reports';
import { DEFAULT_TIME_ZONE } from '../../../contract/schedule';
import type { SessionUser } from '../../auth/session-user';
import type { Db } from '../../db/client';
import { anyOf } from '../../db/any-of';
import { campaigns, devices, media, playlists, workspaces } from '../../db/schema';
import { zoneNames } from './zone-names';
import { availabilityOf } from './availability';

/**
 * `GET /api/reports` (docs/benchmarks.md#targets and docs/proof-of-play.md#reports): read from the daily roll-ups only
 * (`play_days`), never the raw plays. Two statements aggregate the tables of the page side by side, then one names the
 * ids found; all bounded by the caller's workspace, so a filter naming another workspace's id simply
 * matches nothing.
 */

/** The dimensions whose rows are ids of the workspace's things; zones have keys (`zone-names.ts`). */
type Dimension = 'device' | 'media' | 'playlist' | 'campaign';
const DIMENSIONS: readonly Dimension[] = ['device', 'media', 'playlist', 'campaign'];

interface AggregateRow {
  set: string;
  day: string | null;
  device_id: number | null;
  media_id: number | null;
  playlist_id: number | null;
  campaign_id: number | null;
  zone_key: string | null;
  plays: number | string;
  duration_ms: number | string;
  screens: number | string;
}

// Both drivers answer `execute` with `{ rows }`.
const rowsOf = async <T>(query: Promise<unknown>) => ((await query) as { rows: T[] }).rows;

function filtersOf(actor: SessionUser, query: ReportQuery): SQL {
  const parts: SQL[] = [
    sql`pd.workspace_id = ${actor.workspaceId}`,
    sql`pd.day between ${query.from}::date and ${query.to}::date`,
  ];
  if (query.deviceId) parts.push(sql`pd.device_id = ${query.deviceId}`);
  // The group's devices now (a device that moved counts where it is).
  if (query.groupId)
    parts.push(
      sql`pd.device_id in (select id from devices where workspace_id = ${actor.workspaceId} and group_id = ${query.groupId})`,
    );
  if (query.mediaId) parts.push(sql`pd.media_id = ${query.mediaId}`);
  if (query.playlistId) parts.push(sql`pd.playlist_id = ${query.playlistId}`);
  if (query.campaignId) parts.push(sql`pd.campaign_id = ${query.campaignId}`);
  return sql.join(parts, sql` and `);
}

/**
 * The report's figures in two statements, run side by side on the pool's connections. Each first
 * sums the period's rows per screen and key (a hash aggregate, no sort), so counting the screens is
 * a count of a few thousand rows instead of a sort of the period's rows per table: one statement
 * of GROUPING SETS with `count(distinct device_id)` over the rows was several times slower for
 * 1,000 TVs × 30 days (docs/benchmarks.md).
 *
 * - per screen and (media, playlist, campaign, zone), then the whole period and the tables by GROUPING
 *   SETS, `grouping()` naming each row's table (a bit per column, the first one highest, set when
 *   the row is not grouped by it); the device table counts 1 screen per row, kept for one shape;
 * - per screen and day, then per day (each of its rows is one screen).
 */
function aggregateSql(where: SQL): SQL[] {
  return [
    sql`
      with per_screen as (
        select pd.device_id, pd.media_id, pd.playlist_id, pd.campaign_id, pd.zone_key, sum(pd.plays) as plays, sum(pd.duration_ms) as duration_ms
        from play_days pd where ${where}
        group by pd.device_id, pd.media_id, pd.playlist_id, pd.campaign_id, pd.zone_key)
      select case grouping(device_id, media_id, playlist_id, campaign_id, zone_key)
               when 31 then 'total' when 15 then 'device' when 23 then 'media' when 27 then 'playlist' when 29 then 'campaign'
               when 30 then 'zone' end as "set",
             null as day, device_id, media_id, playlist_id, campaign_id, zone_key,
             sum(plays)::bigint as plays, sum(duration_ms)::bigint as duration_ms, count(distinct device_id) as screens
      from per_screen
      group by grouping sets ((), (device_id), (media_id), (playlist_id), (campaign_id), (zone_key))`,
    sql`
      select 'day' as "set", day::text as day, null::int as device_id, null::int as media_id, null::int as playlist_id, null::int as campaign_id, null::text as zone_key,
             sum(plays)::bigint as plays, sum(duration_ms)::bigint as duration_ms, count(*) as screens
      from (select pd.day, sum(pd.plays) as plays, sum(pd.duration_ms) as duration_ms from play_days pd where ${where} group by pd.day, pd.device_id) as per_screen
      group by day`,
  ];
}

async function aggregate(db: Db, actor: SessionUser, query: ReportQuery): Promise<AggregateRow[]> {
  const parts = await Promise.all(
    aggregateSql(filtersOf(actor, query)).map((statement) => rowsOf<AggregateRow>(db.execute(statement))),
  );
  return parts.flat();
}

/** The names of the ids found, from the workspace's rows only; a removed thing has none. */
async function namesOf(
  db: Db,
  actor: SessionUser,
  ids: Record<Dimension, number[]>,
): Promise<Map<string, { name: string; mimeType: string | null }>> {
  const ws = actor.workspaceId;
  const rows = await rowsOf<{ kind: Dimension; id: number; name: string; mime_type: string | null }>(
    db.execute(sql`
      select 'device' as kind, id, name, null as mime_type from ${devices} where workspace_id = ${ws} and ${anyOf(devices.id, ids.device)}
      union all select 'media', id, original_name, mime_type from ${media} where workspace_id = ${ws} and ${anyOf(media.id, ids.media)}
      union all select 'playlist', id, name, null from ${playlists} where workspace_id = ${ws} and ${anyOf(playlists.id, ids.playlist)}
      union all select 'campaign', id, name, null from ${campaigns} where workspace_id = ${ws} and ${anyOf(campaigns.id, ids.campaign)}`),
  );
  return new Map(rows.map((r) => [`${r.kind}:${r.id}`, { name: r.name, mimeType: r.mime_type }]));
}

/** Every calendar day from `from` to `to`, both included. */
export function daysOf(from: string, to: string): string[] {
  const days: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`), end = Date.parse(`${to}T00:00:00Z`); t <= end; t += 86_400_000) {
    days.push(new Date(t).toISOString().slice(0, 10));
  }
  return days;
}

export async function getReport(db: Db, actor: SessionUser, query: ReportQuery): Promise<Report> {
  const [workspace] = await db
    .select({ timeZone: workspaces.timeZone })
    .from(workspaces)
    .where(eq(workspaces.id, actor.workspaceId));
  const rows = await aggregate(db, actor, query);
  const figures = (r: AggregateRow) => ({
    plays: Number(r.plays),
    durationMs: Number(r.duration_ms),
    screens: Number(r.screens),
  });
  const keyOf = (r: AggregateRow, d: Dimension) => r[`${d}_id`];
  const bySet = (set: string) => rows.filter((r) => r.set === set);

  const ids = Object.fromEntries(
    DIMENSIONS.map((d) => [
      d,
      bySet(d)
        .map((r) => keyOf(r, d))
        .filter((id): id is number => id !== null && id !== 0),
    ]),
  ) as Record<Dimension, number[]>;
  const zoneKeys = bySet('zone').map((r) => r.zone_key ?? '');
  const timeZone = workspace?.timeZone ?? DEFAULT_TIME_ZONE;
  const [names, zones, availability] = await Promise.all([
    namesOf(db, actor, ids),
    zoneNames(db, actor, zoneKeys),
    availabilityOf(db, actor, query, timeZone),
  ]);
  // Most played first; ties by time on screen, then id, so the order is stable.
  const table = (d: Dimension) =>
    bySet(d)
      .map((r) => {
        const key = keyOf(r, d);
        // 0 in the roll-up's key: no playlist / no campaign.
        const id = key === null || key === 0 ? null : Number(key);
        return { id, name: id === null ? null : (names.get(`${d}:${id}`)?.name ?? null), ...figures(r) };
      })
      .sort((a, b) => b.plays - a.plays || b.durationMs - a.durationMs || (a.id ?? 0) - (b.id ?? 0));
  // Zones: a key instead of an id ('' the roll-ups from before zones); ties by key.
  const byZone = bySet('zone')
    .map((r) => {
      const key = r.zone_key ?? '';
      return { id: null, key, name: zones.get(key) ?? key, ...figures(r) };
    })
    .sort((a, b) => b.plays - a.plays || b.durationMs - a.durationMs || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));

  const perDay = new Map(bySet('day').map((r) => [r.day!, figures(r)]));
  const total = bySet('total')[0];
  return {
    from: query.from,
    to: query.to,
    timeZone,
    totals: total ? figures(total) : { plays: 0, durationMs: 0, screens: 0 },
    byDay: daysOf(query.from, query.to).map((day) => ({
      day,
      ...(perDay.get(day) ?? { plays: 0, durationMs: 0, screens: 0 }),
    })),
    byDevice: table('device'),
    byMedia: table('media').map((row) => ({
      ...row,
      mimeType: (names.get(`media:${row.id}`)?.mimeType ?? null) as StoredMimeType | null,
    })),
    byPlaylist: table('playlist'),
    byCampaign: table('campaign'),
    byZone,
    availability,
  };
}
