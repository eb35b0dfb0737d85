import type { Device } from '@contract/devices';

/** A device as `GET /api/devices` answers it: an offline, unpaired TV with nothing assigned. */
export const aDevice = (fields: Partial<Device> = {}): Device => ({
  id: 12,
  userId: 1,
  name: 'TV Recepção',
  location: 'Loja Centro',
  resolution: '1920x1080',
  orientation: 'horizontal',
  layout: 'single',
  authCode: '482913',
  paired: false,
  status: 'offline',
  lastSeen: null,
  activeSessionId: null,
  assignedPlaylistId1: null,
  assignedPlaylistId2: null,
  layoutId: null,
  zonePlaylistIds: [null],
  openingHours: null,
  groupId: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  nowPlaying: null,
  screenshotAt: null,
  health: null,
  ...fields,
});
