import { describe, expect, it } from 'vitest';
import { summarizeDevices } from './device-summary';

describe('summarizeDevices', () => {
  it('splits the list into online and offline, keeping the order', () => {
    const devices = [
      { id: 1, status: 'offline' as const },
      { id: 2, status: 'online' as const },
      { id: 3, status: 'offline' as const },
      { id: 4, status: 'online' as const },
    ];
    const summary = summarizeDevices(devices);
    expect(summary.total).toBe(4);
    expect(summary.online.map((d) => d.id)).toEqual([2, 4]);
    expect(summary.offline.map((d) => d.id)).toEqual([1, 3]);
  });

  it('gives zeros for no devices', () => {
    expect(summarizeDevices([])).toEqual({ total: 0, online: [], offline: [] });
  });
});
