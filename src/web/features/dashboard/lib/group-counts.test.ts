import { describe, expect, it } from 'vitest';
import { countByGroup } from './group-counts';

const groups = [
  { id: 2, name: 'Lojas' },
  { id: 1, name: 'Recepção' },
];

describe('countByGroup', () => {
  it('counts online and offline per group in the groups order, then Sem grupo', () => {
    const devices = [
      { groupId: 1, status: 'online' as const },
      { groupId: 1, status: 'offline' as const },
      { groupId: 1, status: 'online' as const },
      { groupId: null, status: 'offline' as const },
      { groupId: 9, status: 'online' as const },
    ];
    expect(countByGroup(devices, groups, 'Sem grupo')).toEqual([
      { groupId: 2, name: 'Lojas', online: 0, offline: 0 },
      { groupId: 1, name: 'Recepção', online: 2, offline: 1 },
      { groupId: null, name: 'Sem grupo', online: 1, offline: 1 },
    ]);
  });

  it('leaves Sem grupo out when every device has a group', () => {
    expect(countByGroup([{ groupId: 2, status: 'online' }], groups, 'Sem grupo').map((r) => r.name)).toEqual([
      'Lojas',
      'Recepção',
    ]);
  });
});
