import { describe, expect, it } from 'vitest';
import { devicePlaylistLines, playlistName, playlistNameMap } from './device-labels';

const names = playlistNameMap([
  { id: 1, name: 'Promoções' },
  { id: 2, name: 'Institucional' },
]);

describe('playlistName', () => {
  it('names an assigned playlist, Nenhuma for none', () => {
    expect(playlistName(1, names)).toBe('Promoções');
    expect(playlistName(null, names)).toBe('Nenhuma');
  });

  it('shows a placeholder while the playlists load and the id when it is unknown', () => {
    expect(playlistName(9, names, true)).toBe('…');
    expect(playlistName(9, names)).toBe('Playlist #9');
  });
});

describe('devicePlaylistLines', () => {
  it('gives one name for a single-window device', () => {
    expect(devicePlaylistLines({ layout: 'single', assignedPlaylistId1: 2, assignedPlaylistId2: null }, names)).toEqual(
      ['Institucional'],
    );
    expect(
      devicePlaylistLines({ layout: 'single', assignedPlaylistId1: null, assignedPlaylistId2: null }, names),
    ).toEqual(['Nenhuma']);
  });

  it('gives J1 and J2 for a dual-window device', () => {
    expect(devicePlaylistLines({ layout: 'dual', assignedPlaylistId1: 1, assignedPlaylistId2: 2 }, names)).toEqual([
      'J1: Promoções',
      'J2: Institucional',
    ]);
  });

  it('says Nenhuma for a dual device without playlists, and which window is missing otherwise', () => {
    expect(
      devicePlaylistLines({ layout: 'dual', assignedPlaylistId1: null, assignedPlaylistId2: null }, names),
    ).toEqual(['Nenhuma']);
    expect(devicePlaylistLines({ layout: 'dual', assignedPlaylistId1: 1, assignedPlaylistId2: null }, names)).toEqual([
      'J1: Promoções',
      'J2: Nenhuma',
    ]);
  });
});
