import { sql } from 'drizzle-orm';
import { ERROR_CODES } from '../../../contract/errors';
import { windowZoneKey } from '../../../contract/layouts';
import { AD_PLAY_TOLERANCE_MS } from '../../../contract/ad-campaigns';
import { PLAY_FUTURE_SKEW_MS, PLAY_MESSAGES, type PlayRecord, type PlaysBatchResult } from '../../../contract/plays';
import type { DeviceIdentity } from '../../auth/device-auth';
import type { Db } from '../../db/client';
import { HttpError } from '../../http/errors';
import type { JobQueue } from '../../jobs/job-queue';
import { AD_PACING_JOB } from '../ads/ad-pacing';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Where raw plays end: those that started before it are pruned (`pruneOldPlays`), and not taken. */
const retentionCutoff = (now: Date, retentionDays: number) => new Date(now.getTime() - retentionDays * DAY_MS);

/**
 * Stores a TV's batch of plays (docs/proof-of-play.md#plays) in one statement, so all of it or nothing: the records
 * go in bulk as one JSON parameter (no 65,535-parameter limit whatever the batch), those already
 * stored (same device and client id: a batch sent again) are skipped, and only the rows just
 * inserted are added to the daily roll-ups, on the calendar day of the device's workspace time
 * zone, per zone key. The rows carry the device's workspace, never one the body names. A record
 * that started before the retention window is skipped too: its raw row, if it was ever stored, is
 * pruned, so a batch sent again would otherwise be counted twice.
 */
export async function ingestPlays(
  db: Db,
  device: DeviceIdentity,
  plays: PlayRecord[],
  { retentionDays, now = new Date() }: { retentionDays: number; now?: Date },
): Promise<PlaysBatchResult & { reachedAds: number[] }> {
  const latest = now.getTime() + PLAY_FUTURE_SKEW_MS;
  if (plays.some((p) => Date.parse(p.startedAt) > latest))
    throw new HttpError(400, PLAY_MESSAGES.startsInFuture, ERROR_CODES.validation);
  const { workspaceId, deviceId } = device;
  // A player before zones names none: its windows 1 and 2 are Tela Única / Tela Dupla's zones (docs/proof-of-play.md#plays).
  const rows = plays.map((p) => ({ ...p, zone: p.zone ?? windowZoneKey(p.window) }));
  const result = (await db.execute(sql`
    with input as (
      select * from json_to_recordset(${JSON.stringify(rows)}::json) as r(
        "clientId" text, "mediaId" int, "playlistId" int, "campaignId" int, "window" int, "zone" text,
        "startedAt" timestamptz, "durationMs" int, "completed" boolean)
      where "startedAt" >= ${retentionCutoff(now, retentionDays).toISOString()}::timestamptz
    ),
    inserted as (
      insert into plays (workspace_id, device_id, client_id, media_id, playlist_id, campaign_id, window_index, zone_key, started_at, duration_ms, completed)
      select ${workspaceId}, ${deviceId}, "clientId", "mediaId", "playlistId", "campaignId", "window", "zone", "startedAt", "durationMs", "completed" from input
      on conflict (device_id, client_id) do nothing
      returning id, media_id, playlist_id, campaign_id, zone_key, started_at, duration_ms, completed
    ),
    -- Counted plays of ads (docs/ads.md#counted-plays): AD_PLAY_TOLERANCE_MS either way of the creative's
    -- length (a video's own, stored in whole seconds so half a second more either way; else its item's
    -- in the ad's playlist), a published ad aimed at this screen, within its flight, with the screen's
    -- partner, price and audience in force when the play started (device_prices, docs/ads.md#price-history;
    -- the device's own when it has no row); only rows just inserted, so a batch sent twice counts once.
    counted as (
      insert into ad_plays (play_id, workspace_id, campaign_id, advertiser_id, device_id, partner_id, price_cents, audience, started_at)
      select i.id, ${workspaceId}, c.id, c.advertiser_id, ${deviceId},
        -- A partner removed since is no one's any more: the play is the screen's alone.
        case when dp.found then (select x.id from partners x where x.id = dp.partner_id) else d.partner_id end,
        case when dp.found then dp.price_per_play_cents else d.price_per_play_cents end,
        case when dp.found then dp.audience_per_play else d.audience_per_play end,
        i.started_at
      from inserted i
      join campaigns c on c.id = i.campaign_id and c.workspace_id = ${workspaceId} and c.type = 'ad'
        and c.status = 'published'
      join devices d on d.id = ${deviceId}
      join media m on m.id = i.media_id and m.workspace_id = ${workspaceId}
      left join lateral (
        select true as found, p.partner_id, p.price_per_play_cents, p.audience_per_play from device_prices p
        where p.device_id = ${deviceId} and p.valid_from <= i.started_at
        order by p.valid_from desc, p.id desc limit 1
      ) dp on true
      where i.completed
        and i.started_at >= c.start_date and i.started_at < c.end_date
        and (c.all_devices or d.id = any(c.device_ids) or d.group_id = any(c.group_ids))
        and exists (
          select 1 from playlist_items p
          where p.playlist_id = c.playlist_id and p.media_id = i.media_id
            and (case when m.mime_type like 'video/%' and m.duration > 0
              then abs(i.duration_ms - 1000 * m.duration) <= ${AD_PLAY_TOLERANCE_MS} + 500
              else abs(i.duration_ms - 1000 * p.duration) <= ${AD_PLAY_TOLERANCE_MS} end))
      on conflict (play_id) do nothing
      returning campaign_id, advertiser_id, partner_id, price_cents, audience, started_at
    ),
    -- Each ad's running count; the ads whose flight goal this batch reached are answered, so their
    -- pacing ends them now rather than at the hour (docs/ads.md#pacing).
    ad_counts as (
      insert into ad_campaign_counts (campaign_id, workspace_id, counted)
      select campaign_id, ${workspaceId}, count(*) from counted group by 1 order by 1
      on conflict (campaign_id) do update set counted = ad_campaign_counts.counted + excluded.counted
      returning campaign_id, counted
    ),
    tz as (select time_zone from workspaces where id = ${workspaceId}),
    rolled as (
      insert into play_days (workspace_id, day, device_id, media_id, playlist_id, campaign_id, zone_key, plays, duration_ms, completed)
      select ${workspaceId}, (i.started_at at time zone z.time_zone)::date as day, ${deviceId}, i.media_id,
        coalesce(i.playlist_id, 0) as playlist_id, coalesce(i.campaign_id, 0) as campaign_id, i.zone_key,
        count(*), sum(i.duration_ms), count(*) filter (where i.completed)
      from inserted i cross join tz z
      group by 2, 4, 5, 6, 7
      -- One order for the keys: two batches of one device running together cannot deadlock.
      order by 2, 4, 5, 6, 7
      on conflict (workspace_id, day, device_id, media_id, playlist_id, campaign_id, zone_key) do update set
        plays = play_days.plays + excluded.plays,
        duration_ms = play_days.duration_ms + excluded.duration_ms,
        completed = play_days.completed + excluded.completed
    ),
    ad_rolled as (
      insert into ad_play_days (workspace_id, day, device_id, campaign_id, advertiser_id, partner_id, plays, amount_cents, audience)
      select ${workspaceId}, (a.started_at at time zone z.time_zone)::date as day, ${deviceId}, a.campaign_id,
        a.advertiser_id, coalesce(a.partner_id, 0) as partner_id, count(*), coalesce(sum(a.price_cents), 0),
        coalesce(sum(a.audience), 0)
      from counted a cross join tz z
      group by 2, 4, 5, 6
      order by 2, 4, 5, 6
      on conflict (workspace_id, day, device_id, campaign_id, advertiser_id, partner_id) do update set
        plays = ad_play_days.plays + excluded.plays,
        amount_cents = ad_play_days.amount_cents + excluded.amount_cents,
        audience = ad_play_days.audience + excluded.audience
    )
    select (select count(*)::int from inserted) as accepted,
      (select coalesce(json_agg(k.campaign_id), '[]'::json) from ad_counts k join campaigns c on c.id = k.campaign_id
        where c.goal_kind = 'flight' and k.counted >= c.goal_plays and c.end_date > now()) as reached
  `)) as unknown as { rows: Array<{ accepted: number; reached: number[] | string }> };
  const row = result.rows[0];
  const accepted = Number(row?.accepted ?? 0);
  // PGlite hands json back parsed, node-postgres too; a string is parsed for safety.
  const reached = typeof row?.reached === 'string' ? (JSON.parse(row.reached) as number[]) : (row?.reached ?? []);
  return { accepted, duplicates: plays.length - accepted, reachedAds: reached };
}

