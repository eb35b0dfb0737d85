import { describe, expect, it } from 'vitest';
import { campaignAimsAt } from './campaigns';

describe('campaignAimsAt', () => {
  const none = { deviceIds: [], groupIds: [], allDevices: false };
  const device = { id: 7, groupId: 3 };

  it('is aimed by the device id, by its group, or at all screens', () => {
    expect(campaignAimsAt({ ...none, deviceIds: [1, 7] }, device)).toBe(true);
    expect(campaignAimsAt({ ...none, groupIds: [3] }, device)).toBe(true);
    expect(campaignAimsAt({ ...none, allDevices: true }, device)).toBe(true);
  });

  it('misses other devices and groups, and a device without a group', () => {
    expect(campaignAimsAt(none, device)).toBe(false);
    expect(campaignAimsAt({ ...none, deviceIds: [8], groupIds: [4] }, device)).toBe(false);
    expect(campaignAimsAt({ ...none, groupIds: [3] }, { id: 7, groupId: null })).toBe(false);
  });
});
