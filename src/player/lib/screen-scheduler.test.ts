import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Manifest, ManifestCampaign } from '@contract/tv';
import { manifestCampaign as campaign, manifestPlaylist as playlist } from './test-manifests';
import { DeviceLink } from './device-link';
import type { ScreenPlan } from './screen-plan';
import { clockOffsetOf, ScreenScheduler } from './screen-scheduler';
import { loadClockOffset, loadManifest, saveClockOffset, saveManifest } from './storage';

// São Paulo is UTC−3 all year: 12:00 there is 15:00Z. 2026-05-08 is a Friday.
const at = (iso: string) => new Date(iso).getTime();

function manifest(campaigns: ManifestCampaign[], layout: 'single' | 'dual' = 'single'): Manifest {
  return {
    version: `v${Math.random()}`,
    device: { id: 7, name: 'TV Recepção', layout, orientation: 'horizontal', resolution: '1920x1080' },
    windows: layout === 'dual' ? [playlist(1), playlist(2)] : [playlist(1)],
    campaigns,
    timeZone: 'America/Sao_Paulo',
    serverTime: new Date().toISOString(),
  };
}

/** What the screen shows, in one string per window: `c<id>:p<playlist>` or `p<playlist>`. */
const shown = (plan: ScreenPlan) =>
  plan.windows
    .map((w) =>
      w.source === 'campaign' ? `c${w.campaignId}:p${w.playlist?.playlistId}` : `p${w.playlist?.playlistId}`,
    )
    .join(' ');

