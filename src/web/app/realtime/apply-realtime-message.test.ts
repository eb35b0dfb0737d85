import type { Device } from '@contract/devices';
import type { ScreenOnAir } from '@contract/screens';
import { byNameThenId } from '@contract/sort';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { applyRealtimeMessage, refetchAfterReconnect } from './apply-realtime-message';

// Cast: fields other branches add to Device (e.g. `paired`) need not be listed here.
const device = (id: number, name: string, extra: Partial<Device> = {}) =>
  ({
    id,
    userId: 1,
    name,
    location: 'Loja',
    resolution: '1920x1080',
    orientation: 'horizontal',
    layout: 'single',
    authCode: String(100000 + id),
    status: 'offline',
    lastSeen: null,
    activeSessionId: null,
    assignedPlaylistId1: null,
    assignedPlaylistId2: null,
    groupId: null,
    createdAt: '2026-11-01T00:00:00.000Z',
    nowPlaying: null,
    screenshotAt: null,
    ...extra,
  }) as Device;

function setup(devices: Device[]) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  queryClient.setQueryData(['/api/devices'], devices);
  let writes = 0;
  queryClient.getQueryCache().subscribe((e) => {
    if (e.type === 'updated' && e.action.type === 'success' && e.query.queryKey[0] === '/api/devices') writes += 1;
  });
  const list = () => queryClient.getQueryData<Device[]>(['/api/devices'])!;
  return { queryClient, list, writes: () => writes };
}

