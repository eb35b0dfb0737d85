import { describe, expect, it } from 'vitest';
import { campaignState, type CampaignDates } from './campaign';

// Local dates on purpose: a campaign starts and ends at the TV's own midnight.
const at = (y: number, m: number, d: number, h = 0, min = 0) => new Date(y, m - 1, d, h, min);
const isCampaignActive = (dates: CampaignDates, now: Date) => campaignState(dates, now).active;

describe('campaign window', () => {
  it('is always on without a start date, whatever the duration', () => {
    expect(campaignState({ startDate: null, durationDays: 0 }, at(2026, 1, 1))).toEqual({
      active: true,
      changesAt: null,
    });
    expect(isCampaignActive({ startDate: null, durationDays: 30 }, at(2030, 1, 1))).toBe(true);
  });

  it('waits for the start day (local midnight) and says when it begins', () => {
    const dates = { startDate: '2026-05-07', durationDays: 0 };
    expect(campaignState(dates, at(2026, 5, 6, 23, 59))).toEqual({ active: false, changesAt: at(2026, 5, 7) });
    expect(campaignState(dates, at(2026, 5, 7, 0, 0))).toEqual({ active: true, changesAt: null });
  });

  it('0 days means forever once started', () => {
    expect(isCampaignActive({ startDate: '2020-01-01', durationDays: 0 }, at(2035, 12, 31))).toBe(true);
  });

  it('runs for durationDays whole days: the start day plus N-1 more', () => {
    const dates = { startDate: '2026-05-07', durationDays: 3 };
    expect(campaignState(dates, at(2026, 5, 7, 8))).toEqual({ active: true, changesAt: at(2026, 5, 10) });
    expect(isCampaignActive(dates, at(2026, 5, 9, 23, 59))).toBe(true);
    expect(campaignState(dates, at(2026, 5, 10, 0, 0))).toEqual({ active: false, changesAt: null });
    expect(isCampaignActive(dates, at(2027, 1, 1))).toBe(false);
  });

  it('counts calendar days across month and year ends', () => {
    const dates = { startDate: '2026-12-30', durationDays: 5 };
    expect(isCampaignActive(dates, at(2027, 1, 3, 12))).toBe(true);
    expect(isCampaignActive(dates, at(2027, 1, 4))).toBe(false);
  });

  it('accepts an ISO date-time by its calendar day and treats an unreadable date as no date', () => {
    expect(isCampaignActive({ startDate: '2026-05-07T00:00:00.000Z', durationDays: 1 }, at(2026, 5, 7, 15))).toBe(true);
    expect(isCampaignActive({ startDate: 'amanhã', durationDays: 1 }, at(2026, 5, 7))).toBe(true);
  });
});
