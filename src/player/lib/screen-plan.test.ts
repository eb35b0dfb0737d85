import { describe, expect, it } from 'vitest';
import { screenOnAirSchema } from '@contract/screens';
import type { Manifest, ManifestCampaign, ManifestWindow } from '@contract/tv';
import { manifestAd as ad, manifestCampaign as campaign, manifestPlaylist as playlist } from './test-manifests';
import { manifestFiles, planScreen, screenOnAir, zoneKeysOf } from './screen-plan';
import { BUILT_IN_LAYOUTS } from '@contract/layouts';

const now = new Date('2026-05-07T15:00:00.000Z');

const manifest = (
  layout: 'single' | 'dual',
  windows: Array<ManifestWindow | null>,
  campaigns: ManifestCampaign[] = [],
): Manifest => ({
  version: 'v1',
  device: { id: 7, name: 'TV Recepção', layout, orientation: 'horizontal', resolution: '1920x1080' },
  windows,
  campaigns,
  timeZone: 'America/Sao_Paulo',
  serverTime: now.toISOString(),
});

const onAir = (m: Manifest) => {
  const report = screenOnAir(planScreen(m, now));
  // What the server will take: the contract's own schema.
  expect(screenOnAirSchema.parse(report)).toEqual(report);
  return report;
};

describe('what the status report says the screen plays', () => {
  it('names the assigned playlist of each window, null for a window without one', () => {
    expect(onAir(manifest('single', [playlist(1)]))).toEqual({
      fullScreen: false,
      windows: [{ playlistId: 1, campaignId: null }],
    });
    expect(onAir(manifest('dual', [playlist(1), null]))).toEqual({
      fullScreen: false,
      windows: [
        { playlistId: 1, campaignId: null },
        { playlistId: null, campaignId: null },
      ],
    });
    expect(onAir(manifest('single', []))).toEqual({
      fullScreen: false,
      windows: [{ playlistId: null, campaignId: null }],
    });
  });

  it("names a campaign's playlist and the campaign in every window it holds", () => {
    expect(onAir(manifest('dual', [playlist(1), playlist(2)], [campaign(5)]))).toEqual({
      fullScreen: false,
      windows: [
        { playlistId: 105, campaignId: 5 },
        { playlistId: 105, campaignId: 5 },
      ],
    });
  });

  it('reports an emergency as one full-screen window over a dual layout', () => {
    expect(
      onAir(manifest('dual', [playlist(1), playlist(2)], [campaign(5), campaign(9, { priority: 'emergency' })])),
    ).toEqual({
      fullScreen: true,
      windows: [{ playlistId: 109, campaignId: 9 }],
    });
  });

  it('reports a playlist outside its own dates as none: the window shows nothing', () => {
    expect(onAir(manifest('dual', [playlist(1, { startDate: '2026-06-01', durationDays: 3 }), playlist(2)]))).toEqual({
      fullScreen: false,
      windows: [
        { playlistId: null, campaignId: null },
        { playlistId: 2, campaignId: null },
      ],
    });
  });
});

describe('a screen of zones (docs/layouts.md#the-player)', () => {
  const zones = BUILT_IN_LAYOUTS.find((l) => l.id === -4)!.zones; // L: principal, lateral, rodape
  const zoned = (campaigns: ManifestCampaign[] = []): Manifest => ({
    ...manifest('dual', [playlist(1), playlist(2), playlist(3)], campaigns),
    zones,
  });

  it('plans one window per zone, at its rectangle, with its key', () => {
    const plan = planScreen(zoned(), now);
    expect(plan.windows.map((w) => [w.zone, w.playlist?.playlistId, w.rect?.x, w.rect?.width])).toEqual([
      ['principal', 1, 0, 75],
      ['lateral', 2, 75, 25],
      ['rodape', 3, 0, 75],
    ]);
    expect(onAir(zoned()).windows).toHaveLength(3);
  });

  it("keeps every zone's and every campaign's files", () => {
    const files = manifestFiles(zoned([campaign(5, { zones: ['principal'] })]));
    expect(files.map((f) => f.sha256.replace(/^0+/, ''))).toEqual(['1', '2', '3', '105']);
  });

  it("keeps every ad's creatives too (docs/ads.md#placement): an ad plays offline", () => {
    const files = manifestFiles({ ...zoned(), ads: [ad(7)] });
    expect(files.map((f) => f.sha256.replace(/^0+/, ''))).toEqual(['1', '2', '3', '107']);
  });

  it('a campaign for the main zone replaces only that zone', () => {
    expect(onAir(zoned([campaign(5, { zones: ['principal'] })])).windows).toEqual([
      { playlistId: 105, campaignId: 5 },
      { playlistId: 2, campaignId: null },
      { playlistId: 3, campaignId: null },
    ]);
  });

  it('an emergency takes the whole screen: one window without a rectangle, the first zone its plays', () => {
    const plan = planScreen(zoned([campaign(9, { priority: 'emergency', zones: ['rodape'] })]), now);
    expect(plan.fullScreen).toBe(true);
    expect(plan.windows).toMatchObject([{ zone: 'principal', rect: null, campaignId: 9 }]);
  });

  it('without zones, the windows are janela-1 and janela-2 and keep the old stage', () => {
    const plan = planScreen(manifest('dual', [playlist(1), playlist(2)]), now);
    expect(plan.windows.map((w) => [w.zone, w.rect])).toEqual([
      ['janela-1', null],
      ['janela-2', null],
    ]);
    expect(zoneKeysOf(manifest('single', [playlist(1)]))).toEqual(['janela-1']);
  });

  it('a campaign for a zone the screen lacks plays in its first zone', () => {
    const plan = planScreen(manifest('dual', [playlist(1), playlist(2)], [campaign(5, { zones: ['principal'] })]), now);
    expect(plan.windows.map((w) => w.campaignId)).toEqual([5, null]);
  });
});