describe('applyRealtimeMessage (issue 12)', () => {
  it('inserts a created device at its place by name, replaces an edited one, removes a removed one, in place', () => {
    const { queryClient, list } = setup([device(1, 'Balcão'), device(2, 'Vitrine')]);
    applyRealtimeMessage(queryClient, { type: 'device_changed', device: device(3, 'Entrada') });
    expect(list().map((d) => d.name)).toEqual(['Balcão', 'Entrada', 'Vitrine']);
    const before = list();
    applyRealtimeMessage(queryClient, { type: 'device_changed', device: device(2, 'Vitrine', { location: 'Rua' }) });
    expect(list()[2]!.location).toBe('Rua');
    expect(list()[0]).toBe(before[0]); // untouched devices keep their identity
    applyRealtimeMessage(queryClient, { type: 'device_changed', device: device(1, 'Zona') });
    expect(list().map((d) => d.id)).toEqual([3, 2, 1]);
    applyRealtimeMessage(queryClient, { type: 'device_removed', deviceId: 2 });
    expect(list().map((d) => d.id)).toEqual([3, 1]);
    expect(queryClient.isFetching()).toBe(0);
  });

  it('places a device created or renamed live where the next refetch puts it (the server sorts with byNameThenId)', () => {
    const names = ['Avenida', 'area 0', 'TV 2', 'TV 10', 'tv 1', 'Ótica', 'TV 🎉'];
    // The list as the server answers it (contract/sort.ts, the comparator its kept list uses too).
    const { queryClient, list } = setup(names.map((name, i) => device(i + 1, name)).sort(byNameThenId));
    const live = [device(20, 'Área 1'), device(21, 'TV 3'), device(22, 'oficina'), device(23, 'TV 02')];
    for (const created of live) applyRealtimeMessage(queryClient, { type: 'device_changed', device: created });
    applyRealtimeMessage(queryClient, { type: 'device_changed', device: device(1, 'área 1') });
    const refetched = list()
      .map((d) => ({ ...d }))
      .sort(byNameThenId);
    expect(list().map((d) => d.name)).toEqual(refetched.map((d) => d.name));
    expect(list().map((d) => d.name)).toEqual([
      'area 0',
      'área 1',
      'Área 1',
      'oficina',
      'Ótica',
      'TV 🎉',
      'tv 1',
      'TV 02',
      'TV 2',
      'TV 3',
      'TV 10',
    ]);
  });

  it('applies a heartbeat batch in one cache update and leaves devices that did not beat untouched', () => {
    const devices = Array.from({ length: 5000 }, (_, i) => device(i + 1, `TV ${i}`, { status: 'online' }));
    const { queryClient, list, writes } = setup(devices);
    const beats = devices
      .filter((d) => d.id % 2 === 0)
      .map((d) => ({ deviceId: d.id, timestamp: '2026-11-22T10:00:00.000Z' }));
    applyRealtimeMessage(queryClient, { type: 'device_heartbeats', beats });
    expect(writes()).toBe(1);
    expect(list()[1]!.lastSeen).toBe('2026-11-22T10:00:00.000Z');
    expect(list()[0]).toBe(devices[0]);
    // The same batch again changes nothing: no cache write at all.
    applyRealtimeMessage(queryClient, { type: 'device_heartbeats', beats });
    expect(writes()).toBe(1);
  });

  it("patches a device's status in the list and on its own page, without refetching /api/stats", () => {
    const { queryClient, list } = setup([device(1, 'A')]);
    queryClient.setQueryData(['/api/devices/1'], device(1, 'A'));
    queryClient.setQueryData(['/api/stats'], { totalDevices: 1 });
    applyRealtimeMessage(queryClient, {
      type: 'device_update',
      deviceId: 1,
      status: 'online',
      activeSessionId: 's',
      lastSeen: '2026-11-22T10:00:00.000Z',
    });
    expect(list()[0]).toMatchObject({ status: 'online', activeSessionId: 's' });
    expect(queryClient.getQueryData<Device>(['/api/devices/1'])!.status).toBe('online');
    expect(queryClient.getQueryState(['/api/stats'])!.isInvalidated).toBe(false);
  });

  it('a removed playlist leaves the playlist list and every device that had it, at once', () => {
    const { queryClient, list } = setup([
      device(1, 'A', { assignedPlaylistId1: 6 }),
      device(2, 'B', { layout: 'dual', assignedPlaylistId1: 5, assignedPlaylistId2: 6 }),
    ]);
    queryClient.setQueryData(
      ['/api/playlists'],
      [
        { id: 5, name: 'Cinco' },
        { id: 6, name: 'Seis' },
      ],
    );
    expect(applyRealtimeMessage(queryClient, { type: 'playlist_removed', playlistId: 6 })).toBe('playlistUpdated');
    expect(queryClient.getQueryData<Array<{ id: number }>>(['/api/playlists'])!.map((p) => p.id)).toEqual([5]);
    expect(list().map((d) => [d.assignedPlaylistId1, d.assignedPlaylistId2])).toEqual([
      [null, null],
      [5, null],
    ]);
    expect(queryClient.getQueryState(['/api/playlists'])!.isInvalidated).toBe(true);
  });

  it('a removed group leaves its devices without a group; groups and media changes mark their lists stale', () => {
    const { queryClient, list } = setup([device(1, 'A', { groupId: 3 }), device(2, 'B', { groupId: 4 })]);
    for (const key of ['/api/device-groups', '/api/media', '/api/media/usage']) queryClient.setQueryData([key], []);
    applyRealtimeMessage(queryClient, { type: 'device_group_removed', groupId: 3 });
    expect(list().map((d) => d.groupId)).toEqual([null, 4]);
    expect(queryClient.getQueryState(['/api/device-groups'])!.isInvalidated).toBe(true);
    applyRealtimeMessage(queryClient, { type: 'media_update', mediaId: 9 });
    expect(queryClient.getQueryState(['/api/media'])!.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(['/api/media/usage'])!.isInvalidated).toBe(true);
  });

  it('after a reconnect every cached query is stale', async () => {
    const { queryClient } = setup([device(1, 'A')]);
    queryClient.setQueryData(['/api/playlists'], []);
    await refetchAfterReconnect(queryClient);
    expect(queryClient.getQueryState(['/api/devices'])!.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(['/api/playlists'])!.isInvalidated).toBe(true);
  });

  it('a resync (the server missed changes during an outage) makes every cached query stale, as a reconnect does, without a toast', () => {
    const { queryClient } = setup([device(1, 'A')]);
    queryClient.setQueryData(['/api/playlists'], []);
    queryClient.setQueryData(['/api/media'], []);
    expect(applyRealtimeMessage(queryClient, { type: 'resync' })).toBeNull();
    for (const key of ['/api/devices', '/api/playlists', '/api/media'])
      expect(queryClient.getQueryState([key])!.isInvalidated, key).toBe(true);
  });

  it("a campaign_update refreshes the campaign list and that campaign's form, not the playlists, in the campaigns' toast", () => {
    const { queryClient } = setup([]);
    for (const key of ['/api/campaigns', '/api/campaigns/7', '/api/campaigns/8', '/api/playlists', '/api/playlists/3'])
      queryClient.setQueryData([key], key === '/api/campaigns' ? [] : { id: 0 });
    const stale = (key: string) => queryClient.getQueryState([key])?.isInvalidated;
    expect(applyRealtimeMessage(queryClient, { type: 'campaign_update', campaignId: 7 })).toBe('campaignUpdated');
    expect(stale('/api/campaigns')).toBe(true);
    expect(stale('/api/campaigns/7')).toBe(true);
    expect(stale('/api/campaigns/8')).toBe(false);
    expect(stale('/api/playlists')).toBe(false);
    expect(stale('/api/playlists/3')).toBe(false);
  });

  it('a campaign_removed takes the campaign out of the list at once and makes its form refetch', () => {
    const { queryClient } = setup([]);
    queryClient.setQueryData(['/api/campaigns'], [{ id: 7 }, { id: 8 }]);
    queryClient.setQueryData(['/api/campaigns/7'], { id: 7 });
    expect(applyRealtimeMessage(queryClient, { type: 'campaign_removed', campaignId: 7 })).toBe('campaignUpdated');
    expect(queryClient.getQueryData<Array<{ id: number }>>(['/api/campaigns'])!.map((c) => c.id)).toEqual([8]);
    expect(queryClient.getQueryState(['/api/campaigns'])?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(['/api/campaigns/7'])?.isInvalidated).toBe(true);
  });

  it("a playlist_update (docs/api.md#calls) refreshes the playlists and the campaigns in the playlists' toast; bare, every open playlist", () => {
    const { queryClient } = setup([]);
    for (const key of ['/api/campaigns', '/api/playlists', '/api/playlists/3', '/api/playlists/4'])
      queryClient.setQueryData([key], []);
    const stale = (key: string) => queryClient.getQueryState([key])?.isInvalidated;
    expect(applyRealtimeMessage(queryClient, { type: 'playlist_update', playlistId: 3 })).toBe('playlistUpdated');
    expect([stale('/api/playlists'), stale('/api/campaigns'), stale('/api/playlists/3')]).toEqual([true, true, true]);
    expect(stale('/api/playlists/4')).toBe(false);
    expect(applyRealtimeMessage(queryClient, { type: 'playlist_update' })).toBe('playlistUpdated');
    expect(stale('/api/playlists/4')).toBe(true);
  });

  it('a workspace change (its time zone) makes the session stale, so the pages read the zone again', () => {
    const { queryClient } = setup([]);
    queryClient.setQueryData(['/api/auth/me'], { user: {}, workspace: { timeZone: 'America/Sao_Paulo' } });
    expect(applyRealtimeMessage(queryClient, { type: 'workspace_update' })).toBeNull();
    expect(queryClient.getQueryState(['/api/auth/me'])?.isInvalidated).toBe(true);
  });

  it('a removed device or group refreshes the campaigns too (they forget it)', () => {
    for (const message of [
      { type: 'device_removed', deviceId: 1 },
      { type: 'device_group_removed', groupId: 3 },
    ] as const) {
      const { queryClient } = setup([device(1, 'A', { groupId: 3 })]);
      queryClient.setQueryData(['/api/campaigns'], []);
      queryClient.setQueryData(['/api/campaigns/7'], { id: 7 });
      applyRealtimeMessage(queryClient, message);
      expect(queryClient.getQueryState(['/api/campaigns'])?.isInvalidated).toBe(true);
      expect(queryClient.getQueryState(['/api/campaigns/7'])?.isInvalidated).toBe(true);
    }
  });
});

