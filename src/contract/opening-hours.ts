import { z } from 'zod';
import { instantOf, localTime, minutesOf } from './schedule';

/**
 * Opening hours, the screens' power schedule (docs/opening-hours.md): weekly intervals, several a
 * day, one crossing midnight allowed, and dated exceptions (a holiday closed, or with its own
 * intervals). Null: always open. The same pure functions decide on the server (alerts) and on the
 * TV (its server-corrected clock, offline too).
 */

const DAY_MINUTES = 24 * 60;
const WEEK_MINUTES = 7 * DAY_MINUTES;
export const OPENING_INTERVALS_MAX = 28;
export const OPENING_EXCEPTIONS_MAX = 100;

export const openingHoursMessages = {
  timeInvalid: 'Horário inválido (use HH:MM).',
  sameTimes: 'O horário de fechamento deve ser diferente do de abertura.',
  weekdayInvalid: 'Dia da semana inválido.',
  dateInvalid: 'Data inválida (use AAAA-MM-DD).',
  overlap: (a: string, b: string) => `Os horários ${a} e ${b} se sobrepõem. Junte-os em um só ou ajuste um deles.`,
  dateRepeated: (date: string) => `A data ${date} aparece mais de uma vez nas exceções.`,
  tooMany: `No máximo ${OPENING_INTERVALS_MAX} horários por semana.`,
  tooManyExceptions: `No máximo ${OPENING_EXCEPTIONS_MAX} exceções.`,
} as const;

const WEEKDAY_NAMES = ['domingo', 'segunda', 'terça', 'quarta', 'quinta', 'sexta', 'sábado'] as const;

const time = z
  .string({ error: openingHoursMessages.timeInvalid })
  .refine((v) => minutesOf(v) !== null, openingHoursMessages.timeInvalid);
const interval = { start: time, end: time };
const notEmpty = (i: { start: string; end: string }) => i.start !== i.end;

const weeklyIntervalSchema = z
  .object({
    weekday: z
      .number({ error: openingHoursMessages.weekdayInvalid })
      .int(openingHoursMessages.weekdayInvalid)
      .min(0, openingHoursMessages.weekdayInvalid)
      .max(6, openingHoursMessages.weekdayInvalid),
    ...interval,
  })
  .refine(notEmpty, { path: ['end'], message: openingHoursMessages.sameTimes });
const dayIntervalSchema = z
  .object(interval)
  .refine(notEmpty, { path: ['end'], message: openingHoursMessages.sameTimes });

const exceptionSchema = z.object({
  date: z.iso.date({ error: openingHoursMessages.dateInvalid }),
  /** The day's own intervals; empty: closed all day. */
  intervals: z.array(dayIntervalSchema).max(4).default([]),
});

export type WeeklyInterval = z.output<typeof weeklyIntervalSchema>;
export type DayInterval = { start: string; end: string };

/** A range in minutes of the week (Sunday 00:00 = 0); one crossing midnight ends past its day. */
const weekRange = (weekday: number, i: DayInterval): [number, number] => {
  const start = weekday * DAY_MINUTES + minutesOf(i.start)!;
  const end = weekday * DAY_MINUTES + minutesOf(i.end)!;
  return [start, end > start ? end : end + DAY_MINUTES];
};

/** Two ranges of a circular week share a minute. */
function rangesMeet([a0, a1]: [number, number], [b0, b1]: [number, number]): boolean {
  for (const shift of [-WEEK_MINUTES, 0, WEEK_MINUTES]) if (a0 < b1 + shift && b0 + shift < a1) return true;
  return false;
}

const label = (weekday: number | null, i: DayInterval) =>
  `${weekday === null ? '' : `de ${WEEKDAY_NAMES[weekday]} `}${i.start}–${i.end}`;

export const openingHoursSchema = z
  .object({
    weekly: z.array(weeklyIntervalSchema).max(OPENING_INTERVALS_MAX, openingHoursMessages.tooMany),
    exceptions: z
      .array(exceptionSchema)
      .max(OPENING_EXCEPTIONS_MAX, openingHoursMessages.tooManyExceptions)
      .default([]),
  })
  .superRefine((hours, ctx) => {
    const ranges = hours.weekly.map((i) => weekRange(i.weekday, i));
    for (let a = 0; a < ranges.length; a++)
      for (let b = a + 1; b < ranges.length; b++)
        if (rangesMeet(ranges[a]!, ranges[b]!)) {
          const [x, y] = [hours.weekly[a]!, hours.weekly[b]!];
          ctx.addIssue({
            code: 'custom',
            path: ['weekly', b],
            message: openingHoursMessages.overlap(label(x.weekday, x), label(y.weekday, y)),
          });
          return;
        }
    const dates = new Set<string>();
    hours.exceptions.forEach((exception, index) => {
      if (dates.has(exception.date))
        ctx.addIssue({
          code: 'custom',
          path: ['exceptions', index, 'date'],
          message: openingHoursMessages.dateRepeated(exception.date),
        });
      dates.add(exception.date);
      const own = exception.intervals.map((i) => weekRange(0, i));
      for (let a = 0; a < own.length; a++)
        for (let b = a + 1; b < own.length; b++)
          if (rangesMeet(own[a]!, own[b]!))
            ctx.addIssue({
              code: 'custom',
              path: ['exceptions', index, 'intervals', b],
              message: openingHoursMessages.overlap(
                label(null, exception.intervals[a]!),
                label(null, exception.intervals[b]!),
              ),
            });
    });
  })
  .meta({ id: 'OpeningHours' });
