import { describe, expect, it } from 'vitest';
import {
  isOpenAt,
  nextOpeningChange,
  openSpans,
  openingHoursSchema,
  overlapMs,
  type OpeningHours,
} from './opening-hours';

const SP = 'America/Sao_Paulo';
/** São Paulo's wall clock (UTC−3 all year). 2026-11-23 is a Monday. */
const sp = (local: string) => new Date(`${local}-03:00`);
const hours = (input: unknown): OpeningHours => openingHoursSchema.parse(input);

describe('opening hours (docs/opening-hours.md)', () => {
  const shop = hours({
    weekly: [
      // Monday: morning and afternoon, closed for lunch.
      { weekday: 1, start: '08:00', end: '12:00' },
      { weekday: 1, start: '13:00', end: '18:00' },
      // Friday night into Saturday.
      { weekday: 5, start: '18:00', end: '02:00' },
    ],
    exceptions: [{ date: '2026-11-30', intervals: [] }],
  });

  it('is open inside an interval, closed between them, and across midnight', () => {
    expect(isOpenAt(shop, sp('2026-11-23T07:59'), SP)).toBe(false);
    expect(isOpenAt(shop, sp('2026-11-23T08:00'), SP)).toBe(true);
    expect(isOpenAt(shop, sp('2026-11-23T12:30'), SP)).toBe(false);
    expect(isOpenAt(shop, sp('2026-11-23T17:59'), SP)).toBe(true);
    expect(isOpenAt(shop, sp('2026-11-23T18:00'), SP)).toBe(false);
    expect(isOpenAt(shop, sp('2026-11-27T23:00'), SP)).toBe(true);
    expect(isOpenAt(shop, sp('2026-11-28T01:59'), SP)).toBe(true);
    expect(isOpenAt(shop, sp('2026-11-28T02:00'), SP)).toBe(false);
    expect(isOpenAt(null, sp('2026-11-28T04:00'), SP)).toBe(true);
  });

  it('follows a dated exception over the weekday', () => {
    // Monday the 30th is a holiday.
    expect(isOpenAt(shop, sp('2026-11-30T09:00'), SP)).toBe(false);
    const special = hours({
      weekly: [],
      exceptions: [{ date: '2026-12-24', intervals: [{ start: '09:00', end: '13:00' }] }],
    });
    expect(isOpenAt(special, sp('2026-12-24T10:00'), SP)).toBe(true);
    expect(isOpenAt(special, sp('2026-12-25T10:00'), SP)).toBe(false);
  });

  it('says when the state changes next', () => {
    expect(nextOpeningChange(shop, sp('2026-11-23T07:00'), SP)).toEqual(sp('2026-11-23T08:00'));
    expect(nextOpeningChange(shop, sp('2026-11-23T12:00'), SP)).toEqual(sp('2026-11-23T13:00'));
    expect(nextOpeningChange(shop, sp('2026-11-27T20:00'), SP)).toEqual(sp('2026-11-28T02:00'));
    // After Friday night, the holiday Monday is skipped: the next opening is Friday again.
    expect(nextOpeningChange(shop, sp('2026-11-28T03:00'), SP)).toEqual(sp('2026-12-04T18:00'));
    expect(nextOpeningChange(null, sp('2026-11-28T03:00'), SP)).toBeNull();
  });

  it('refuses overlaps, across midnight too, repeated dates and bad times, in Portuguese', () => {
    const refused = (input: unknown) => openingHoursSchema.safeParse(input).error?.issues.map((i) => i.message);
    expect(
      refused({
        weekly: [
          { weekday: 1, start: '08:00', end: '12:00' },
          { weekday: 1, start: '11:00', end: '14:00' },
        ],
      }),
    ).toEqual([
      'Os horários de segunda 08:00–12:00 e de segunda 11:00–14:00 se sobrepõem. Junte-os em um só ou ajuste um deles.',
    ]);
    expect(
      refused({
        weekly: [
          { weekday: 6, start: '22:00', end: '03:00' },
          { weekday: 0, start: '02:00', end: '10:00' },
        ],
      }),
    ).toHaveLength(1);
    expect(refused({ weekly: [{ weekday: 1, start: '08:00', end: '08:00' }] })).toEqual([
      'O horário de fechamento deve ser diferente do de abertura.',
    ]);
    expect(refused({ weekly: [{ weekday: 7, start: '25:00', end: '08:00' }] })).toEqual([
      'Dia da semana inválido.',
      'Horário inválido (use HH:MM).',
    ]);
    expect(
      refused({
        weekly: [],
        exceptions: [
          { date: '2026-12-25', intervals: [] },
          { date: '2026-12-25', intervals: [] },
        ],
      }),
    ).toEqual(['A data 2026-12-25 aparece mais de uma vez nas exceções.']);
    // Touching intervals are not an overlap.
    expect(
      refused({
        weekly: [
          { weekday: 1, start: '08:00', end: '12:00' },
          { weekday: 1, start: '12:00', end: '18:00' },
        ],
      }),
    ).toBeUndefined();
  });
});

describe('open spans, for availability', () => {
  const shop = hours({
    weekly: [
      { weekday: 1, start: '08:00', end: '12:00' },
      { weekday: 1, start: '13:00', end: '18:00' },
      { weekday: 5, start: '22:00', end: '02:00' },
    ],
    exceptions: [{ date: '2026-11-30', intervals: [] }],
  });

  it('lists the open spans of a week, clipped to the period, across midnight and past a holiday', () => {
    const spans = openSpans(shop, sp('2026-11-23T00:00'), sp('2026-12-01T00:00'), SP);
    expect(spans).toEqual([
      [sp('2026-11-23T08:00').getTime(), sp('2026-11-23T12:00').getTime()],
      [sp('2026-11-23T13:00').getTime(), sp('2026-11-23T18:00').getTime()],
      [sp('2026-11-27T22:00').getTime(), sp('2026-11-28T02:00').getTime()],
    ]);
    // Clipped: from Monday 10:00 to 15:00.
    expect(openSpans(shop, sp('2026-11-23T10:00'), sp('2026-11-23T15:00'), SP)).toEqual([
      [sp('2026-11-23T10:00').getTime(), sp('2026-11-23T12:00').getTime()],
      [sp('2026-11-23T13:00').getTime(), sp('2026-11-23T15:00').getTime()],
    ]);
    expect(openSpans(null, sp('2026-11-23T10:00'), sp('2026-11-23T11:00'), SP)).toEqual([
      [sp('2026-11-23T10:00').getTime(), sp('2026-11-23T11:00').getTime()],
    ]);
  });

  it('measures the offline time within the open spans', () => {
    const spans = openSpans(shop, sp('2026-11-23T00:00'), sp('2026-11-24T00:00'), SP);
    // Offline from 11:00 to 14:00: 1 h before lunch and 1 h after count, lunch does not.
    expect(overlapMs(spans, [[sp('2026-11-23T11:00').getTime(), sp('2026-11-23T14:00').getTime()]])).toBe(
      2 * 3_600_000,
    );
  });
});
