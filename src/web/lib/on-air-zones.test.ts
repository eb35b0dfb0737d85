import { BUILT_IN_LAYOUTS } from '@contract/layouts';
import { describe, expect, it } from 'vitest';
import { layoutsById } from './layout-list';
import { onAirLines, type OnAirDevice, type OnAirSource } from './on-air';
import { campaign } from './test-campaign';

/** A screen on the built-in L (Principal, Lateral, Rodapé; docs/layouts.md#built-in-layouts). */
const screenOnL: OnAirDevice = {
  id: 7,
  groupId: null,
  layout: 'dual',
  layoutId: -4,
  zonePlaylistIds: [10, 11, null],
  assignedPlaylistId1: 10,
  assignedPlaylistId2: 11,
  status: 'offline',
  nowPlaying: null,
};
const source = (
  campaigns = [campaign({ id: 1, name: 'Oferta', allDevices: true, zones: ['rodape'] })],
): OnAirSource => ({
  campaigns,
  timeZone: 'America/Sao_Paulo',
  playlistNames: new Map([
    [10, 'Cardápio'],
    [11, 'Clima'],
  ]),
  readAt: 0,
  campaignsPending: false,
  layouts: layoutsById(undefined),
});
const noon = new Date('2026-01-05T15:00:00Z');

describe('onAirLines: zones', () => {
  it('names every zone of a zone layout; a campaign limited to a zone plays there only', () => {
    expect(onAirLines(screenOnL, source(), noon)).toEqual([
      'Principal: Cardápio',
      'Lateral: Clima',
      'Rodapé: Oferta (campanha)',
    ]);
  });

  it('reads the TV’s own report zone by zone, up to eight zones', () => {
    const quadrants = {
      ...screenOnL,
      status: 'online' as const,
      layoutId: -7,
      nowPlaying: {
        fullScreen: false,
        windows: [10, 11, null, 10].map((playlistId) => ({ playlistId, campaignId: null })),
      },
    };
    expect(onAirLines(quadrants, source([]), noon)).toEqual([
      'Superior esquerdo: Cardápio',
      'Superior direito: Clima',
      'Inferior esquerdo: Nenhuma',
      'Inferior direito: Cardápio',
    ]);
  });

  it('Tela Dupla keeps "Janela N", and a layout not known yet falls back to it', () => {
    const dual = { ...screenOnL, layoutId: null, zonePlaylistIds: [10, 11] };
    expect(onAirLines(dual, source([]), noon)).toEqual(['Janela 1: Cardápio', 'Janela 2: Clima']);
    expect(BUILT_IN_LAYOUTS.some((l) => l.id === 99)).toBe(false);
    expect(onAirLines({ ...screenOnL, layoutId: 99 }, source([]), noon)).toEqual([
      'Janela 1: Cardápio',
      'Janela 2: Clima',
    ]);
  });
});
