import { describe, expect, it } from 'vitest';
import { addDays, dayIn, presetOf, presetPeriod } from '@web/lib/period';
import { reportSearch, reportStateOf } from './period';

describe('report periods', () => {
  // 2026-03-01 01:30 UTC is still 28 February in São Paulo (UTC−3).
  const now = new Date('2026-03-01T01:30:00Z');
  const zone = 'America/Sao_Paulo';

  it('reads today in the workspace time zone', () => {
    expect(dayIn(now, zone)).toBe('2026-02-28');
    expect(dayIn(now, 'UTC')).toBe('2026-03-01');
  });

  it('makes the presets, both ends included', () => {
    expect(presetPeriod('today', now, zone)).toEqual({ from: '2026-02-28', to: '2026-02-28' });
    expect(presetPeriod('last7', now, zone)).toEqual({ from: '2026-02-22', to: '2026-02-28' });
    expect(presetPeriod('last30', now, zone)).toEqual({ from: '2026-01-30', to: '2026-02-28' });
    expect(presetPeriod('thisMonth', now, zone)).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(presetOf({ from: '2026-02-22', to: '2026-02-28' }, now, zone)).toBe('last7');
    expect(presetOf({ from: '2026-02-21', to: '2026-02-28' }, now, zone)).toBeNull();
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
  });

  it('writes the query string with the filters that are set', () => {
    expect(reportSearch({ from: '2026-03-01', to: '2026-03-07' }, { groupId: 4, mediaId: undefined })).toBe(
      'from=2026-03-01&to=2026-03-07&groupId=4',
    );
    expect(reportSearch({ from: '2026-03-01', to: '2026-03-01' }, { campaignId: 2 }, 'media')).toBe(
      'from=2026-03-01&to=2026-03-01&campaignId=2&dimension=media',
    );
  });

  it('reads back from the address what it wrote, and nothing from an address the API would refuse', () => {
    const shown = {
      period: { from: '2026-03-01', to: '2026-03-07' },
      filters: { deviceId: 9, mediaId: 3 },
      dimension: 'campaign' as const,
    };
    expect(reportStateOf(`?${reportSearch(shown.period, shown.filters, shown.dimension)}`)).toEqual(shown);
    expect(reportStateOf('from=2026-03-01&to=2026-03-01&utm=x&dimension=nada')).toEqual({
      period: { from: '2026-03-01', to: '2026-03-01' },
      filters: {},
      dimension: null,
    });
    expect(reportStateOf('from=2026-03-01&to=2026-03-01&dimension=zone')?.dimension).toBe('zone');
    expect(reportStateOf('')).toBeNull();
    expect(reportStateOf('from=2026-03-07&to=2026-03-01')).toBeNull();
    expect(reportStateOf('from=2024-01-01&to=2026-01-01')).toBeNull();
    expect(reportStateOf('from=2026-03-01&to=2026-03-07&mediaId=abc')).toBeNull();
  });
});
