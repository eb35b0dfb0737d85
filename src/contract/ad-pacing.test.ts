import { describe, expect, it } from 'vitest';
import { adAllowance, adGoalTotal, adHoursBetween, adProjection, type AdPlan } from './ad-pacing';
import { scheduleHolds } from './schedule';

const TZ = 'America/Sao_Paulo';
const EVERY_DAY = { weekdays: [0, 1, 2, 3, 4, 5, 6], startTime: null, endTime: null };
/** Ten days, all day: 240 hours. */
const plan = (fields: Partial<AdPlan> = {}): AdPlan => ({
  goalKind: 'flight',
  goalPlays: 24_000,
  capPerHour: 20,
  startDate: '2026-12-01T03:00:00.000Z',
  endDate: '2026-12-11T03:00:00.000Z',
  schedule: EVERY_DAY,
  ...fields,
});
const at = (iso: string) => new Date(iso);
const HALFWAY = at('2026-12-06T03:00:00.000Z');

describe('adHoursBetween (docs/ads.md#pacing)', () => {
  it('counts the hours of the flight and its weekly schedule', () => {
    expect(adHoursBetween(plan(), at('2026-11-01T00:00:00Z'), at('2027-01-01T00:00:00Z'), TZ)).toBe(240);
    // Mondays 08:00–12:00 local: 7 December 2026 is the only Monday of the flight.
    const mondays = plan({ schedule: { weekdays: [1], startTime: '08:00', endTime: '12:00' } });
    expect(adHoursBetween(mondays, at('2026-12-01T00:00:00Z'), at('2027-01-01T00:00:00Z'), TZ)).toBe(4);
    // Across midnight, 22:00–02:00 every day: 4 hours a day, the flight's first 2 early hours included.
    const nights = plan({ schedule: { weekdays: [0, 1, 2, 3, 4, 5, 6], startTime: '22:00', endTime: '02:00' } });
    expect(adHoursBetween(nights, at('2026-12-01T00:00:00Z'), at('2027-01-01T00:00:00Z'), TZ)).toBe(40);
  });

  it('counts a flight of minutes by its minutes: one within a quarter hour still plays', () => {
    const short = plan({ startDate: '2026-12-01T15:01:00.000Z', endDate: '2026-12-01T15:04:00.000Z', goalPlays: 40 });
    expect(adHoursBetween(short, at('2026-12-01T15:00:00Z'), at('2026-12-01T16:00:00Z'), TZ)).toBe(0.05);
    // 40 plays in 3 minutes on 2 screens: 400 an hour each.
    const now = at('2026-12-01T15:01:30Z');
    expect(adAllowance({ plan: { ...short, capPerHour: 3600 }, counted: 0, now, screens: 2, timeZone: TZ })).toBe(400);
  });
});

describe('adHoursBetween, read a day at a time', () => {
  /** The rule as written: one minute at a time, each counted when the schedule holds at its start. */
  const minuteByMinute = (p: AdPlan, from: Date, to: Date, timeZone: string) => {
    const start = Math.max(from.getTime(), Date.parse(p.startDate));
    const end = Math.min(to.getTime(), Date.parse(p.endDate));
    let minutes = 0;
    for (let t = Math.ceil(start / 60_000) * 60_000; t < end; t += 60_000)
      if (scheduleHolds(p.schedule, new Date(t), timeZone)) minutes++;
    return minutes / 60;
  };
  const schedules = [
    EVERY_DAY,
    { weekdays: [1, 3, 5], startTime: '08:10', endTime: '12:00' },
    { weekdays: [0, 6], startTime: '22:00', endTime: '02:30' },
    { weekdays: [2], startTime: '18:45', endTime: '00:00' },
    { weekdays: [0, 1, 2, 3, 4, 5, 6], startTime: '00:00', endTime: '06:00' },
  ];
  // São Paulo, and a zone whose clocks jump twice in the span (New York: March and November).
  it.each(['America/Sao_Paulo', 'America/New_York', 'Asia/Kolkata'])(
    'gives what the minute-by-minute rule gives, in %s',
    (zone) => {
      const flight = { startDate: '2026-02-27T17:20:00.000Z', endDate: '2026-11-09T06:40:00.000Z' };
      for (const schedule of schedules) {
        const p = plan({ ...flight, schedule });
        // Days around each jump (New York: 8 March and 1 November 2026), the flight's start and end.
        for (const [from, to] of [
          ['2026-02-26T00:00:00Z', '2026-03-01T00:00:00Z'],
          ['2026-03-07T10:07:00Z', '2026-03-09T22:53:00Z'],
          ['2026-11-07T00:00:00Z', '2026-11-10T00:00:00Z'],
          ['2026-10-31T23:59:00Z', '2026-11-02T12:00:00Z'],
        ] as const)
          expect(adHoursBetween(p, at(from), at(to), zone), `${JSON.stringify(schedule)} ${from}`).toBe(
            minuteByMinute(p, at(from), at(to), zone),
          );
      }
    },
  );
});

