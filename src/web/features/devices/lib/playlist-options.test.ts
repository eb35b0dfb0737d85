import { describe, expect, it } from 'vitest';
import { filterPlaylistOptions } from './playlist-options';

const options = [
  { id: 1, name: 'Promoções da Semana' },
  { id: 2, name: 'Institucional' },
];

describe('filterPlaylistOptions', () => {
  it('lists everything without a search', () => {
    expect(filterPlaylistOptions(options, ' ')).toEqual(options);
  });

  it('matches a case-insensitive substring of the name', () => {
    expect(filterPlaylistOptions(options, 'PROMO').map((o) => o.id)).toEqual([1]);
    expect(filterPlaylistOptions(options, 'semana').map((o) => o.id)).toEqual([1]);
    expect(filterPlaylistOptions(options, 'nada')).toEqual([]);
  });
});
