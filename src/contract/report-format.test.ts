import { describe, expect, it } from 'vitest';
import { formatDayBr, formatHms, reportRowLabel } from './report-format';
import { reportExportQuerySchema, reportQuerySchema } from './reports';

describe('report formatting (CSV and /reports)', () => {
  it('writes time on screen as h:mm:ss rounded to the second, hours past 24 kept', () => {
    expect(formatHms(0)).toBe('0:00:00');
    expect(formatHms(499)).toBe('0:00:00');
    expect(formatHms(500)).toBe('0:00:01');
    expect(formatHms(3_723_400)).toBe('1:02:03');
    expect(formatHms(90_000_000)).toBe('25:00:00');
  });

  it('writes days as dd/mm/aaaa', () => {
    expect(formatDayBr('2026-03-07')).toBe('07/03/2026');
  });

  it('names rows without an id and removed ones', () => {
    expect(reportRowLabel('campaign', { id: null, name: null })).toBe('Sem campanha (playlists atribuídas)');
    expect(reportRowLabel('playlist', { id: null, name: null })).toBe('Sem playlist');
    expect(reportRowLabel('device', { id: 7, name: null })).toBe('Removido (#7)');
    expect(reportRowLabel('media', { id: 7, name: 'a.png' })).toBe('a.png');
    // Zones have keys, not ids: their name is the server's.
    expect(reportRowLabel('zone', { id: null, name: 'Rodapé' })).toBe('Rodapé');
    expect(reportRowLabel('zone', { id: null, name: null })).toBe('Sem zona registrada');
  });

  it('takes periods of 1 to 366 days and the export its dimension', () => {
    expect(reportQuerySchema.safeParse({ from: '2024-01-01', to: '2024-12-31' }).success).toBe(true);
    expect(reportQuerySchema.safeParse({ from: '2024-01-01', to: '2025-01-01' }).success).toBe(false);
    expect(reportQuerySchema.parse({ from: '2026-03-01', to: '2026-03-01', deviceId: '3' })).toEqual({
      from: '2026-03-01',
      to: '2026-03-01',
      deviceId: 3,
    });
    expect(
      reportExportQuerySchema.safeParse({ from: '2026-03-01', to: '2026-03-01', dimension: 'media' }).success,
    ).toBe(true);
    expect(reportExportQuerySchema.safeParse({ from: '2026-03-01', to: '2026-03-01', dimension: 'zone' }).success).toBe(
      true,
    );
    expect(
      reportExportQuerySchema.safeParse({ from: '2026-03-01', to: '2026-03-01', dimension: 'semana' }).success,
    ).toBe(false);
  });
});
