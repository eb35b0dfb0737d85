import { sql } from 'drizzle-orm';
import { ERROR_CODES } from '../../../contract/errors';
import { windowZoneKey } from '../../../contract/layouts';
import { AD_PLAY_TOLERANCE_MS } from '../../../contract/ad-campaigns';
import { PLAY_FUTURE_SKEW_MS, PLAY_MESSAGES, type PlayRecord, type PlaysBatchResult } from '../../../contract/plays';
import type { DeviceIdentity } from '../../auth/device-auth';
import type { Db } from '../../db/client';
import { HttpError } from '../../http/errors';

/**
 * Stores a TV's batch of plays (docs/proof-of-play.md#plays) in one statement, so all of it or nothing: the records
 * go in bulk as one JSON parameter (no 65,535-parameter limit whatever the batch), those already
 * stored (same device and client id: a batch sent again) are skipped, and only the rows just
 * inserted are added to the daily roll-ups, on the calendar day of the device's workspace time
 * zone, per zone key. The rows carry the device's workspace, never one the body names.
 */
export async function ingestPlays(
  db: Db,
  device: DeviceIdentity,
  plays: PlayRecord[],
  now = new Date(),
): Promise<PlaysBatchResult> {
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
    ),
    inserted as (
      insert into plays (workspace_id, device_id, client_id, media_id, playlist_id, campaign_id, window_index, zone_key, started_at, duration_ms, completed)
      select ${workspaceId}, ${deviceId}, "clientId", "mediaId", "playlistId", "campaignId", "window", "zone", "startedAt", "durationMs", "completed" from input
      on conflict (device_id, client_id) do nothing
      returning id, media_id, playlist_id, campaign_id, zone_key, started_at, duration_ms, completed
    ),
    -- Counted plays of ads (docs/ads.md#counted-plays): AD_PLAY_TOLERANCE_MS either way of the creative's
    -- length (a video's own, stored in whole seconds so half a second more either way; else its item's
    -- in the ad's playlist), a published ad within its flight, with the screen's partner, price and
    -- audience now; only rows just inserted, so a batch sent twice counts once.
    counted as (
      insert into ad_plays (play_id, workspace_id, campaign_id, advertiser_id, device_id, partner_id, price_cents, audience, started_at)
      select i.id, ${workspaceId}, c.id, c.advertiser_id, ${deviceId}, d.partner_id, d.price_per_play_cents, d.audience_per_play, i.started_at
      from inserted i
      join campaigns c on c.id = i.campaign_id and c.workspace_id = ${workspaceId} and c.type = 'ad'
        and c.status = 'published'
      join devices d on d.id = ${deviceId}
      join media m on m.id = i.media_id and m.workspace_id = ${workspaceId}
      where i.completed
        and i.started_at >= c.start_date and i.started_at < c.end_date
        and exists (
          select 1 from playlist_items p
          where p.playlist_id = c.playlist_id and p.media_id = i.media_id
            and (case when m.mime_type like 'video/%' and m.duration > 0
              then abs(i.duration_ms - 1000 * m.duration) <= ${AD_PLAY_TOLERANCE_MS} + 500
              else abs(i.duration_ms - 1000 * p.duration) <= ${AD_PLAY_TOLERANCE_MS} end))
      on conflict (play_id) do nothing
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
    )
    select count(*)::int as accepted from inserted
  `)) as unknown as { rows: Array<{ accepted: number }> };
  const accepted = Number(result.rows[0]?.accepted ?? 0);
  return { accepted, duplicates: plays.length - accepted };
}

/** Rows deleted per statement: a big backlog goes in short steps, never one long lock. */
const PRUNE_CHUNK = 5000;

/**
 * Deletes raw plays that started more than `retentionDays` ago (`PLAYS_RETENTION_DAYS`); the daily
 * roll-ups, which reports read, are kept. Per workspace, so the (workspace, started_at) index
 * finds them. Returns how many went.
 */
export async function pruneOldPlays(db: Db, retentionDays: number, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - retentionDays * 24 * 60 * 60 * 1000).toISOString();
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