/**
 * `POST /api/tv/plays`: the batch stored, and an ad whose flight goal it reached paced at once by
 * the job queue (`ads.pace` ends it, docs/ads.md#pacing), not at the next hour.
 */
export async function recordPlays(
  deps: { db: Db; jobs: JobQueue; retentionDays: number },
  device: DeviceIdentity,
  plays: PlayRecord[],
): Promise<PlaysBatchResult> {
  const { accepted, duplicates, reachedAds } = await ingestPlays(deps.db, device, plays, deps);
  // One job a second at most; never one key for all: a run already going may have read the counts
  // before this batch, and a key it still holds would drop this one (the singleton holds while running).
  if (reachedAds.length > 0)
    await deps.jobs.enqueue(AD_PACING_JOB, {}, { singletonKey: `goal-reached@${Math.floor(Date.now() / 1000)}` });
  return { accepted, duplicates };
}

/** Rows deleted per statement: a big backlog goes in short steps, never one long lock. */
const PRUNE_CHUNK = 5000;

/**
 * Deletes raw plays that started more than `retentionDays` ago (`PLAYS_RETENTION_DAYS`); the daily
 * roll-ups, which reports read, are kept. Per workspace, so the (workspace, started_at) index
 * finds them. Returns how many went.
 */
export async function pruneOldPlays(db: Db, retentionDays: number, now = new Date()): Promise<number> {
  const cutoff = retentionCutoff(now, retentionDays).toISOString();
  const spaces = (await db.execute(sql`select id from workspaces`)) as unknown as { rows: Array<{ id: number }> };
  let deleted = 0;
  for (const { id } of spaces.rows) {
    for (;;) {
      const step = (await db.execute(sql`
        with gone as (
          delete from plays where id in (
            select id from plays where workspace_id = ${id} and started_at < ${cutoff}::timestamptz limit ${PRUNE_CHUNK})
          returning 1)
        select count(*)::int as n from gone
      `)) as unknown as { rows: Array<{ n: number }> };
      const n = Number(step.rows[0]?.n ?? 0);
      deleted += n;
      if (n < PRUNE_CHUNK) break;
    }
  }
  return deleted;
}
