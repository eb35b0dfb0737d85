import { describe, expect, it } from 'vitest';
import { timeZoneOptions } from './time-zones';

describe('timeZoneOptions', () => {
  it("lists the runtime's zones with the default and the current one, sorted", () => {
    expect(timeZoneOptions('Etc/GMT+3', ['Europe/Lisbon', 'America/Manaus'])).toEqual([
      'America/Manaus',
      'America/Sao_Paulo',
      'Etc/GMT+3',
      'Europe/Lisbon',
    ]);
  });

  it('holds every zone of the runtime (Intl.supportedValuesOf)', () => {
    const zones = timeZoneOptions(null);
    expect(zones).toContain('America/Sao_Paulo');
    expect(zones).toContain('Europe/Lisbon');
    expect(new Set(zones).size).toBe(zones.length);
  });
});