describe('applyRealtimeMessage and the activity history (issue 15)', () => {
  it('a history_update (a sign-in, a user, an API key) refetches the history and its authors, nothing else', () => {
    const { queryClient } = setup([]);
    for (const key of ['/api/activities', '/api/activities/authors', '/api/playlists'])
      queryClient.setQueryData([key], []);
    expect(applyRealtimeMessage(queryClient, { type: 'history_update' })).toBeNull();
    expect(queryClient.getQueryState(['/api/activities'])?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(['/api/activities/authors'])?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(['/api/playlists'])?.isInvalidated).toBe(false);
  });

  it('marks the history stale on a change someone made, not on a status or a heartbeat', () => {
    const { queryClient } = setup([device(1, 'Balcão')]);
    const key = ['/api/activities', {}];
    const stale = () => queryClient.getQueryState(key)!.isInvalidated;
    queryClient.setQueryData(key, { pages: [], pageParams: [] });
    applyRealtimeMessage(queryClient, { type: 'device_heartbeat', deviceId: 1, timestamp: '2026-11-01T00:00:00.000Z' });
    applyRealtimeMessage(queryClient, {
      type: 'device_update',
      deviceId: 1,
      status: 'online',
      activeSessionId: null,
      lastSeen: '2026-11-01T00:00:00.000Z',
    });
    expect(stale()).toBe(false);
    applyRealtimeMessage(queryClient, { type: 'device_changed', device: device(1, 'Balcão 2') });
    expect(stale()).toBe(true);
    for (const message of [
      { type: 'playlist_update', playlistId: 4 },
      { type: 'campaign_update', campaignId: 7 },
      { type: 'campaign_removed', campaignId: 7 },
    ] as const) {
      queryClient.setQueryData(key, { pages: [], pageParams: [] });
      applyRealtimeMessage(queryClient, message);
      expect(stale(), message.type).toBe(true);
    }
  });
});

