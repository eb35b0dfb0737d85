import { describe, expect, it } from 'vitest';
import {
  ALL_WEEKDAYS,
  campaignHolds,
  campaignOnAir,
  campaignState,
  instantOf,
  localTime,
  nextDecisionAt,
  nextStart,
  playsWithin,
  scheduleHolds,
  screenPlayAt,
  type SchedulableCampaign,
} from './schedule';

const SP = 'America/Sao_Paulo';
const NY = 'America/New_York';

let nextId = 1;
const campaign = (
  overrides: Partial<Omit<SchedulableCampaign, 'schedule'>> & {
    schedule?: Partial<SchedulableCampaign['schedule']>;
  } = {},
): SchedulableCampaign => ({
  id: nextId++,
  status: 'published',
  priority: 'normal',
  startDate: null,
  endDate: null,
  createdAt: '2026-11-01T12:00:00.000Z',
  ...overrides,
  schedule: { weekdays: [...ALL_WEEKDAYS], startTime: null, endTime: null, ...overrides.schedule },
});
/** An instant given as São Paulo's wall clock (UTC−3 all year). */
const sp = (local: string) => new Date(`${local}-03:00`);

describe('the wall clock of a zone', () => {
  it('reads São Paulo three hours behind UTC, weekday included', () => {
    // 2026-11-23 is a Monday; 01:30 UTC on it is still Sunday 22:30 in São Paulo.
    expect(localTime(new Date('2026-11-23T01:30:00Z'), SP)).toEqual({
      year: 2026,
      month: 11,
      day: 22,
      weekday: 0,
      minutes: 22 * 60 + 30,
    });
  });

  it('finds the instant of a wall time on both sides of a daylight-saving change', () => {
    // New York: EDT (−4) until 2026-11-01 02:00, EST (−5) after.
    expect(instantOf({ year: 2026, month: 10, day: 31 }, 12 * 60, NY).toISOString()).toBe('2026-10-31T16:00:00.000Z');
    expect(instantOf({ year: 2026, month: 11, day: 2 }, 12 * 60, NY).toISOString()).toBe('2026-11-02T17:00:00.000Z');
    // 02:30 on 2026-03-08 does not exist in New York (02:00 EST → 03:00 EDT): read as EST, 03:30 EDT.
    expect(instantOf({ year: 2026, month: 3, day: 8 }, 2 * 60 + 30, NY).toISOString()).toBe('2026-03-08T07:30:00.000Z');
  });
});

describe('a weekly schedule', () => {
  const lunch = { weekdays: [1, 2, 3, 4, 5], startTime: '11:30', endTime: '14:00' };

  it.each([
    ['Monday 11:29', '2026-11-23T11:29', false],
    ['Monday 11:30 (start is inclusive)', '2026-11-23T11:30', true],
    ['Monday 13:59', '2026-11-23T13:59', true],
    ['Monday 14:00 (end is exclusive)', '2026-11-23T14:00', false],
    ['Saturday 12:00 (not a chosen day)', '2026-11-28T12:00', false],
    ['Friday 12:00', '2026-11-27T12:00', true],
  ])('lunch on weekdays: %s → %s', (_, local, holds) => {
    expect(scheduleHolds(lunch, sp(local), SP)).toBe(holds);
  });

  const fridayNight = { weekdays: [5], startTime: '22:00', endTime: '02:00' };
  it.each([
    ['Friday 21:59', '2026-11-27T21:59', false],
    ['Friday 22:00', '2026-11-27T22:00', true],
    ['Friday 23:59', '2026-11-27T23:59', true],
    ['Saturday 00:00 (the window crosses midnight)', '2026-11-28T00:00', true],
    ['Saturday 01:59', '2026-11-28T01:59', true],
    ['Saturday 02:00', '2026-11-28T02:00', false],
    ['Saturday 22:30 (Saturday is not chosen)', '2026-11-28T22:30', false],
    ['Friday 01:00 (the early hours belong to Thursday)', '2026-11-27T01:00', false],
  ])('Friday night 22:00–02:00: %s → %s', (_, local, holds) => {
    expect(scheduleHolds(fridayNight, sp(local), SP)).toBe(holds);
  });

  it('reads a missing start as midnight and a missing end as the end of the day', () => {
    expect(scheduleHolds({ weekdays: [1], startTime: null, endTime: '09:00' }, sp('2026-11-23T00:00'), SP)).toBe(true);
    expect(scheduleHolds({ weekdays: [1], startTime: null, endTime: '09:00' }, sp('2026-11-23T09:00'), SP)).toBe(false);
    expect(scheduleHolds({ weekdays: [1], startTime: '18:00', endTime: null }, sp('2026-11-23T23:59'), SP)).toBe(true);
    expect(scheduleHolds({ weekdays: [1], startTime: '18:00', endTime: null }, sp('2026-11-24T00:00'), SP)).toBe(false);
  });

  it('follows the workspace zone through daylight saving (New York)', () => {
    const morning = { weekdays: [...ALL_WEEKDAYS], startTime: '08:00', endTime: '09:00' };
    // 08:30 local is 12:30 UTC in summer (EDT) and 13:30 UTC in winter (EST).
    expect(scheduleHolds(morning, new Date('2026-10-30T12:30:00Z'), NY)).toBe(true);
    expect(scheduleHolds(morning, new Date('2026-11-03T12:30:00Z'), NY)).toBe(false);
    expect(scheduleHolds(morning, new Date('2026-11-03T13:30:00Z'), NY)).toBe(true);
  });
});

