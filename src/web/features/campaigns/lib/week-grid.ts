import type { Campaign } from '@contract/campaigns';
import { instantOf, localTime, minutesOf, screenPlayAt, type ScreenPlay } from '@contract/schedule';

/** A zone of the screen's layout, as the week view names it (docs/layouts.md#devices). */
export type WeekZone = { key: string; name: string };

/**
 * What the week view is about: one screen (its campaigns and its own playlists, one per window or,
 * with a zone layout, one per zone of `zones`) or one group.
 */
export type WeekTarget =
  | {
      kind: 'device';
      deviceId: number;
      groupId: number | null;
      assigned: ReadonlyArray<number | null>;
      zones?: readonly WeekZone[];
    }
  | { kind: 'group'; groupId: number };

/**
 * The campaigns aimed at the target: by device id, by its group, or at every screen. For a group,
 * those aimed at the group or at every screen (a campaign aimed at one of its devices is that
 * device's, seen by picking it).
 */
export function campaignsFor<C extends Pick<Campaign, 'allDevices' | 'deviceIds' | 'groupIds'>>(
  campaigns: readonly C[],
  target: WeekTarget,
): C[] {
  return campaigns.filter((c) => {
    if (c.allDevices) return true;
    if (target.kind === 'group') return c.groupIds.includes(target.groupId);
    return c.deviceIds.includes(target.deviceId) || (target.groupId !== null && c.groupIds.includes(target.groupId));
  });
}

/** What one zone of a zone layout plays. */
export type ZonePlay =
  { kind: 'campaign'; campaignId: number } | { kind: 'playlist'; playlistId: number } | { kind: 'none' };

/**
 * What plays, reduced to what the grid shows: one campaign, the screen's own playlists, or nothing
 * (Tela Única / Tela Dupla and groups, as before zones); on a zone layout's screen, what each zone
 * plays, or one campaign for an emergency, which takes the whole screen (docs/layouts.md#campaigns).
 */
export type Play =
  | { kind: 'campaign'; campaignId: number }
  | { kind: 'playlists'; playlistIds: Array<number | null> }
  | { kind: 'none' }
  | { kind: 'zones'; zones: ZonePlay[] };

/** One part of an hour: what plays from `minute` (0–59) until the next segment or the hour's end. */
export type Segment = { minute: number; play: Play };
export type WeekCell = { hour: number; segments: Segment[] };
export type WeekDay = { year: number; month: number; day: number; weekday: number; cells: WeekCell[] };

function reduce(play: ScreenPlay<Campaign>): Play {
  const first = play.windows[0];
  if (first?.source === 'campaign') return { kind: 'campaign', campaignId: first.campaign.id };
  const playlistIds = play.windows.map((w) => (w.source === 'playlist' ? w.playlistId : null));
  return playlistIds.some((id) => id !== null) ? { kind: 'playlists', playlistIds } : { kind: 'none' };
}

function reduceZones(play: ScreenPlay<Campaign>): Play {
  const first = play.windows[0];
  if (play.fullScreen && first?.source === 'campaign') return { kind: 'campaign', campaignId: first.campaign.id };
  return {
    kind: 'zones',
    zones: play.windows.map((w): ZonePlay =>
      w.source === 'campaign'
        ? { kind: 'campaign', campaignId: w.campaign.id }
        : w.source === 'playlist'
          ? { kind: 'playlist', playlistId: w.playlistId }
          : { kind: 'none' },
    ),
  };
}

export const zonePlayKey = (play: ZonePlay) =>
  play.kind === 'campaign' ? `c${play.campaignId}` : play.kind === 'playlist' ? `p${play.playlistId}` : 'none';

export const playKey = (play: Play): string =>
  play.kind === 'campaign'
    ? `c${play.campaignId}`
    : play.kind === 'playlists'
      ? `p${play.playlistIds.join(',')}`
      : play.kind === 'zones'
        ? `z${play.zones.map(zonePlayKey).join('|')}`
        : 'none';

/** The local dates of the week (Sunday to Saturday, as WEEKDAY_SHORT_LABELS) holding `now`. */
export function weekDates(
  now: Date,
  timeZone: string,
): Array<{ year: number; month: number; day: number; weekday: number }> {
  const today = localTime(now, timeZone);
  return Array.from({ length: 7 }, (_, i) => {
    const date = new Date(Date.UTC(today.year, today.month - 1, today.day - today.weekday + i));
    return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate(), weekday: i };
  });
}

/**
 * The minutes inside this hour (1–59) where the decision may change: the campaigns' daily window
 * edges and their start and end dates. Everything else holds for the whole hour, so these are all
 * the instants the grid needs to ask about.
 */
function edgesWithin(campaigns: readonly Campaign[], hourStart: number, hour: number): number[] {
  const edges = new Set<number>();
  for (const c of campaigns) {
    for (const time of [c.schedule.startTime, c.schedule.endTime]) {
      const m = minutesOf(time);
      if (m !== null && Math.floor(m / 60) === hour && m % 60 !== 0) edges.add(m % 60);
    }
    for (const iso of [c.startDate, c.endDate]) {
      if (iso === null) continue;
      const offset = Math.ceil((Date.parse(iso) - hourStart) / 60_000);
      if (offset > 0 && offset < 60) edges.add(offset);
    }
  }
  return [...edges].sort((a, b) => a - b);
}

/**
 * The week view's 7 × 24 grid (docs/scheduling.md): for each day of this week and each hour of the
 * workspace's clock, what the screen plays from the hour's start, and every change within it,
 * decided by the same `screenPlayAt` as the server and the player. `zoneKeys` (a zone layout's
 * keys, one per `assigned` entry) make each play say what every zone shows.
 */
export function buildWeekGrid(
  all: readonly Campaign[],
  assigned: ReadonlyArray<number | null>,
  now: Date,
  timeZone: string,
  zoneKeys?: readonly string[],
): WeekDay[] {
  // An ad plays inside a zone's loop, never instead of it (docs/ads.md#manifest).
  const campaigns = all.filter((campaign) => campaign.type !== 'ad');
  return weekDates(now, timeZone).map((date) => ({
    ...date,
    cells: Array.from({ length: 24 }, (_, hour): WeekCell => {
      const hourStart = instantOf(date, hour * 60, timeZone).getTime();
      const segments: Segment[] = [];
      for (const minute of [0, ...edgesWithin(campaigns, hourStart, hour)]) {
        const at = new Date(hourStart + minute * 60_000);
        const play = zoneKeys
          ? reduceZones(screenPlayAt(campaigns, assigned, at, timeZone, zoneKeys))
          : reduce(screenPlayAt(campaigns, assigned, at, timeZone));
        if (segments.length === 0 || playKey(segments.at(-1)!.play) !== playKey(play)) segments.push({ minute, play });
      }
      return { hour, segments };
    }),
  }));
}

/** The campaigns that show anywhere in the grid, in the order they first appear (the legend's order). */
export function campaignsShown(grid: readonly WeekDay[]): number[] {
  const ids: number[] = [];
  for (const day of grid)
    for (const cell of day.cells)
      for (const { play } of cell.segments)
        for (const shown of play.kind === 'zones' ? play.zones : [play])
          if (shown.kind === 'campaign' && !ids.includes(shown.campaignId)) ids.push(shown.campaignId);
  return ids;
}
