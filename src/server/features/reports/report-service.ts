import { eq, sql, type SQL } from 'drizzle-orm';
import type { Report, ReportQuery } from '../../../contract/reports';
import { DEFAULT_TIME_ZONE } from '../../../contract/schedule';
import type { SessionUser } from '../../auth/session-user';
import type { Db } from '../../db/client';
import { anyOf } from '../../db/any-of';
import { campaigns, devices, media, playlists, workspaces } from '../../db/schema';

/**
 * `GET /api/reports` (DESIGN §9, §11): read from the daily roll-ups only (`play_days`), never the
 * raw plays. Three statements aggregate the tables of the page side by side (GROUPING SETS over the
 * period's rows), then one names the ids found; all bounded by the caller's workspace, so a
 * filter naming another workspace's id simply matches nothing.
 */

type Dimension = 'device' | 'media' | 'playlist' | 'campaign';
const DIMENSIONS: readonly Dimension[] = ['device', 'media', 'playlist', 'campaign'];

interface AggregateRow {
  set: string;
  day: string | null;
  device_id: number | null;
  media_id: number | null;
  playlist_id: number | null;
  campaign_id: number | null;
  plays: number | string;
  duration_ms: number | string;
  screens: number | string;
}

// Both drivers answer `execute` with `{ rows }`.
const rowsOf = async <T>(query: Promise<unknown>) => ((await query) as { rows: T[] }).rows;

function filtersOf(actor: SessionUser, query: ReportQuery): SQL {
  const parts: SQL[] = [sql`pd.workspace_id = ${actor.workspaceId}`, sql`pd.day between ${query.from}::date and ${query.to}::date`];
  if (query.deviceId) parts.push(sql`pd.device_id = ${query.deviceId}`);
  // The group's devices now (a device that moved counts where it is).
  if (query.groupId) parts.push(sql`pd.device_id in (select id from devices where workspace_id = ${actor.workspaceId} and group_id = ${query.groupId})`);
  if (query.mediaId) parts.push(sql`pd.media_id = ${query.mediaId}`);
  if (query.playlistId) parts.push(sql`pd.playlist_id = ${query.playlistId}`);
  if (query.campaignId) parts.push(sql`pd.campaign_id = ${query.campaignId}`);
  return sql.join(parts, sql` and `);
}

/** The tables of the page, and the column each groups by (`total`: the whole period). */
const SETS = { total: null, day: 'day', device: 'device_id', media: 'media_id', playlist: 'playlist_id', campaign: 'campaign_id' } as const;
type SetName = keyof typeof SETS;
/**
 * The statements the tables are split into, run side by side on the pool's connections. Counting
 * the screens (`count(distinct device_id)`) sorts the period's rows once per table; one statement
 * for all six spent ~700 ms on two cores for 1,000 TVs × 30 days, three at once ~350 ms
 * (docs/benchmarks.md). The day and the device follow the primary key's order and cost little.
 */
const STATEMENTS: SetName[][] = [['total', 'day', 'device'], ['media', 'playlist'], ['campaign']];

/** One statement: its tables by GROUPING SETS, `set` naming each row's table (the others' keys null). */
function aggregateSql(sets: SetName[], where: SQL): SQL {
  const columns = sets.flatMap((set) => (SETS[set] ? [SETS[set]] : []));
  const all = (1 << columns.length) - 1;
  // grouping() has a bit per column, the first one highest, set when the row is not grouped by it.
  const label = sets.map((set) => {
    const index = columns.indexOf(SETS[set] as (typeof columns)[number]);
    return `when ${index < 0 ? all : all - (1 << (columns.length - 1 - index))} then '${set}'`;
  });
  const column = (name: string) => (columns.includes(name as (typeof columns)[number]) ? `pd.${name}` : 'null');
  const grouping = columns.map((c) => `pd.${c}`).join(', ');
  return sql`
    select ${sql.raw(columns.length ? `case grouping(${grouping}) ${label.join(' ')} end` : `'total'`)} as "set",
           ${sql.raw(column('day'))}::text as day, ${sql.raw(column('device_id'))}::int as device_id, ${sql.raw(column('media_id'))}::int as media_id,
           ${sql.raw(column('playlist_id'))}::int as playlist_id, ${sql.raw(column('campaign_id'))}::int as campaign_id,
           sum(pd.plays)::bigint as plays, sum(pd.duration_ms)::bigint as duration_ms, count(distinct pd.device_id) as screens
    from play_days pd
    where ${where}
    group by grouping sets (${sql.raw(sets.map((set) => (SETS[set] ? `(pd.${SETS[set]})` : '()')).join(', '))})`;
}