describe('adAllowance (docs/ads.md#pacing)', () => {
  const base = { screens: 10, timeZone: TZ };
  it('spreads a flight goal evenly over its hours and screens', () => {
    expect(adAllowance({ ...base, plan: plan(), counted: 0, now: at('2026-12-01T03:10:00Z') })).toBe(10);
    // Before the flight the plan is the same: it starts evenly.
    expect(adAllowance({ ...base, plan: plan(), counted: 0, now: at('2026-11-20T00:00:00Z') })).toBe(10);
  });

  it('behind, more per hour; ahead, fewer; never above the cap', () => {
    expect(adAllowance({ ...base, plan: plan(), counted: 12_000, now: HALFWAY })).toBe(10);
    expect(adAllowance({ ...base, plan: plan(), counted: 6_000, now: HALFWAY })).toBe(15);
    expect(adAllowance({ ...base, plan: plan(), counted: 18_000, now: HALFWAY })).toBe(5);
    expect(adAllowance({ ...base, plan: plan(), counted: 0, now: HALFWAY })).toBe(20);
    expect(adAllowance({ ...base, plan: plan({ capPerHour: 3 }), counted: 0, now: HALFWAY })).toBe(3);
  });

  it('stops at the goal, without screens and after the flight', () => {
    expect(adAllowance({ ...base, plan: plan(), counted: 24_000, now: HALFWAY })).toBe(0);
    expect(adAllowance({ ...base, plan: plan(), counted: 25_000, now: HALFWAY })).toBe(0);
    expect(adAllowance({ ...base, screens: 0, plan: plan(), counted: 0, now: HALFWAY })).toBe(0);
    expect(adAllowance({ ...base, plan: plan(), counted: 0, now: at('2026-12-11T03:00:00Z') })).toBe(0);
  });

  it('a short flight across the hour: begun long ago, this hour owes the whole goal; begun now, its minutes', () => {
    // 40 plays on 2 screens, a flight ending at 18:01:30 read at 17:58:30 (docs/ads.md#pacing).
    const short = (startDate: string) =>
      plan({ goalPlays: 40, capPerHour: 3600, startDate, endDate: '2026-12-01T18:01:30Z' });
    const now = at('2026-12-01T17:58:30Z');
    const two = { screens: 2, timeZone: TZ, counted: 0, now };
    // Counted from 17:00: 62 minutes, so 20 a screen, 40 in all: a play cut short waits for 18:00.
    expect(adAllowance({ ...two, plan: short('2026-12-01T15:58:30Z') })).toBe(20);
    // Counted from its start: 4 minutes, 300 a screen.
    expect(adAllowance({ ...two, plan: short('2026-12-01T17:57:30Z') })).toBe(300);
  });

  it('an hourly goal: its share per screen, rounded up, within the cap', () => {
    const hourly = plan({ goalKind: 'per_hour', goalPlays: 75, capPerHour: 20 });
    expect(adGoalTotal(hourly, TZ)).toBe(75 * 240);
    expect(adAllowance({ ...base, plan: hourly, counted: 100, now: HALFWAY })).toBe(8);
    expect(adAllowance({ ...base, plan: { ...hourly, capPerHour: 5 }, counted: 100, now: HALFWAY })).toBe(5);
    expect(adAllowance({ ...base, plan: hourly, counted: 75 * 240, now: HALFWAY })).toBe(0);
  });
});

describe('adProjection (docs/ads.md#delivery)', () => {
  it("counted plus the last day's rate over the hours left", () => {
    expect(adProjection({ counted: 1000, recentCounted: 240, recentHours: 24, hoursLeft: 100 })).toBe(2000);
    expect(adProjection({ counted: 1000, recentCounted: 0, recentHours: 0, hoursLeft: 100 })).toBe(1000);
  });
});
