import { describe, expect, it } from 'vitest';
import type { Activity } from '@contract/activities';
import { activityTime, groupByDay } from './group-by-day';

const entry = (id: number, createdAt: string): Activity => ({
  id,
  type: 'device_created',
  description: `Dispositivo "TV ${id}" criado`,
  entityType: 'device',
  entityId: id,
  userId: 1,
  userName: 'ana',
  createdAt,
});

describe('groupByDay', () => {
  const now = new Date('2026-03-10T15:00:00Z');

  it('puts the entries under the days of the workspace time zone, named Hoje, Ontem, then the long date', () => {
    const items = [
      entry(4, '2026-03-10T12:00:00Z'),
      entry(3, '2026-03-10T02:00:00Z'),
      entry(2, '2026-03-09T10:00:00Z'),
      entry(1, '2026-03-06T10:00:00Z'),
    ];
    const groups = groupByDay(items, 'America/Sao_Paulo', now);
    // 02:00 UTC on the 10th is 23:00 on the 9th in São Paulo.
    expect(groups.map((g) => [g.day, g.label, g.items.map((i) => i.id)])).toEqual([
      ['2026-03-10', 'Hoje', [4]],
      ['2026-03-09', 'Ontem', [3, 2]],
      ['2026-03-06', 'Sexta-feira, 6 de março de 2026', [1]],
    ]);
    expect(groupByDay(items, 'UTC', now).map((g) => g.items.length)).toEqual([2, 1, 1]);
  });

  it('gives the time of day in the workspace time zone', () => {
    expect(activityTime('2026-03-10T02:05:00Z', 'America/Sao_Paulo')).toBe('23:05');
  });
});