describe('applyRealtimeMessage and the screens seen from afar (issue 15)', () => {
  const menu: ScreenOnAir = { fullScreen: false, windows: [{ playlistId: 5, campaignId: null }] };

  it('applies what the TV reports playing: a new report, the same one again (kept as is), none (absent), cleared (null)', () => {
    const { queryClient, list } = setup([device(1, 'A', { nowPlaying: null }), device(2, 'B', { nowPlaying: null })]);
    queryClient.setQueryData(['/api/devices/1'], device(1, 'A', { nowPlaying: null }));
    const update = (nowPlaying?: ScreenOnAir | null) =>
      applyRealtimeMessage(queryClient, {
        type: 'device_update',
        deviceId: 1,
        status: 'online',
        activeSessionId: 's',
        lastSeen: '2026-11-22T10:00:00.000Z',
        ...(nowPlaying === undefined ? {} : { nowPlaying }),
      });
    update(menu);
    expect(list()[0]!.nowPlaying).toEqual(menu);
    expect(queryClient.getQueryData<Device>(['/api/devices/1'])!.nowPlaying).toEqual(menu);
    const reported = list()[0]!.nowPlaying;
    update({ fullScreen: false, windows: [{ playlistId: 5, campaignId: null }] });
    expect(list()[0]!.nowPlaying).toBe(reported);
    update();
    expect(list()[0]!.nowPlaying).toBe(reported);
    update({ fullScreen: true, windows: [{ playlistId: 5, campaignId: 8 }] });
    expect(list()[0]!.nowPlaying).toEqual({ fullScreen: true, windows: [{ playlistId: 5, campaignId: 8 }] });
    update(null);
    expect(list()[0]!.nowPlaying).toBeNull();
    expect(list()[1]!.nowPlaying).toBeNull();
  });

  it("counts a device's failed screenshots where the dialog watches them, touching no device", () => {
    const { queryClient, writes } = setup([device(1, 'A')]);
    expect(applyRealtimeMessage(queryClient, { type: 'device_screenshot_failed', deviceId: 1 })).toBeNull();
    applyRealtimeMessage(queryClient, { type: 'device_screenshot_failed', deviceId: 1 });
    applyRealtimeMessage(queryClient, { type: 'device_screenshot_failed', deviceId: 2 });
    expect(queryClient.getQueryData(['device-screenshot-failures', 1])).toBe(2);
    expect(queryClient.getQueryData(['device-screenshot-failures', 2])).toBe(1);
    expect(writes()).toBe(0);
  });

  it("tells a playlist change in the catalogue's toast, a device change in none (a campaign's: above)", () => {
    const { queryClient } = setup([device(1, 'A')]);
    expect(applyRealtimeMessage(queryClient, { type: 'playlist_update', playlistId: 4 })).toBe('playlistUpdated');
    expect(applyRealtimeMessage(queryClient, { type: 'device_changed', device: device(1, 'B') })).toBeNull();
  });
});
