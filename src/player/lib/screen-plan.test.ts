import { describe, expect, it } from 'vitest';
import { screenOnAirSchema } from '@contract/screens';
import type { Manifest, ManifestCampaign, ManifestWindow } from '@contract/tv';
import { manifestCampaign as campaign, manifestPlaylist as playlist } from './test-manifests';
import { planScreen, screenOnAir } from './screen-plan';

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
