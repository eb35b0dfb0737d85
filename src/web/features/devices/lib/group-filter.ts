import type { Device } from '@contract/devices';

/** The group select's values: every device, those without a group, or one group's id (as text). */
export const ALL_GROUPS = 'all';
export const NO_GROUP = 'none';
export type GroupFilter = string;

/**
 * The devices of the chosen group, in the list's order. "All" gives the same array back, so
 * memoized consumers see no change.
 */
export function filterByGroup<T extends Pick<Device, 'groupId'>>(
  devices: readonly T[],
  filter: GroupFilter,
): readonly T[] {
  if (filter === ALL_GROUPS) return devices;
  const groupId = filter === NO_GROUP ? null : Number(filter);
  return devices.filter((device) => device.groupId === groupId);
}

/** A filter on a group that no longer exists (removed meanwhile) falls back to every group. */
export function knownGroupFilter(filter: GroupFilter, groups: readonly { id: number }[] | undefined): GroupFilter {
  if (filter === ALL_GROUPS || filter === NO_GROUP || !groups) return filter;
  return groups.some((group) => String(group.id) === filter) ? filter : ALL_GROUPS;
}