describe('the dates of a campaign', () => {
  const dated = campaign({ startDate: '2026-11-23T03:00:00.000Z', endDate: '2026-11-24T03:00:00.000Z' });
  it.each([
    ['the last minute before its start day', sp('2026-11-22T23:59'), false],
    ['its first instant (local midnight)', sp('2026-11-23T00:00'), true],
    ['the last minute of its day', sp('2026-11-23T23:59'), true],
    ['its end (exclusive)', sp('2026-11-24T00:00'), false],
  ])('one day in São Paulo: %s', (_, at, holds) => {
    expect(campaignHolds(dated, at, SP)).toBe(holds);
  });

  it('never plays a draft or a paused campaign', () => {
    expect(campaignHolds(campaign({ status: 'draft' }), sp('2026-11-23T12:00'), SP)).toBe(false);
    expect(campaignHolds(campaign({ status: 'paused' }), sp('2026-11-23T12:00'), SP)).toBe(false);
  });
});

describe('what a screen plays', () => {
  const at = sp('2026-11-23T12:00');

  it('plays the assigned playlists when no campaign holds', () => {
    const evening = campaign({ schedule: { startTime: '18:00', endTime: '22:00' } });
    expect(screenPlayAt([evening], [7, null], at, SP)).toEqual({
      fullScreen: false,
      windows: [{ source: 'playlist', playlistId: 7 }, { source: 'none' }],
    });
  });

  it('puts the campaign that holds in every window', () => {
    const lunch = campaign({ schedule: { startTime: '11:30', endTime: '14:00' } });
    expect(screenPlayAt([lunch], [7, 8], at, SP)).toEqual({
      fullScreen: false,
      windows: [
        { source: 'campaign', campaign: lunch },
        { source: 'campaign', campaign: lunch },
      ],
    });
  });

  it('prefers high over normal, and the newest among equals', () => {
    const older = campaign({ createdAt: '2026-11-01T00:00:00.000Z' });
    const newer = campaign({ createdAt: '2026-11-02T00:00:00.000Z' });
    const high = campaign({ priority: 'high', createdAt: '2026-10-01T00:00:00.000Z' });
    expect(campaignOnAir([older, newer], at, SP)).toBe(newer);
    expect(campaignOnAir([older, high, newer], at, SP)).toBe(high);
    // Same priority and instant: the higher id, so every caller picks the same one.
    const twinA = campaign({ id: 500 });
    const twinB = campaign({ id: 501 });
    expect(campaignOnAir([twinB, twinA], at, SP)).toBe(twinB);
    expect(campaignOnAir([twinA, twinB], at, SP)).toBe(twinB);
  });

  it('gives an emergency the whole screen, over any other campaign', () => {
    const high = campaign({ priority: 'high', createdAt: '2026-11-20T00:00:00.000Z' });
    const emergency = campaign({ priority: 'emergency', createdAt: '2026-01-01T00:00:00.000Z' });
    expect(screenPlayAt([high, emergency], [7, 8], at, SP)).toEqual({
      fullScreen: true,
      windows: [{ source: 'campaign', campaign: emergency }],
    });
  });

  it('decides each zone: a campaign that names zones plays only there, the others keep theirs (docs/layouts.md#campaigns)', () => {
    const keys = ['principal', 'lateral', 'rodape'];
    const main = campaign({ priority: 'high', zones: ['principal'] });
    const everywhere = campaign({ priority: 'normal' });
    expect(screenPlayAt([main], [7, 8, 9], at, SP, keys).windows).toEqual([
      { source: 'campaign', campaign: main },
      { source: 'playlist', playlistId: 8 },
      { source: 'playlist', playlistId: 9 },
    ]);
    // Below it, a campaign of every zone takes the zones it leaves.
    expect(screenPlayAt([everywhere, main], [7, 8, 9], at, SP, keys).windows).toEqual([
      { source: 'campaign', campaign: main },
      { source: 'campaign', campaign: everywhere },
      { source: 'campaign', campaign: everywhere },
    ]);
    // A screen without its zones plays it in its first zone (Tela Dupla: janela-1).
    expect(screenPlayAt([main], [7, 8], at, SP).windows).toEqual([
      { source: 'campaign', campaign: main },
      { source: 'playlist', playlistId: 8 },
    ]);
    const emergency = campaign({ priority: 'emergency' });
    expect(screenPlayAt([main, emergency], [7, 8, 9], at, SP, keys)).toEqual({
      fullScreen: true,
      windows: [{ source: 'campaign', campaign: emergency }],
    });
  });

  it('passes over an emergency that was ended or paused', () => {
    const ended = campaign({ priority: 'emergency', endDate: sp('2026-11-23T11:59').toISOString() });
    const paused = campaign({ priority: 'emergency', status: 'paused' });
    expect(screenPlayAt([ended, paused], [7], at, SP)).toEqual({
      fullScreen: false,
      windows: [{ source: 'playlist', playlistId: 7 }],
    });
  });
});

