import type { Device } from '@contract/devices';

export type GroupCount = { groupId: number | null; name: string; online: number; offline: number };

/**
 * Online and offline devices per group, from the device list already loaded: every group in the
 * order given (by name), then "Sem grupo" when some device has none (or a group not in the list,
 * e.g. one removed a moment ago).
 */
export function countByGroup(
  devices: readonly Pick<Device, 'groupId' | 'status'>[],
  groups: readonly { id: number; name: string }[],
  noGroupName: string,
): GroupCount[] {
  const rows = new Map<number, GroupCount>(
    groups.map((g) => [g.id, { groupId: g.id, name: g.name, online: 0, offline: 0 }]),
  );
  const none: GroupCount = { groupId: null, name: noGroupName, online: 0, offline: 0 };
  for (const device of devices) {
    const row = (device.groupId === null ? undefined : rows.get(device.groupId)) ?? none;
    if (device.status === 'online') row.online += 1;
    else row.offline += 1;
  }
  const counted = [...rows.values()];
  return none.online + none.offline > 0 ? [...counted, none] : counted;
}
