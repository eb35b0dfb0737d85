import { describe, expect, it } from 'vitest';
import { assignmentOf, sortedPlaylistOptions } from './playlist-assignment';

describe('assignmentOf', () => {
  it('sends window 1 only for a single layout, none allowed', () => {
    expect(assignmentOf(false, 3, 4)).toEqual({ assignedPlaylistId1: 3, assignedPlaylistId2: null });
    expect(assignmentOf(false, null, null)).toEqual({ assignedPlaylistId1: null, assignedPlaylistId2: null });
  });

  it('needs both playlists for a dual layout', () => {
    expect(assignmentOf(true, 3, 4)).toEqual({ assignedPlaylistId1: 3, assignedPlaylistId2: 4 });
    expect(assignmentOf(true, 3, null)).toBeNull();
    expect(assignmentOf(true, null, 4)).toBeNull();
  });
});

describe('sortedPlaylistOptions', () => {
  it('lists id and name by name, pt-BR order', () => {
    expect(
      sortedPlaylistOptions([
        { id: 2, name: 'Vitrine', items: [] } as { id: number; name: string },
        { id: 1, name: 'Álbum' },
      ]),
    ).toEqual([
      { id: 1, name: 'Álbum' },
      { id: 2, name: 'Vitrine' },
    ]);
    expect(sortedPlaylistOptions(undefined)).toEqual([]);
  });
});
