import { describe, expect, it } from 'vitest';
import { formatIncidentDuration } from './incident-duration';

const start = '2026-11-20T10:00:00.000Z';
const at = (iso: string) => new Date(iso).getTime();

describe('formatIncidentDuration', () => {
  it('says minutes, hours and minutes, then days and hours', () => {
    expect(formatIncidentDuration(start, '2026-11-20T10:00:30.000Z', 0)).toBe('menos de 1 min');
    expect(formatIncidentDuration(start, '2026-11-20T10:45:59.000Z', 0)).toBe('45 min');
    expect(formatIncidentDuration(start, '2026-11-20T11:12:00.000Z', 0)).toBe('1 h 12 min');
    expect(formatIncidentDuration(start, '2026-11-20T12:00:00.000Z', 0)).toBe('2 h');
    expect(formatIncidentDuration(start, '2026-11-23T14:30:00.000Z', 0)).toBe('3 d 4 h');
    expect(formatIncidentDuration(start, '2026-11-22T10:05:00.000Z', 0)).toBe('2 d');
  });

  it('measures an open incident up to now', () => {
    expect(formatIncidentDuration(start, null, at('2026-11-20T10:20:00.000Z'))).toBe('20 min');
  });
});
