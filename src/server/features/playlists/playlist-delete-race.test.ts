import { describe, expect, it } from 'vitest';
import { deleteInPairs } from '../../test/concurrent-deletes';
import { makePlaylist, signedInUser } from '../../test/factories';
import { useTestApp } from '../../test/test-app';

/**
 * Two removals of one playlist at the same moment (two tabs, a retry): one removes it, the other
 * finds it gone. Only PostgreSQL runs the two transactions at once, so only there can they race.
 */
describe.skipIf(!process.env.DATABASE_URL)('a playlist removed twice at once (PostgreSQL)', () => {
  const t = useTestApp();

  it('answers one 204 and one 404, with one history entry and one event', async () => {
    const owner = await signedInUser(t.app, t.database);
    const report = await deleteInPairs(t, {
      pairs: 20,
      cookie: owner.cookie,
      make: async (i) => (await makePlaylist(t, { owner, name: `Vitrine ${i}` })).id,
      url: (id) => `/api/playlists/${id}`,
      activityType: 'playlist_deleted',
      announced: (event, id) => event.type === 'playlist.deleted' && event.playlistId === id,
    });
    expect(report).toEqual({ wrongAnswers: [], wrongHistory: [], wrongEvents: [] });
  }, 60_000);
});
