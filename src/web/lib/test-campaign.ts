import type { Campaign } from '@contract/campaigns';

let nextId = 1;
/** A published campaign for every day, all day, aimed at nothing: tests change what they need. */
export function campaign(fields: Partial<Campaign> = {}): Campaign {
  const id = fields.id ?? nextId++;
  return {
    id,
    userId: 1,
    name: `Campanha ${id}`,
    description: null,
    playlistId: 1,
    deviceIds: [],
    groupIds: [],
    allDevices: false,
    startDate: null,
    endDate: null,
    status: 'published',
    priority: 'normal',
    schedule: { weekdays: [0, 1, 2, 3, 4, 5, 6], startTime: null, endTime: null },
    zones: null,
    type: 'regular',
    advertiserId: null,
    goalKind: null,
    goalPlays: null,
    capPerHour: null,
    delivery: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...fields,
  };
}
