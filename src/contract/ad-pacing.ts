import type { AdGoalKind } from './ad-campaigns';
import { instantOf, localTime, minutesOf, scheduleHolds, type CampaignSchedule } from './schedule';

/**
 * Pacing of ad campaigns (docs/ads.md#pacing): pure, shared by the server's hourly plan and the
 * campaign page. No clock of its own: `now` and the workspace's time zone are always given.
 */

export const HOUR_MS = 60 * 60 * 1000;
const MINUTE_MS = 60 * 1000;
const DAY_MINUTES = 24 * 60;
/** Past this many local days (about 3 years) the count stops: no flight is that long in practice. */
const MAX_DAYS = 3 * 366;

/** What the pacing reads of an ad campaign. */
export interface AdPlan {
  goalKind: AdGoalKind;
  goalPlays: number;
  capPerHour: number;
  /** The flight, ISO instants: from `startDate` (inclusive) to `endDate` (exclusive). */
  startDate: string;
  endDate: string;
  schedule: CampaignSchedule;
}

/**
 * Hours in which the ad plays between `from` and `to`, within its flight and weekly schedule,
 * counted by minutes (a minute counts when the schedule holds at its start, so a flight of three
 * minutes has 0.05 hours, never none): a schedule of 08:00–12:00 gives 4 a day. Worked out a local
 * day at a time (the day's window as two instants), not a minute at a time: a year's flight is read
 * on every answer about the campaign (docs/ads.md#delivery).
 */
export function adHoursBetween(plan: AdPlan, from: Date, to: Date, timeZone: string): number {
  const start = Math.max(from.getTime(), Date.parse(plan.startDate));
  const end = Math.min(to.getTime(), Date.parse(plan.endDate));
  if (!(start < end)) return 0;
  const opens = minutesOf(plan.schedule.startTime) ?? 0;
  const closes = minutesOf(plan.schedule.endTime) ?? DAY_MINUTES;
  // A window ends on its own day, or on the next one when it crosses midnight.
  const closesNextDay = closes <= opens;
  const minuteAtOrAfter = (ms: number) => Math.ceil(ms / MINUTE_MS) * MINUTE_MS;
  // From the day before `start`: a window crossing midnight may have opened that evening.
  const first = localTime(new Date(start), timeZone);
  let minutes = 0;
  for (let offset = -1; offset <= MAX_DAYS; offset++) {
    const date = new Date(Date.UTC(first.year, first.month - 1, first.day + offset));
    const day = { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
    const windowStart = instantOf(day, opens, timeZone).getTime();
    if (windowStart >= end) break;
    if (!plan.schedule.weekdays.includes(date.getUTCDay())) continue;
    const next = new Date(Date.UTC(day.year, day.month - 1, day.day + 1));
    const windowEnd = instantOf(
      closesNextDay || closes === DAY_MINUTES
        ? { year: next.getUTCFullYear(), month: next.getUTCMonth() + 1, day: next.getUTCDate() }
        : day,
      closes === DAY_MINUTES ? 0 : closes,
      timeZone,
    ).getTime();
    const from = minuteAtOrAfter(Math.max(windowStart, start));
    const to = minuteAtOrAfter(Math.min(windowEnd, end));
    if (to <= from) continue;
    // A closing time the clocks skip (a daylight-saving jump) is read past the gap: that day, by minutes.
    if (localTime(new Date(windowEnd), timeZone).minutes !== closes % DAY_MINUTES)
      for (let t = from; t < to; t += MINUTE_MS) minutes += scheduleHolds(plan.schedule, new Date(t), timeZone) ? 1 : 0;
    else minutes += (to - from) / MINUTE_MS;
  }
  return minutes / 60;
}

/** The plays the whole flight should reach: the goal, or the hourly goal times the hours it plays. */
export function adGoalTotal(plan: AdPlan, timeZone: string): number {
  if (plan.goalKind === 'flight') return plan.goalPlays;
  const hours = adHoursBetween(plan, new Date(plan.startDate), new Date(plan.endDate), timeZone);
  return Math.round(plan.goalPlays * hours);
}

export interface AllowanceInput {
  plan: AdPlan;
  /** Counted plays so far (docs/ads.md#counted-plays). */
  counted: number;
  now: Date;
  /** Screens the ad is aimed at. */
  screens: number;
  timeZone: string;
}

/**
 * Plays allowed per screen in the hour of `now` (docs/ads.md#pacing), 0 once the goal is reached or
 * when no screen or no hour is left. A flight goal: what is left, spread evenly over the hours it
 * still plays (from the start of this hour), per screen, rounded up: behind, more per hour; ahead,
 * fewer. An hourly goal: the hour's goal per screen, rounded up. Never above the cap.
 */
export function adAllowance({ plan, counted, now, screens, timeZone }: AllowanceInput): number {
  const total = adGoalTotal(plan, timeZone);
  if (counted >= total || screens <= 0 || now.getTime() >= Date.parse(plan.endDate)) return 0;
  if (plan.goalKind === 'per_hour') return Math.min(plan.capPerHour, Math.ceil(plan.goalPlays / screens));
  const hourStart = new Date(Math.floor(now.getTime() / HOUR_MS) * HOUR_MS);
  const hoursLeft = adHoursBetween(plan, hourStart, new Date(plan.endDate), timeZone);
  if (hoursLeft <= 0) return 0;
  return Math.min(plan.capPerHour, Math.ceil((total - counted) / hoursLeft / screens));
}

export interface ProjectionInput {
  counted: number;
  /** Counted plays of the last 24 hours, and the hours it played in them. */
  recentCounted: number;
  recentHours: number;
  /** Hours it still plays in its flight, from now. */
  hoursLeft: number;
}

/**
 * Where the ad ends at the current rate (docs/ads.md#delivery): counted + the last 24 hours' plays
 * per hour played × the hours left. No hour played in the last 24 hours: no rate, the count stays.
 */
export function adProjection({ counted, recentCounted, recentHours, hoursLeft }: ProjectionInput): number {
  if (recentHours <= 0) return counted;
  return counted + Math.round((recentCounted / recentHours) * hoursLeft);
}
