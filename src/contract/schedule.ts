/**
 * What a screen plays at an instant (docs/scheduling.md#what-plays): one pure decision shared by the server (which
 * campaigns a manifest carries, what the dashboard says is on air), the player (which switches on
 * time by itself, offline too) and the admin UI (a campaign's state, the week view). No I/O, no
 * clock of its own: the instant and the workspace's time zone are always given.
 */

export const CAMPAIGN_PRIORITIES = ['normal', 'high', 'emergency'] as const;
export type CampaignPriority = (typeof CAMPAIGN_PRIORITIES)[number];
export const CAMPAIGN_STATUSES = ['draft', 'published', 'paused'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];
/** What a campaign means now, for display: derived, never stored. */
export const CAMPAIGN_STATES = ['draft', 'paused', 'scheduled', 'on_air', 'ended'] as const;
export type CampaignState = (typeof CAMPAIGN_STATES)[number];

/** The workspace's time zone unless it chose another (docs/scheduling.md#time-zone); no daylight saving since 2019. */
export const DEFAULT_TIME_ZONE = 'America/Sao_Paulo';
export const ALL_WEEKDAYS = [0, 1, 2, 3, 4, 5, 6] as const;
/** How far ahead a manifest carries campaigns: the player keeps switching on time this long offline. */
export const MANIFEST_CAMPAIGN_DAYS = 7;

/**
 * When in the week a campaign plays. `weekdays`: 0 = Sunday … 6 = Saturday, the day a daily window
 * starts on. `startTime`/`endTime`: "HH:MM" in the workspace's time zone; a missing start is 00:00,
 * a missing end is midnight, and an end before the start crosses midnight (22:00–02:00 on Friday
 * plays Friday night into Saturday).
 */
export interface CampaignSchedule {
  weekdays: readonly number[];
  startTime: string | null;
  endTime: string | null;
}

/** Just what the decision reads of a campaign (the API's campaign and the manifest's both fit). */
export interface SchedulableCampaign {
  id: number;
  status: CampaignStatus;
  priority: CampaignPriority;
  /** ISO instants; the campaign plays from `startDate` (inclusive) until `endDate` (exclusive). */
  startDate: string | null;
  endDate: string | null;
  schedule: CampaignSchedule;
  /** Newest first among campaigns of the same priority. */
  createdAt: string;
  /** The zone keys it plays in (docs/layouts.md#campaigns); null or absent: every zone. */
  zones?: readonly string[] | null;
}

/**
 * Whether a campaign plays in the zone `keys[index]` of a screen: every zone when it names none;
 * else the zones it names, and the screen's first zone when the screen has none of them (its main
 * zone, so a campaign for "principal" still plays on a Tela Única).
 */
export function campaignPlaysInZone(
  campaign: Pick<SchedulableCampaign, 'zones'>,
  keys: readonly string[],
  index: number,
): boolean {
  const zones = campaign.zones;
  if (!zones) return true;
  if (zones.includes(keys[index] ?? '')) return true;
  return index === 0 && !keys.some((key) => zones.includes(key));
}

export const PRIORITY_RANK: Record<CampaignPriority, number> = { normal: 0, high: 1, emergency: 2 };
const DAY_MINUTES = 24 * 60;
const MINUTE_MS = 60_000;

/** "HH:MM" → minutes since midnight, or null for anything else. */
export function minutesOf(time: string | null): number | null {
  const match = time === null ? null : /^([01]\d|2[0-3]):([0-5]\d)$/.exec(time);
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
}

// One formatter per zone: building an Intl.DateTimeFormat costs far more than using one.
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** Whether the runtime knows this IANA zone (what the workspace's setting accepts). */
export function isTimeZone(timeZone: string): boolean {
  try {
    formatterFor(timeZone);
    return true;
  } catch {
    return false;
  }
}

export interface LocalTime {
  year: number;
  /** 1–12 */
  month: number;
  day: number;
  weekday: number;
  /** Minutes since local midnight. */
  minutes: number;
}

/** The wall clock of `timeZone` at `at`. */
export function localTime(at: Date, timeZone: string): LocalTime {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(at))
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  const { year, month, day, hour, minute } = parts as Record<'year' | 'month' | 'day' | 'hour' | 'minute', number>;
  return {
    year,
    month,
    day,
    weekday: new Date(Date.UTC(year, month - 1, day)).getUTCDay(),
    minutes: hour * 60 + minute,
  };
}

