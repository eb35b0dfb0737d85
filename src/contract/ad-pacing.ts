import type { AdGoalKind } from './ad-campaigns';
import { scheduleHolds, type CampaignSchedule } from './schedule';

/**
 * Pacing of ad campaigns (docs/ads.md#pacing): pure, shared by the server's hourly plan and the
 * campaign page. No clock of its own: `now` and the workspace's time zone are always given.
 */

export const HOUR_MS = 60 * 60 * 1000;
const QUARTER_MS = 15 * 60 * 1000;
/** Past this many quarter hours (about 3 years) the count stops: no flight is that long in practice. */
const MAX_QUARTERS = 3 * 366 * 96;

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
 * counted by quarter hours (a quarter counts when the schedule holds at its start): a schedule of
 * 08:00–12:00 gives 4 a day; one of 08:10 is read as 08:15.
 */
export function adHoursBetween(plan: AdPlan, from: Date, to: Date, timeZone: string): number {
  const start = Math.max(from.getTime(), Date.parse(plan.startDate));
  const end = Math.min(to.getTime(), Date.parse(plan.endDate));
  let quarters = 0;
  let steps = 0;
  for (let at = Math.ceil(start / QUARTER_MS) * QUARTER_MS; at < end && steps < MAX_QUARTERS; at += QUARTER_MS) {
    steps++;
    if (scheduleHolds(plan.schedule, new Date(at), timeZone)) quarters++;
  }
  return quarters / 4;
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
