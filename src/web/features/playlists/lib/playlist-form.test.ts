import { messages } from '@contract/messages';
import { describe, expect, it } from 'vitest';
import {
  buildPlaylistInput,
  emptyPlaylistInfo,
  parsePlaylistInput,
  playlistInfoFrom,
  playlistInfoSchema,
} from './playlist-form';

describe('step 1 with the contract schema', () => {
  it('a blank name is refused with the catalogue message', () => {
    const result = playlistInfoSchema.safeParse({ ...emptyPlaylistInfo, name: '   ' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(messages.playlists.nameRequired);
  });

  it('empty description and date become null; days fall back to 0 when not a number', () => {
    expect(playlistInfoSchema.parse({ name: ' Vitrine ', description: '', startDate: '', durationDays: '' })).toEqual({
      name: 'Vitrine',
      description: null,
      startDate: null,
      durationDays: 0,
    });
    expect(
      playlistInfoSchema.parse({ name: 'x', description: 'y', startDate: '2026-03-01', durationDays: '15' }),
    ).toMatchObject({
      startDate: '2026-03-01',
      durationDays: 15,
    });
  });

  it('negative days are refused', () => {
    expect(playlistInfoSchema.safeParse({ ...emptyPlaylistInfo, name: 'x', durationDays: '-1' }).success).toBe(false);
  });

  it('the edit form starts from the playlist', () => {
    expect(playlistInfoFrom({ name: 'A', description: null, startDate: null, durationDays: 0 })).toEqual({
      name: 'A',
      description: '',
      startDate: '',
      durationDays: '0',
    });
    expect(playlistInfoFrom({ name: 'A', description: 'B', startDate: '2026-01-02', durationDays: 7 })).toEqual({
      name: 'A',
      description: 'B',
      startDate: '2026-01-02',
      durationDays: '7',
    });
  });
});

describe('the payload of docs/api.md#calls', () => {
  it('holds the fields, the items with their order, the client-side total size and userId 1', () => {
    const input = buildPlaylistInput(
      { name: 'Vitrine', description: '', startDate: '2026-05-07', durationDays: '30' },
      [
        { mediaId: 4, duration: 10, order: 0 },
        { mediaId: 2, duration: 8, order: 1 },
      ],
      1234,
    );
    const parsed = parsePlaylistInput(input);
    expect(parsed).toEqual({
      ok: true,
      data: {
        name: 'Vitrine',
        description: null,
        startDate: '2026-05-07',
        durationDays: 30,
        items: [
          { mediaId: 4, duration: 10, order: 0 },
          { mediaId: 2, duration: 8, order: 1 },
        ],
        totalSize: 1234,
        userId: 1,
      },
    });
  });

  it('no items is refused with the catalogue message', () => {
    expect(parsePlaylistInput(buildPlaylistInput({ ...emptyPlaylistInfo, name: 'x' }, [], 0))).toEqual({
      ok: false,
      message: messages.playlists.itemsRequired,
      field: 'items',
    });
  });
});