describe('when a campaign plays next, and what it means now', () => {
  const lunch = campaign({ schedule: { weekdays: [1, 2, 3, 4, 5], startTime: '11:30', endTime: '14:00' } });
  const week = (from: Date) => new Date(from.getTime() + 7 * 86_400_000);

  it('finds the next window start, skipping days not chosen', () => {
    const saturday = sp('2026-11-28T09:00');
    expect(nextStart(lunch, saturday, week(saturday), SP)).toEqual(sp('2026-11-30T11:30'));
    // Already within a window: now.
    const monday = sp('2026-11-23T12:00');
    expect(nextStart(lunch, monday, week(monday), SP)).toEqual(monday);
  });

  it('starts at the start date when that falls inside a window', () => {
    const late = campaign({ ...lunch, startDate: sp('2026-11-24T12:15').toISOString() });
    const from = sp('2026-11-23T15:00');
    expect(nextStart(late, from, week(from), SP)).toEqual(sp('2026-11-24T12:15'));
  });

  it('finds none past the end date or the horizon', () => {
    const ending = campaign({ ...lunch, endDate: sp('2026-11-27T11:00').toISOString() });
    const friday = sp('2026-11-27T10:00');
    expect(nextStart(ending, friday, week(friday), SP)).toBeNull();
    const saturday = sp('2026-11-28T09:00');
    expect(nextStart(lunch, saturday, sp('2026-11-30T11:00'), SP)).toBeNull();
  });

  it('says rascunho, pausada, no ar, agendada or encerrada', () => {
    const monday = sp('2026-11-23T12:00');
    expect(campaignState({ ...lunch, status: 'draft' }, monday, SP)).toBe('draft');
    expect(campaignState({ ...lunch, status: 'paused' }, monday, SP)).toBe('paused');
    expect(campaignState(lunch, monday, SP)).toBe('on_air');
    expect(campaignState(lunch, sp('2026-11-23T15:00'), SP)).toBe('scheduled');
    expect(campaignState({ ...lunch, endDate: sp('2026-11-23T13:00').toISOString() }, sp('2026-11-23T13:00'), SP)).toBe(
      'ended',
    );
    // Its only remaining day is a Saturday, which it does not play on.
    expect(campaignState({ ...lunch, endDate: sp('2026-11-29T00:00').toISOString() }, sp('2026-11-27T15:00'), SP)).toBe(
      'ended',
    );
    // Starts in a month: agendada.
    expect(campaignState({ ...lunch, startDate: sp('2026-12-23T00:00').toISOString() }, monday, SP)).toBe('scheduled');
  });

  it('carries in a manifest only what can play within the days given', () => {
    const monday = sp('2026-11-23T12:00');
    expect(playsWithin(lunch, monday, 7, SP)).toBe(true);
    expect(playsWithin({ ...lunch, startDate: sp('2026-12-23T00:00').toISOString() }, monday, 7, SP)).toBe(false);
    expect(playsWithin({ ...lunch, status: 'draft' }, monday, 7, SP)).toBe(false);
  });

  it('re-decides at the next minute, or at a start or end date before it', () => {
    const at = new Date('2026-11-23T15:00:20.000Z');
    expect(nextDecisionAt([lunch], at).toISOString()).toBe('2026-11-23T15:01:00.000Z');
    const ending = campaign({ endDate: '2026-11-23T15:00:45.500Z' });
    expect(nextDecisionAt([lunch, ending], at).toISOString()).toBe('2026-11-23T15:00:45.500Z');
  });
});