export type OpeningHours = z.output<typeof openingHoursSchema>;

type CalendarDay = { year: number; month: number; day: number };
const isoDate = (d: CalendarDay) => `${d.year}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`;
/** The calendar day `days` after `d` (negative: before), and its weekday. */
const shiftDay = (d: CalendarDay, days: number) => {
  const date = new Date(Date.UTC(d.year, d.month - 1, d.day + days));
  return {
    year: date.getUTCFullYear(),
    month: date.getUTCMonth() + 1,
    day: date.getUTCDate(),
    weekday: date.getUTCDay(),
  };
};

/** A day's intervals: its exception's when it has one, else its weekday's. */
function intervalsOn(hours: OpeningHours, date: string, weekday: number): DayInterval[] {
  const exception = hours.exceptions.find((e) => e.date === date);
  return exception ? exception.intervals : hours.weekly.filter((i) => i.weekday === weekday);
}

/**
 * Whether the screen is open at `at` (the workspace's zone): an interval of today holds, or one of
 * yesterday's that crosses midnight still does. Null hours: always open.
 */
export function isOpenAt(hours: OpeningHours | null | undefined, at: Date, timeZone: string): boolean {
  if (!hours) return true;
  const now = localTime(at, timeZone);
  const today = intervalsOn(hours, isoDate(now), now.weekday);
  for (const i of today) {
    const [start, end] = [minutesOf(i.start)!, minutesOf(i.end)!];
    if (start < end ? now.minutes >= start && now.minutes < end : now.minutes >= start) return true;
  }
  const before = shiftDay(now, -1);
  for (const i of intervalsOn(hours, isoDate(before), before.weekday)) {
    const [start, end] = [minutesOf(i.start)!, minutesOf(i.end)!];
    if (end < start && now.minutes < end) return true;
  }
  return false;
}

/**
 * The next instant after `from`, within `days`, when `isOpenAt` changes, or null: the TV sets its
 * timer by it. Only interval edges can change it, so only those are tried.
 */
export function nextOpeningChange(
  hours: OpeningHours | null | undefined,
  from: Date,
  timeZone: string,
  days = 8,
): Date | null {
  if (!hours) return null;
  const open = isOpenAt(hours, from, timeZone);
  const start = localTime(from, timeZone);
  const edges: Date[] = [];
  for (let d = -1; d <= days; d++) {
    const date = shiftDay(start, d);
    for (const i of intervalsOn(hours, isoDate(date), date.weekday)) {
      // An end before its start is on the next day.
      const crosses = minutesOf(i.end)! < minutesOf(i.start)!;
      edges.push(instantOf(date, minutesOf(i.start)!, timeZone));
      edges.push(instantOf(crosses ? shiftDay(date, 1) : date, minutesOf(i.end)!, timeZone));
    }
    // Midnight may end an open spell too (an exception's day after a weekday open late).
    edges.push(instantOf(date, 0, timeZone));
  }
  const later = edges.filter((edge) => edge > from).sort((a, b) => a.getTime() - b.getTime());
  for (const edge of later) if (isOpenAt(hours, edge, timeZone) !== open) return edge;
  return null;
}

/**
 * The spans of `[from, to)` when the screen is open, in epoch milliseconds, in order and merged:
 * each calendar day's intervals (an exception's or its weekday's), one crossing midnight running
 * into the next day. Null hours: the whole span. Built day by day (two instants per interval), so a
 * year of a weekly schedule costs a few thousand clock reads, not a search per minute.
 */
export function openSpans(
  hours: OpeningHours | null | undefined,
  from: Date,
  to: Date,
  timeZone: string,
): Array<[number, number]> {
  const [start, end] = [from.getTime(), to.getTime()];
  if (end <= start) return [];
  if (!hours) return [[start, end]];
  const spans: Array<[number, number]> = [];
  const first = localTime(new Date(start), timeZone);
  const days = Math.ceil((end - start) / 86_400_000) + 1;
  for (let d = -1; d <= days; d++) {
    const date = shiftDay(first, d);
    for (const i of intervalsOn(hours, isoDate(date), date.weekday)) {
      const crosses = minutesOf(i.end)! < minutesOf(i.start)!;
      const open = instantOf(date, minutesOf(i.start)!, timeZone).getTime();
      const close = instantOf(crosses ? shiftDay(date, 1) : date, minutesOf(i.end)!, timeZone).getTime();
      const [a, b] = [Math.max(open, start), Math.min(close, end)];
      if (a < b) spans.push([a, b]);
    }
  }
  spans.sort((x, y) => x[0] - y[0]);
  const merged: Array<[number, number]> = [];
  for (const span of spans) {
    const last = merged.at(-1);
    if (last && span[0] <= last[1]) last[1] = Math.max(last[1], span[1]);
    else merged.push([...span]);
  }
  return merged;
}

/** How much of `spans` (merged, in order) the ranges in `cut` cover, in milliseconds. */
export function overlapMs(spans: ReadonlyArray<[number, number]>, cut: ReadonlyArray<[number, number]>): number {
  let total = 0;
  for (const [a, b] of spans) for (const [c, d] of cut) total += Math.max(0, Math.min(b, d) - Math.max(a, c));
  return total;
}
