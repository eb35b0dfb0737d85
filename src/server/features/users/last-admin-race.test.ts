import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { makeWorkspace, userWithSession } from '../../test/factories';
import { useTestApp } from '../../test/test-app';

const ROUNDS = 40;

/**
 * Every workspace always keeps an admin (docs/security.md#roles-and-tenancy), also when its admins demote and remove each
 * other at the same moment. Only PostgreSQL runs requests' transactions at once, so only there can it race.
 */
describe.skipIf(!process.env.DATABASE_URL)(
  'the last admin under concurrent demotions and removals (PostgreSQL)',
  () => {
    const t = useTestApp();

    it(`${ROUNDS} rounds of two admins demoting and removing each other: no 5xx, always an admin`, async () => {
      const failures: string[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        // A workspace of its own per round, whose only admins are these two; another workspace's
        // admins (the previous rounds') do not count.
        const workspaceId = await makeWorkspace(t.database);
        const x = await userWithSession(t.database, 'admin', workspaceId);
        const y = await userWithSession(t.database, 'admin', workspaceId);

        const demote = (actor: typeof x, target: typeof x) =>
          t.app.inject({
            method: 'PUT',
            url: `/api/users/${target.user.id}`,
            headers: { cookie: actor.cookie },
            payload: { username: target.user.username, email: target.user.email, role: 'user' },
          });
        const remove = (actor: typeof x, target: typeof x) =>
          t.app.inject({ method: 'DELETE', url: `/api/users/${target.user.id}`, headers: { cookie: actor.cookie } });
        // Even rounds: each demotes the other. Odd rounds: also each demotes itself and removes the other.
        const calls = [() => demote(x, y), () => demote(y, x)];
        if (round % 2)
          calls.push(
            () => demote(x, x),
            () => demote(y, y),
            () => remove(x, y),
            () => remove(y, x),
          );
        const answers = await Promise.all(calls.sort(() => Math.random() - 0.5).map((call) => call()));

        for (const res of answers)
          if (res.statusCode >= 500) failures.push(`round ${round}: ${res.statusCode} ${res.body}`);
        const [admins] = await t.database.db
          .select({ n: count() })
          .from(users)
          .where(and(eq(users.workspaceId, workspaceId), eq(users.role, 'admin')));
        if (admins!.n < 1) failures.push(`round ${round}: no admin left`);
      }
      expect(failures).toEqual([]);
    }, 120_000);
  },
);