/** The zone's offset from UTC at `at`, in ms (whole seconds). */
function offsetAt(at: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(new Date(at)))
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  const asUtc = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
  return asUtc - Math.floor(at / 1000) * 1000;
}

/**
 * The instant the wall clock of `timeZone` reads `minutes` on that local date. A time skipped by a
 * daylight-saving jump is read with the offset before the jump (it lands just after the gap).
 */
export function instantOf(date: { year: number; month: number; day: number }, minutes: number, timeZone: string): Date {
  const wall = Date.UTC(date.year, date.month - 1, date.day, 0, minutes);
  const first = wall - offsetAt(wall, timeZone);
  const second = wall - offsetAt(first, timeZone);
  return new Date(Math.max(first, second));
}

/** Whether the weekly schedule holds at `at` (dates aside). */
export function scheduleHolds(schedule: CampaignSchedule, at: Date, timeZone: string): boolean {
  const { weekday, minutes } = localTime(at, timeZone);
  const start = minutesOf(schedule.startTime) ?? 0;
  const end = minutesOf(schedule.endTime) ?? DAY_MINUTES;
  const on = (day: number) => schedule.weekdays.includes(day);
  if (start < end) return on(weekday) && minutes >= start && minutes < end;
  // Crosses midnight: the evening of a chosen day, or the early hours after one.
  return (on(weekday) && minutes >= start) || (on((weekday + 6) % 7) && minutes < end);
}

const ms = (iso: string | null) => (iso === null ? null : Date.parse(iso));

/** Whether a published campaign plays at `at`: within its dates, and its weekly schedule holds. */
export function campaignHolds(campaign: SchedulableCampaign, at: Date, timeZone: string): boolean {
  if (campaign.status !== 'published') return false;
  const start = ms(campaign.startDate);
  const end = ms(campaign.endDate);
  if (start !== null && at.getTime() < start) return false;
  if (end !== null && at.getTime() >= end) return false;
  return scheduleHolds(campaign.schedule, at, timeZone);
}

/** Higher priority first; among equals the newest, then the highest id (a stable answer for ties). */
export function compareCampaigns(a: SchedulableCampaign, b: SchedulableCampaign): number {
  return (
    PRIORITY_RANK[b.priority] - PRIORITY_RANK[a.priority] ||
    Date.parse(b.createdAt) - Date.parse(a.createdAt) ||
    b.id - a.id
  );
}

/** The campaign that wins at `at` among those given, or null when none plays. */
export function campaignOnAir<C extends SchedulableCampaign>(
  campaigns: readonly C[],
  at: Date,
  timeZone: string,
): C | null {
  let best: C | null = null;
  for (const campaign of campaigns) {
    if (campaignHolds(campaign, at, timeZone) && (best === null || compareCampaigns(campaign, best) < 0))
      best = campaign;
  }
  return best;
}

export type WindowPlay<C> =
  { source: 'campaign'; campaign: C } | { source: 'playlist'; playlistId: number } | { source: 'none' };

export interface ScreenPlay<C> {
  /** An emergency takes the whole screen: one window, whatever the layout. */
  fullScreen: boolean;
  windows: Array<WindowPlay<C>>;
}

/**
 * What each window (zone) of a screen plays at `at`: an emergency campaign aimed at it (the whole
 * screen) > in each zone, the highest-priority campaign whose schedule holds and that plays in that
 * zone (`campaignPlaysInZone`; newest first among equals) > the playlist assigned to that zone.
 * `campaigns` are those aimed at this screen (by device, group or the whole workspace); drafts,
 * paused and ended ones are passed over here. `zoneKeys` name the zones (`janela-1`, `janela-2`
 * for Tela Única / Tela Dupla; docs/layouts.md#campaigns).
 */
