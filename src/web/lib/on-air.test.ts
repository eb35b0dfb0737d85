import type { Campaign } from '@contract/campaigns';
import { describe, expect, it } from 'vitest';
import { onAirLines, type OnAirDevice, type OnAirSource } from './on-air';
import { campaign } from './test-campaign';

const base: Campaign = campaign({
  id: 1,
  name: 'Almoço',
  playlistId: 5,
  schedule: { weekdays: [0, 1, 2, 3, 4, 5, 6], startTime: '11:30', endTime: '14:00' },
});
const single: OnAirDevice = {
  id: 7,
  groupId: 3,
  layout: 'single',
  assignedPlaylistId1: 10,
  assignedPlaylistId2: null,
  status: 'online',
  nowPlaying: null,
};
const dual: OnAirDevice = {
  id: 8,
  groupId: null,
  layout: 'dual',
  assignedPlaylistId1: 10,
  assignedPlaylistId2: null,
  status: 'online',
  nowPlaying: null,
};
const source = (
  campaigns: Campaign[],
  playlistNames: OnAirSource['playlistNames'] = new Map([[10, 'Cardápio']]),
): OnAirSource => ({
  campaigns,
  timeZone: 'America/Sao_Paulo',
  playlistNames,
  readAt: 0,
  campaignsPending: false,
});
// Monday 2026-01-05 in São Paulo (UTC−3): 12:00 and 15:00 local.
const noon = new Date('2026-01-05T15:00:00Z');
const afternoon = new Date('2026-01-05T18:00:00Z');

describe('onAirLines', () => {
  it('shows the assigned playlist of each window when no campaign plays', () => {
    expect(onAirLines(single, source([]), noon)).toEqual(['Janela 1: Cardápio']);
    expect(onAirLines(dual, source([]), noon)).toEqual(['Janela 1: Cardápio', 'Janela 2: Nenhuma']);
  });

  it('puts the campaign aimed at the screen (by group) in every window while its schedule holds', () => {
    const lunch = { ...base, groupIds: [3] };
    expect(onAirLines(single, source([lunch]), noon)).toEqual(['Janela 1: Almoço (campanha)']);
    expect(onAirLines(single, source([lunch]), afternoon)).toEqual(['Janela 1: Cardápio']);
    expect(onAirLines({ ...dual, groupId: 3 }, source([lunch]), noon)).toEqual([
      'Janela 1: Almoço (campanha)',
      'Janela 2: Almoço (campanha)',
    ]);
  });

  it('does not put an ad on air instead of the playlist (docs/ads.md#manifest)', () => {
    const ad = {
      ...base,
      groupIds: [3],
      type: 'ad' as const,
      advertiserId: 1,
      goalKind: 'flight' as const,
      goalPlays: 9,
    };
    expect(onAirLines({ ...single, groupId: 3 }, source([ad]), noon)).toEqual(['Janela 1: Cardápio']);
  });

  it('ignores campaigns aimed elsewhere, and drafts', () => {
    expect(
      onAirLines(
        single,
        source([
          { ...base, deviceIds: [99] },
          { ...base, allDevices: true, status: 'draft' },
        ]),
        noon,
      ),
    ).toEqual(['Janela 1: Cardápio']);
  });

  it('gives the whole screen to an emergency', () => {
    const emergency = {
      ...base,
      id: 2,
      name: 'Evacuação',
      priority: 'emergency' as const,
      allDevices: true,
      schedule: { ...base.schedule, startTime: null, endTime: null },
    };
    expect(onAirLines(dual, source([{ ...base, allDevices: true }, emergency]), afternoon)).toEqual([
      'Emergência: Evacuação',
    ]);
  });

  it('names a playlist it does not know by id, and waits for the names while they load', () => {
    expect(onAirLines({ ...single, assignedPlaylistId1: 42 }, source([]), noon)).toEqual(['Janela 1: Playlist #42']);
    expect(onAirLines(single, source([], null), noon)).toEqual(['Janela 1: …']);
  });
});

describe('onAirLines from what the TV reports (issue 15)', () => {
  const names = new Map([
    [10, 'Cardápio'],
    [11, 'Ofertas'],
  ]);
  const lunch = { ...base, groupIds: [3] };
  const evacuation = campaign({ id: 2, name: 'Evacuação', priority: 'emergency', allDevices: true });

  it("shows an online TV's report instead of the page's own decision", () => {
    // The page would say the lunch campaign plays at noon; the TV says it plays its playlist.
    const reporting = { ...single, nowPlaying: { fullScreen: false, windows: [{ playlistId: 11, campaignId: null }] } };
    expect(onAirLines(reporting, source([lunch], names), noon)).toEqual(['Janela 1: Ofertas']);
  });

  it('names each window of a dual screen, a campaign as a campaign and an empty window as Nenhuma', () => {
    const reporting = {
      ...dual,
      nowPlaying: {
        fullScreen: false,
        windows: [
          { playlistId: 5, campaignId: 1 },
          { playlistId: null, campaignId: null },
        ],
      },
    };
    expect(onAirLines(reporting, source([lunch], names), afternoon)).toEqual([
      'Janela 1: Almoço (campanha)',
      'Janela 2: Nenhuma',
    ]);
  });

  it('gives one emergency line for a whole-screen report', () => {
    const reporting = {
      ...dual,
      nowPlaying: {
        fullScreen: true,
        windows: [
          { playlistId: 5, campaignId: 2 },
          { playlistId: 5, campaignId: 2 },
        ],
      },
    };
    expect(onAirLines(reporting, source([evacuation], names), noon)).toEqual(['Emergência: Evacuação']);
  });

  it('names what the page does not know by id, and waits while the names load', () => {
    const reporting = { ...single, nowPlaying: { fullScreen: false, windows: [{ playlistId: 42, campaignId: null }] } };
    expect(onAirLines(reporting, source([], names), noon)).toEqual(['Janela 1: Playlist #42']);
    expect(onAirLines(reporting, source([], null), noon)).toEqual(['Janela 1: …']);
    const byCampaign = { ...single, nowPlaying: { fullScreen: false, windows: [{ playlistId: 10, campaignId: 77 }] } };
    expect(onAirLines(byCampaign, source([], names), noon)).toEqual(['Janela 1: Campanha #77 (campanha)']);
    expect(onAirLines(byCampaign, { ...source([], names), campaignsPending: true }, noon)).toEqual([
      'Janela 1: … (campanha)',
    ]);
  });

  it("ignores an offline TV's last report: the page's decision stands", () => {
    const stale = {
      ...single,
      status: 'offline' as const,
      nowPlaying: { fullScreen: false, windows: [{ playlistId: 11, campaignId: null }] },
    };
    expect(onAirLines(stale, source([], names), noon)).toEqual(['Janela 1: Cardápio']);
  });
});