async function aggregate(db: Db, actor: SessionUser, query: ReportQuery): Promise<AggregateRow[]> {
  const where = filtersOf(actor, query);
  const parts = await Promise.all(STATEMENTS.map((sets) => rowsOf<AggregateRow>(db.execute(aggregateSql(sets, where)))));
  return parts.flat();
}

/** The names of the ids found, from the workspace's rows only; a removed thing has none. */
async function namesOf(db: Db, actor: SessionUser, ids: Record<Dimension, number[]>): Promise<Map<string, string>> {
  const ws = actor.workspaceId;
  const rows = await rowsOf<{ kind: Dimension; id: number; name: string }>(
    db.execute(sql`
      select 'device' as kind, id, name from ${devices} where workspace_id = ${ws} and ${anyOf(devices.id, ids.device)}
      union all select 'media', id, original_name from ${media} where workspace_id = ${ws} and ${anyOf(media.id, ids.media)}
      union all select 'playlist', id, name from ${playlists} where workspace_id = ${ws} and ${anyOf(playlists.id, ids.playlist)}
      union all select 'campaign', id, name from ${campaigns} where workspace_id = ${ws} and ${anyOf(campaigns.id, ids.campaign)}`),
  );
  return new Map(rows.map((r) => [`${r.kind}:${r.id}`, r.name]));
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
  const [workspace] = await db.select({ timeZone: workspaces.timeZone }).from(workspaces).where(eq(workspaces.id, actor.workspaceId));
  const rows = await aggregate(db, actor, query);
  const figures = (r: AggregateRow) => ({ plays: Number(r.plays), durationMs: Number(r.duration_ms), screens: Number(r.screens) });
  const keyOf = (r: AggregateRow, d: Dimension) => r[`${d}_id`];
  const bySet = (set: string) => rows.filter((r) => r.set === set);

  const ids = Object.fromEntries(
    DIMENSIONS.map((d) => [d, bySet(d).map((r) => keyOf(r, d)).filter((id): id is number => id !== null && id !== 0)]),
  ) as Record<Dimension, number[]>;
  const names = await namesOf(db, actor, ids);
  // Most played first; ties by time on screen, then id, so the order is stable.
  const table = (d: Dimension) =>
    bySet(d)
      .map((r) => {
        const key = keyOf(r, d);
        // 0 in the roll-up's key: no playlist / no campaign.
        const id = key === null || key === 0 ? null : Number(key);
        return { id, name: id === null ? null : (names.get(`${d}:${id}`) ?? null), ...figures(r) };
      })
      .sort((a, b) => b.plays - a.plays || b.durationMs - a.durationMs || (a.id ?? 0) - (b.id ?? 0));

  const perDay = new Map(bySet('day').map((r) => [r.day!, figures(r)]));
  const total = bySet('total')[0];
  return {
    from: query.from,
    to: query.to,
    timeZone: workspace?.timeZone ?? DEFAULT_TIME_ZONE,
    totals: total ? figures(total) : { plays: 0, durationMs: 0, screens: 0 },
    byDay: daysOf(query.from, query.to).map((day) => ({ day, ...(perDay.get(day) ?? { plays: 0, durationMs: 0, screens: 0 }) })),
    byDevice: table('device'),
    byMedia: table('media'),
    byPlaylist: table('playlist'),
    byCampaign: table('campaign'),
  };
}
