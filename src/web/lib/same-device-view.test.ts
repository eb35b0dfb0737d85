import type { Device } from '@contract/devices';
import { describe, expect, it } from 'vitest';
import { sameDeviceExceptLastSeen, samePropsExceptLastSeen } from './same-device-view';

// Cast: fields other branches add to Device (e.g. `paired`) need not be listed here.
const device = {
  id: 1,
  userId: 1,
  name: 'TV',
  location: 'Loja',
  resolution: '1920x1080',
  orientation: 'horizontal',
  layout: 'single',
  authCode: '123456',
  status: 'online',
  lastSeen: '2026-11-22T10:00:00.000Z',
  activeSessionId: null,
  assignedPlaylistId1: null,
  assignedPlaylistId2: null,
  groupId: null,
  createdAt: '2026-11-01T00:00:00.000Z',
  nowPlaying: { fullScreen: false, windows: [{ playlistId: 3, campaignId: null }] },
  screenshotAt: null,
} as Device;

describe('device cards re-render only for what they show', () => {
  it('ignores lastSeen, and nothing else', () => {
    expect(sameDeviceExceptLastSeen(device, { ...device, lastSeen: '2026-11-22T10:00:05.000Z' })).toBe(true);
    expect(sameDeviceExceptLastSeen(device, { ...device, status: 'offline' })).toBe(false);
    expect(sameDeviceExceptLastSeen(device, { ...device, assignedPlaylistId1: 4 })).toBe(false);
    expect(sameDeviceExceptLastSeen(device, { ...device, paired: true } as Device)).toBe(false);
    expect(sameDeviceExceptLastSeen(device, { ...device, screenshotAt: '2026-11-22T10:00:05.000Z' })).toBe(false);
  });

  it('compares what the TV reports playing by value: a repeated report re-renders nothing (issue 15)', () => {
    const same = { fullScreen: false, windows: [{ playlistId: 3, campaignId: null }] };
    expect(sameDeviceExceptLastSeen(device, { ...device, nowPlaying: same })).toBe(true);
    expect(sameDeviceExceptLastSeen(device, { ...device, nowPlaying: { ...same, fullScreen: true } })).toBe(false);
    expect(
      sameDeviceExceptLastSeen(device, {
        ...device,
        nowPlaying: { fullScreen: false, windows: [{ playlistId: 3, campaignId: 9 }] },
      }),
    ).toBe(false);
    expect(
      sameDeviceExceptLastSeen(device, {
        ...device,
        nowPlaying: { fullScreen: false, windows: [same.windows[0]!, same.windows[0]!] },
      }),
    ).toBe(false);
    expect(sameDeviceExceptLastSeen(device, { ...device, nowPlaying: null })).toBe(false);
    expect(sameDeviceExceptLastSeen({ ...device, nowPlaying: null }, { ...device, nowPlaying: null })).toBe(true);
  });

  it('compares the other props by identity', () => {
    const onAssign = () => {};
    const props = { device, onAssign, loading: false };
    expect(samePropsExceptLastSeen(props, { ...props, device: { ...device, lastSeen: null } })).toBe(true);
    expect(samePropsExceptLastSeen(props, { ...props, onAssign: () => {} })).toBe(false);
    expect(samePropsExceptLastSeen(props, { ...props, loading: true })).toBe(false);
  });
});
