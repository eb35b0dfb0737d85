import { describe, expect, it } from 'vitest';
import type { DeviceHealth } from '@contract/screen-health';
import { aDevice } from '@web/test/device-fixture';
import { filterByHealth, formatUptime, NO_HEALTH_FILTER } from './device-health';

const health = (flags: Pick<DeviceHealth, 'lowStorage' | 'oldVersion'>): DeviceHealth => ({
  playerVersion: '0.1.0',
  appVersion: null,
  platform: null,
  resolution: null,
  freeStorageBytes: null,
  cacheBytes: null,
  memoryBytes: null,
  uptimeSeconds: null,
  localIp: null,
  lastError: null,
  reportedAt: '2026-05-07T15:00:00.000Z',
  ...flags,
});

describe('device health helpers', () => {
  it('filters the list by the flags the server judged; none on keeps the same array', () => {
    const devices = [
      aDevice({ id: 1 }),
      aDevice({ id: 2, health: health({ lowStorage: true, oldVersion: false }) }),
      aDevice({ id: 3, health: health({ lowStorage: false, oldVersion: true }) }),
      aDevice({ id: 4, health: health({ lowStorage: true, oldVersion: true }) }),
    ];
    expect(filterByHealth(devices, NO_HEALTH_FILTER)).toBe(devices);
    const ids = (filter: { lowStorage: boolean; oldVersion: boolean }) =>
      filterByHealth(devices, filter).map((d) => d.id);
    expect(ids({ lowStorage: true, oldVersion: false })).toEqual([2, 4]);
    expect(ids({ lowStorage: false, oldVersion: true })).toEqual([3, 4]);
    expect(ids({ lowStorage: true, oldVersion: true })).toEqual([4]);
  });

  it('says the uptime in its two largest units, in Portuguese', () => {
    expect(formatUptime(0)).toBe('0 segundos');
    expect(formatUptime(1)).toBe('1 segundo');
    expect(formatUptime(65)).toBe('1 minuto');
    expect(formatUptime(2 * 3600 + 5 * 60 + 9)).toBe('2 horas e 5 minutos');
    expect(formatUptime(3600 + 30)).toBe('1 hora');
    expect(formatUptime(3 * 86_400 + 4 * 3600 + 59)).toBe('3 dias e 4 horas');
    expect(formatUptime(86_400 + 60)).toBe('1 dia');
  });
});