export function screenPlayAt<C extends SchedulableCampaign>(
  campaigns: readonly C[],
  assigned: ReadonlyArray<number | null>,
  at: Date,
  timeZone: string,
  zoneKeys: readonly string[] = assigned.map((_, i) => `janela-${i + 1}`),
): ScreenPlay<C> {
  const holding = campaigns.filter((c) => campaignHolds(c, at, timeZone));
  const winner = campaignOnAir(holding, at, timeZone);
  if (winner?.priority === 'emergency')
    return { fullScreen: true, windows: [{ source: 'campaign', campaign: winner }] };
  return {
    fullScreen: false,
    windows: assigned.map((playlistId, index): WindowPlay<C> => {
      const zoneWinner = winner?.zones
        ? campaignOnAir(
            holding.filter((c) => campaignPlaysInZone(c, zoneKeys, index)),
            at,
            timeZone,
          )
        : winner;
      if (zoneWinner) return { source: 'campaign', campaign: zoneWinner };
      return playlistId === null ? { source: 'none' } : { source: 'playlist', playlistId };
    }),
  };
}

/**
 * The first instant at or after `from`, and before `until`, when the campaign plays (status aside),
 * or null. A play starts at `from`, at the campaign's start date, or at a daily window's start, so
 * only those instants are tried.
 */
export function nextStart(campaign: SchedulableCampaign, from: Date, until: Date, timeZone: string): Date | null {
  const published = { ...campaign, status: 'published' as const };
  const start = ms(campaign.startDate);
  const end = Math.min(ms(campaign.endDate) ?? Infinity, until.getTime());
  const first = Math.max(from.getTime(), start ?? -Infinity);
  if (first >= end) return null;
  if (campaignHolds(published, new Date(first), timeZone)) return new Date(first);
  const windowStart = minutesOf(campaign.schedule.startTime) ?? 0;
  const day = localTime(new Date(first), timeZone);
  // Eight local days cover a week from any hour of the first.
  for (let offset = 0; offset <= 8; offset++) {
    const date = new Date(Date.UTC(day.year, day.month - 1, day.day + offset));
    const candidate = instantOf(
      { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() },
      windowStart,
      timeZone,
    ).getTime();
    if (candidate < first) continue;
    if (candidate >= end) return null;
    if (campaignHolds(published, new Date(candidate), timeZone)) return new Date(candidate);
  }
  return null;
}

/** What a campaign means at `now`: rascunho, pausada, no ar agora, agendada (it will play) or encerrada. */
export function campaignState(campaign: SchedulableCampaign, now: Date, timeZone: string): CampaignState {
  if (campaign.status === 'draft') return 'draft';
  if (campaign.status === 'paused') return 'paused';
  if (campaignHolds(campaign, now, timeZone)) return 'on_air';
  const end = ms(campaign.endDate);
  if (end !== null && now.getTime() >= end) return 'ended';
  // Weekly from here on: without an end date it plays again within a week (a weekday is required).
  const horizon = new Date(Math.max(now.getTime(), ms(campaign.startDate) ?? 0) + 8 * DAY_MINUTES * MINUTE_MS);
  return nextStart(campaign, now, horizon, timeZone) ? 'scheduled' : 'ended';
}

/** Whether a campaign can play between `from` and `from + days` (what a manifest carries). */
export function playsWithin(campaign: SchedulableCampaign, from: Date, days: number, timeZone: string): boolean {
  if (campaign.status !== 'published') return false;
  return nextStart(campaign, from, new Date(from.getTime() + days * DAY_MINUTES * MINUTE_MS), timeZone) !== null;
}

/**
 * When the decision may change next after `at`: the next minute (schedules are whole minutes of
 * zones whose offsets are whole minutes) or a start or end date before it. The player re-decides then.
 */
export function nextDecisionAt(campaigns: readonly SchedulableCampaign[], at: Date): Date {
  let next = (Math.floor(at.getTime() / MINUTE_MS) + 1) * MINUTE_MS;
  for (const campaign of campaigns) {
    for (const edge of [ms(campaign.startDate), ms(campaign.endDate)])
      if (edge !== null && edge > at.getTime() && edge < next) next = edge;
  }
  return new Date(next);
}