/** A scheduler whose every reported plan is logged with the (fake) device clock's time. */
function watch(first: Manifest, offsetMs = 0) {
  const log: Array<{ t: string; shown: string; fullScreen: boolean; campaignId: number | null }> = [];
  const scheduler = new ScreenScheduler(
    (plan) =>
      log.push({
        t: new Date().toISOString(),
        shown: shown(plan),
        fullScreen: plan.fullScreen,
        campaignId: plan.campaignId,
      }),
    offsetMs,
  );
  scheduler.setManifest(first);
  return { scheduler, log, last: () => log.at(-1)! };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the player switches campaigns on time by itself', () => {
  it('starts a daily window at its start and ends it at its end, to the millisecond', () => {
    vi.setSystemTime(at('2026-05-07T14:58:30Z')); // 11:58:30 in São Paulo
    const lunch = campaign(5, { schedule: { weekdays: [0, 1, 2, 3, 4, 5, 6], startTime: '12:00', endTime: '13:00' } });
    const { log } = watch(manifest([lunch]));
    vi.advanceTimersByTime(at('2026-05-07T16:30:00Z') - Date.now());
    expect(log.map(({ t, shown }) => [t, shown])).toEqual([
      ['2026-05-07T14:58:30.000Z', 'p1'],
      ['2026-05-07T15:00:00.000Z', 'c5:p105'],
      ['2026-05-07T16:00:00.000Z', 'p1'],
    ]);
  });

  it('plays a window that crosses midnight from the evening of its weekday into the next morning only', () => {
    vi.setSystemTime(at('2026-05-08T12:00:00Z')); // Friday 09:00
    const night = campaign(6, { schedule: { weekdays: [5], startTime: '22:00', endTime: '02:00' } });
    const { log } = watch(manifest([night]));
    vi.advanceTimersByTime(at('2026-05-10T12:00:00Z') - Date.now()); // until Sunday 09:00
    expect(log.map(({ t, shown }) => [t, shown])).toEqual([
      ['2026-05-08T12:00:00.000Z', 'p1'],
      ['2026-05-09T01:00:00.000Z', 'c6:p106'], // Friday 22:00
      ['2026-05-09T05:00:00.000Z', 'p1'], // Saturday 02:00; Saturday night is not Friday
    ]);
  });

  it('switches at a start and end date given in seconds, and the higher priority wins', () => {
    vi.setSystemTime(at('2026-05-07T15:00:00Z'));
    const normal = campaign(1, { startDate: '2026-05-07T15:00:20.000Z', endDate: '2026-05-07T15:00:40.000Z' });
    const high = campaign(2, {
      priority: 'high',
      createdAt: '2026-04-01T00:00:00.000Z',
      startDate: '2026-05-07T15:00:30.000Z',
      endDate: '2026-05-07T15:00:35.000Z',
    });
    const { log } = watch(manifest([normal, high]));
    vi.advanceTimersByTime(60_000);
    expect(log.map(({ t, shown }) => [t, shown])).toEqual([
      ['2026-05-07T15:00:00.000Z', 'p1'],
      ['2026-05-07T15:00:20.000Z', 'c1:p101'],
      ['2026-05-07T15:00:30.000Z', 'c2:p102'],
      ['2026-05-07T15:00:35.000Z', 'c1:p101'],
      ['2026-05-07T15:00:40.000Z', 'p1'],
    ]);
  });

  it('lets an emergency take the whole screen over a campaign in both windows, and gives each window back its own', () => {
    vi.setSystemTime(at('2026-05-07T15:00:00Z'));
    const normal = campaign(1, { startDate: '2026-05-07T15:00:10.000Z', endDate: '2026-05-07T15:02:00.000Z' });
    const emergency = campaign(9, { priority: 'emergency', startDate: '2026-05-07T15:00:20.000Z' });
    const { scheduler, log, last } = watch(manifest([normal, emergency], 'dual'));
    vi.advanceTimersByTime(10_000);
    expect(last()).toMatchObject({ shown: 'c1:p101 c1:p101', fullScreen: false, campaignId: 1 });
    vi.advanceTimersByTime(10_000);
    expect(last()).toMatchObject({ t: '2026-05-07T15:00:20.000Z', shown: 'c9:p109', fullScreen: true, campaignId: 9 });
    vi.advanceTimersByTime(60_000);
    expect(last().shown).toBe('c9:p109');

    // Ended from the panel: the server sends a manifest where it ended now.
    scheduler.setManifest(manifest([normal, { ...emergency, endDate: new Date().toISOString() }], 'dual'));
    expect(last()).toMatchObject({
      t: '2026-05-07T15:01:20.000Z',
      shown: 'c1:p101 c1:p101',
      fullScreen: false,
      campaignId: 1,
    });
    vi.advanceTimersByTime(60_000);
    expect(last()).toMatchObject({
      t: '2026-05-07T15:02:00.000Z',
      shown: 'p1 p2',
      fullScreen: false,
      campaignId: null,
    });
    expect(log).toHaveLength(5);
  });

  it('runs on the server clock: a device five minutes behind still switches at the server time', () => {
    // The device reads 11:55:00 when the server says 12:00:00 (São Paulo).
    vi.setSystemTime(at('2026-05-07T14:55:00Z'));
    const offset = clockOffsetOf('2026-05-07T15:00:00.000Z', Date.now())!;
    expect(offset).toBe(5 * 60_000);
    const soon = campaign(3, { startDate: '2026-05-07T15:00:30.000Z', endDate: '2026-05-07T15:01:00.000Z' });

    const behind = watch(manifest([soon]));
    const corrected = watch(manifest([soon]), offset);
    vi.advanceTimersByTime(30_000);
    expect(corrected.log.map(({ t, shown }) => [t, shown])).toEqual([
      ['2026-05-07T14:55:00.000Z', 'p1'],
      ['2026-05-07T14:55:30.000Z', 'c3:p103'],
    ]);
    expect(behind.last().shown).toBe('p1');

    // The first heartbeat answer corrects the uncorrected one at once.
    behind.scheduler.setOffset(offset);
    expect(behind.last()).toMatchObject({ t: '2026-05-07T14:55:30.000Z', shown: 'c3:p103' });
    vi.advanceTimersByTime(30_000);
    expect(corrected.last()).toMatchObject({ t: '2026-05-07T14:56:00.000Z', shown: 'p1' });
    expect(clockOffsetOf('not a date', Date.now())).toBeNull();
  });

  it('keeps switching offline after a reload: the stored manifest and clock offset are enough', async () => {
    const storage = new Map<string, string>();
    vi.stubGlobal('localStorage', {
      getItem: (key: string) => storage.get(key) ?? null,
      setItem: (key: string, value: string) => void storage.set(key, value),
      removeItem: (key: string) => void storage.delete(key),
    });
    // No network at all: every request fails, the socket cannot even be opened.
    const fetch = vi.fn(() => Promise.reject(new TypeError('Failed to fetch')));
    vi.stubGlobal('fetch', fetch);
    vi.stubGlobal('WebSocket', function WebSocket() {
      throw new Error('network down');
    });
    vi.stubGlobal('window', new EventTarget());
    vi.stubGlobal('location', { protocol: 'http:', host: 'tv.local' });

    vi.setSystemTime(at('2026-05-07T14:59:00Z'));
    const soon = campaign(4, { startDate: '2026-05-07T15:05:00.000Z', endDate: '2026-05-07T15:06:00.000Z' });
    saveManifest({ manifest: manifest([soon]), etag: '"v1"' });
    saveClockOffset(60_000); // the server was a minute ahead when last heard

    // What the page does on load (PlaybackScreen): the stored manifest and offset, then the link.
    const stored = loadManifest()!;
    const { scheduler, log } = watch(stored.manifest, loadClockOffset());
    const connection: boolean[] = [];
    const link = new DeviceLink(
      'token',
      { version: stored.manifest.version, etag: stored.etag },
      {
        onManifest: (m) => scheduler.setManifest(m),
        onRevoked: () => connection.push(false),
        onConnection: (online) => connection.push(online),
        onClockOffset: (offset) => scheduler.setOffset(offset),
      },
    );
    link.start();
    await vi.advanceTimersByTimeAsync(at('2026-05-07T15:10:00Z') - Date.now());
    link.stop();
    scheduler.dispose();

    expect(fetch).toHaveBeenCalled();
    expect(connection).toEqual([false]);
    expect(log.map(({ t, shown }) => [t, shown])).toEqual([
      ['2026-05-07T14:59:00.000Z', 'p1'],
      ['2026-05-07T15:04:00.000Z', 'c4:p104'],
      ['2026-05-07T15:05:00.000Z', 'p1'],
    ]);
  });
});
