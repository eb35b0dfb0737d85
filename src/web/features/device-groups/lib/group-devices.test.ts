import { describe, expect, it } from 'vitest';
import { groupDeviceCounts } from './group-devices';

describe('groupDeviceCounts', () => {
  it("counts the group's devices and the dual-layout ones among them", () => {
    const devices = [
      { groupId: 1, layout: 'single' as const },
      { groupId: 1, layout: 'dual' as const },
      { groupId: 2, layout: 'dual' as const },
      { groupId: null, layout: 'dual' as const },
    ];
    expect(groupDeviceCounts(devices, 1)).toEqual({ total: 2, dual: 1 });
    expect(groupDeviceCounts(devices, 3)).toEqual({ total: 0, dual: 0 });
  });
});
