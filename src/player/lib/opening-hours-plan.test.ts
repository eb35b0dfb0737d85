import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OpeningHours } from '@contract/opening-hours';
import type { Manifest } from '@contract/tv';
import { keepScreenOn } from './app-bridge';
import { manifestCampaign as campaign, manifestPlaylist as playlist } from './test-manifests';
import { nextPlanCheck, planKey, planScreen, screenOnAir, type ScreenPlan } from './screen-plan';
import { ScreenScheduler } from './screen-scheduler';

// São Paulo is UTC−3 all year: 08:00 there is 11:00Z. 2026-05-08 is a Friday.
const at = (iso: string) => new Date(iso).getTime();
const weekdays = (start: string, end: string) => [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start, end }));

function manifest(openingHours?: OpeningHours): Manifest {
  return {
    version: `v${Math.random()}`,
    device: { id: 7, name: 'TV Recepção', layout: 'single', orientation: 'horizontal', resolution: '1920x1080' },
    windows: [playlist(1)],
    campaigns: [campaign(5)],
    ...(openingHours ? { openingHours } : {}),
    timeZone: 'America/Sao_Paulo',
    serverTime: new Date().toISOString(),
  };
}

const shown = (plan: ScreenPlan) =>
  plan.open ? plan.windows.map((w) => `p${w.playlist?.playlistId}`).join(' ') : 'off';

function watch(first: Manifest, offsetMs = 0) {
  const log: Array<[string, string]> = [];
  const scheduler = new ScreenScheduler((plan) => log.push([new Date().toISOString(), shown(plan)]), offsetMs);
  scheduler.setManifest(first);
  return { scheduler, log };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('the plan outside the opening hours', () => {
  const hours: OpeningHours = { weekly: weekdays('08:00', '18:00'), exceptions: [] };

  it('mounts no window and reports nothing on air while closed', () => {
    const plan = planScreen(manifest(hours), new Date('2026-05-08T10:59:00Z')); // Friday 07:59
    expect(plan).toEqual({ open: false, fullScreen: false, campaignId: null, windows: [] });
    expect(planKey(plan)).not.toBe(planKey(planScreen(manifest(hours), new Date('2026-05-08T11:00:00Z'))));
  });

  it('plays as before within the hours, and always without hours', () => {
    const open = planScreen(manifest(hours), new Date('2026-05-08T11:00:00Z'));
    expect(open.open).toBe(true);
    expect(screenOnAir(open)).toEqual({ fullScreen: false, windows: [{ playlistId: 105, campaignId: 5 }] });
    expect(planScreen(manifest(), new Date('2026-05-09T03:00:00Z')).open).toBe(true);
  });

  it('checks again no later than the opening', () => {
    const now = new Date('2026-05-08T10:59:30Z');
    expect(nextPlanCheck(manifest(hours), now).getTime()).toBeLessThanOrEqual(at('2026-05-08T11:00:00Z'));
  });
});

// These run days of the scheduler's checks (at most a minute apart, screen-scheduler.ts): ~1,500 plan
// decisions per simulated day, seconds of CPU on a 2-core CI machine (one took 5.9 s there).
describe('the scheduler closes and opens the screen on time, offline too', { timeout: 30_000 }, () => {
  it('closes at the end and wakes at the opening, to the millisecond', () => {
    vi.setSystemTime(at('2026-05-08T20:59:30Z')); // Friday 17:59:30
    const { log } = watch(manifest({ weekly: weekdays('08:00', '18:00'), exceptions: [] }));
    vi.advanceTimersByTime(at('2026-05-11T11:30:00Z') - Date.now()); // Monday 08:30
    expect(log).toEqual([
      ['2026-05-08T20:59:30.000Z', 'p105'],
      ['2026-05-08T21:00:00.000Z', 'off'], // Friday 18:00
      ['2026-05-11T11:00:00.000Z', 'p105'], // Monday 08:00: the weekend stays dark
    ]);
  });

  it('keeps an interval that crosses midnight open into the next morning', () => {
    vi.setSystemTime(at('2026-05-08T12:00:00Z')); // Friday 09:00
    const { log } = watch(manifest({ weekly: [{ weekday: 5, start: '22:00', end: '02:00' }], exceptions: [] }));
    vi.advanceTimersByTime(at('2026-05-09T12:00:00Z') - Date.now());
    expect(log).toEqual([
      ['2026-05-08T12:00:00.000Z', 'off'],
      ['2026-05-09T01:00:00.000Z', 'p105'], // Friday 22:00
      ['2026-05-09T05:00:00.000Z', 'off'], // Saturday 02:00
    ]);
  });

  it('stays dark on a holiday closed all day and follows a dated exception of its own hours', () => {
    vi.setSystemTime(at('2026-05-08T03:00:00Z')); // Friday 00:00
    const hours: OpeningHours = {
      weekly: weekdays('08:00', '18:00'),
      exceptions: [
        { date: '2026-05-08', intervals: [] },
        { date: '2026-05-11', intervals: [{ start: '10:00', end: '12:00' }] },
      ],
    };
    const { log } = watch(manifest(hours));
    vi.advanceTimersByTime(at('2026-05-12T03:00:00Z') - Date.now()); // until Tuesday 00:00
    expect(log).toEqual([
      ['2026-05-08T03:00:00.000Z', 'off'],
      ['2026-05-11T13:00:00.000Z', 'p105'], // Monday 10:00
      ['2026-05-11T15:00:00.000Z', 'off'], // Monday 12:00
    ]);
  });

  it('decides on the server clock: a device five minutes behind opens at the server time', () => {
    vi.setSystemTime(at('2026-05-08T10:50:00Z')); // device 07:50, server 07:55
    const { log } = watch(manifest({ weekly: weekdays('08:00', '18:00'), exceptions: [] }), 5 * 60_000);
    vi.advanceTimersByTime(10 * 60_000);
    expect(log).toEqual([
      ['2026-05-08T10:50:00.000Z', 'off'],
      ['2026-05-08T10:55:00.000Z', 'p105'], // the server's 08:00
    ]);
  });
});

describe('the Android app is told whether to keep the screen on', () => {
  it('calls setKeepScreenOn when the app has it, and nothing otherwise', () => {
    const calls: boolean[] = [];
    const app = {
      SinalizeApp: { syncMedia() {}, cacheStatus: () => '{}', setKeepScreenOn: (on: boolean) => calls.push(on) },
    };
    expect(keepScreenOn(app, false)).toBe(true);
    expect(keepScreenOn(app, true)).toBe(true);
    expect(calls).toEqual([false, true]);
    expect(keepScreenOn({ SinalizeApp: { syncMedia() {}, cacheStatus: () => '{}' } }, false)).toBe(false);
    expect(keepScreenOn({}, false)).toBe(false);
    const broken = {
      SinalizeApp: {
        setKeepScreenOn: () => {
          throw new Error('gone');
        },
      },
    };
    expect(keepScreenOn(broken, true)).toBe(false);
  });
});
