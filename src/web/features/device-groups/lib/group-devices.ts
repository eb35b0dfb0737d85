import type { Device } from '@contract/devices';

/** How many devices a group has, and how many of them show two windows (they need two playlists). */
export function groupDeviceCounts(
  devices: readonly Pick<Device, 'groupId' | 'layout'>[],
  groupId: number,
): { total: number; dual: number } {
  let total = 0;
  let dual = 0;
  for (const device of devices) {
    if (device.groupId !== groupId) continue;
    total += 1;
    if (device.layout === 'dual') dual += 1;
  }
  return { total, dual };
}
