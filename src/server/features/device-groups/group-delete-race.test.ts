import { describe, expect, it } from 'vitest';
import { deleteInPairs } from '../../test/concurrent-deletes';
import { makeGroup, signedInUser } from '../../test/factories';
import { useTestApp } from '../../test/test-app';

/**
 * Two removals of one group at the same moment (two tabs, a retry): one removes it, the other
 * finds it gone. Only PostgreSQL runs the two transactions at once, so only there can they race.
 */
describe.skipIf(!process.env.DATABASE_URL)('a device group removed twice at once (PostgreSQL)', () => {
  const t = useTestApp();

  it('answers one 204 and one 404, with one history entry and one event', async () => {
    const owner = await signedInUser(t.app, t.database);
    const report = await deleteInPairs(t, {
      pairs: 20,
      cookie: owner.cookie,
      make: async (i) => (await makeGroup(t, { owner, name: `Lojas ${i}` })).id,
      url: (id) => `/api/device-groups/${id}`,
      activityType: 'group_deleted',
      announced: (event, id) => event.type === 'group.deleted' && event.groupId === id,
    });
    expect(report).toEqual({ wrongAnswers: [], wrongHistory: [], wrongEvents: [] });
  }, 60_000);
});
