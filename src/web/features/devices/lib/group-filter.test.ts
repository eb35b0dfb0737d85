import { describe, expect, it } from 'vitest';
import { ALL_GROUPS, NO_GROUP, filterByGroup, knownGroupFilter } from './group-filter';

const devices = [
  { id: 1, groupId: 10 },
  { id: 2, groupId: null },
  { id: 3, groupId: 20 },
  { id: 4, groupId: 10 },
];

describe('filterByGroup', () => {
  it('keeps the same array for every group', () => {
    expect(filterByGroup(devices, ALL_GROUPS)).toBe(devices);
  });

  it('keeps one group, or the devices without a group, in order', () => {
    expect(filterByGroup(devices, '10').map((d) => d.id)).toEqual([1, 4]);
    expect(filterByGroup(devices, NO_GROUP).map((d) => d.id)).toEqual([2]);
    expect(filterByGroup(devices, '99')).toEqual([]);
  });
});

describe('knownGroupFilter', () => {
  it('drops a group that is gone once the groups are known', () => {
    expect(knownGroupFilter('10', [{ id: 10 }])).toBe('10');
    expect(knownGroupFilter('10', [{ id: 20 }])).toBe(ALL_GROUPS);
    expect(knownGroupFilter('10', undefined)).toBe('10');
    expect(knownGroupFilter(NO_GROUP, [])).toBe(NO_GROUP);
  });
});
