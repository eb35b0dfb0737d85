import { t } from '@web/i18n/pt-br';
import { describe, expect, it } from 'vitest';
import { filterPlaylists, formatStartDate, playlistDuration } from './playlist-format';

describe('playlist list labels', () => {
  it('item count: singular and plural', () => {
    expect(t.playlists.itemCount(0)).toBe('0 itens');
    expect(t.playlists.itemCount(1)).toBe('1 item');
    expect(t.playlists.itemCount(3)).toBe('3 itens');
  });

  it('campaign duration: Infinita when zero or missing, otherwise N dias', () => {
    expect(t.playlists.days(0)).toBe('Infinita');
    expect(t.playlists.days(null)).toBe('Infinita');
    expect(t.playlists.days(undefined)).toBe('Infinita');
    expect(t.playlists.days(1)).toBe('1 dia');
    expect(t.playlists.days(30)).toBe('30 dias');
  });

  it('start date in pt-BR, never shifted by the time zone; none gives null', () => {
    expect(formatStartDate('2025-05-07')).toBe('07/05/2025');
    expect(formatStartDate('2025-12-31T00:00:00.000Z')).toBe('31/12/2025');
    expect(formatStartDate(null)).toBeNull();
    expect(formatStartDate('')).toBeNull();
    expect(formatStartDate('2025-02-30')).toBeNull();
  });

  it('total playing time is the sum of the item durations', () => {
    expect(
      playlistDuration({
        items: [
          { id: 1, mediaId: 1, duration: 8, order: 0 },
          { id: 2, mediaId: 2, duration: 57, order: 1 },
        ],
      }),
    ).toBe(65);
  });

  it('the search is a case-insensitive contains on the name', () => {
    const items = [{ name: 'Vitrine Centro' }, { name: 'Cardápio' }, { name: 'vitrine shopping' }];
    expect(filterPlaylists(items, 'VITRINE').map((p) => p.name)).toEqual(['Vitrine Centro', 'vitrine shopping']);
    expect(filterPlaylists(items, 'dáp')).toHaveLength(1);
    expect(filterPlaylists(items, '')).toHaveLength(3);
  });
});
