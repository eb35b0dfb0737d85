import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { media } from '../../db/schema';
import { HttpError } from '../../http/errors';
import { makeMedia, userWithSession, makeWorkspace } from '../../test/factories';
import { useTestApp } from '../../test/test-app';
import { insertWithinQuota } from './quota';

const QUOTA = 250_000;
const ROUNDS = 40;
const jitter = () => new Promise((r) => setTimeout(r, Math.random() * 4));

/**
 * Quota eviction, and the deletion of a media item, against playlist saves that use that media
 * (docs/media.md#quota: media a playlist uses are never evicted; a save is whole or a clear 4xx; never a
 * 5xx). Only PostgreSQL runs transactions at the same time (PGlite has one connection), so only
 * there can this race.
 */
describe.skipIf(!process.env.DATABASE_URL)('media removal racing playlist saves (PostgreSQL)', () => {
  const t = useTestApp({ storageQuotaBytes: QUOTA });

  it(`${ROUNDS} rounds of an upload evicting while playlists take the media: no 5xx, none shorter than sent, no used media evicted`, async () => {
    const failures: string[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      // A workspace per round: the quota is per workspace (docs/media.md#quota), each round starts with it empty.
      const { user, cookie } = await userWithSession(t.database, 'user', await makeWorkspace(t.database));
      // Oldest first: a and a second one are outside playlists (evictable), c is in playlist p. 240 kB of 250 kB.
      const a = await makeMedia(t, { userId: user.id, size: 100_000 });
      await makeMedia(t, { userId: user.id, size: 100_000 });
      const c = await makeMedia(t, { userId: user.id, size: 40_000 });
      const headers = { cookie };
      const items = (ids: number[]) => ids.map((mediaId) => ({ mediaId, duration: 5 }));
      const p = await t.app.inject({
        method: 'POST',
        url: '/api/playlists',
        headers,
        payload: { name: 'Base', items: items([c.id]) },
      });
      expect(p.statusCode).toBe(201);

      // The upload's commit step (the file is already stored): 60 kB more needs one of a/b to go.
      const evict = jitter().then(() =>
        insertWithinQuota(
          t.database.db,
          {
            userId: user.id,
            workspaceId: user.workspaceId,
            filename: `novo-${round}.png`,
            originalName: 'novo.png',
            mimeType: 'image/png',
            size: 60_000,
            sha256: 'e'.repeat(64),
          },
          QUOTA,
        ),
      );
      const sent = [
        { method: 'POST' as const, url: '/api/playlists', ids: [a.id] },
        { method: 'PUT' as const, url: `/api/playlists/${p.json().id}`, ids: [c.id, a.id] },
        { method: 'POST' as const, url: '/api/playlists', ids: [a.id, c.id, a.id] },
      ];
      const saves = sent.map((s) =>
        jitter().then(() =>
          t.app.inject({ method: s.method, url: s.url, headers, payload: { name: 'Lista', items: items(s.ids) } }),
        ),
      );
      const [evicted, ...answers] = await Promise.allSettled([evict, ...saves]);

      if (
        evicted!.status === 'rejected' &&
        !(evicted.reason instanceof HttpError && evicted.reason.statusCode === 413)
      ) {
        failures.push(`round ${round}: eviction failed: ${String(evicted.reason)}`);
      }
      for (const [i, answer] of answers.entries()) {
        const res = answer.status === 'fulfilled' ? answer.value : null;
        if (!res || res.statusCode >= 500) {
          failures.push(
            `round ${round}: ${sent[i]!.method} answered ${res?.statusCode ?? 'nothing'} ${res?.body ?? ''}`,
          );
          continue;
        }
        if (res.statusCode >= 400) {
          if (res.json().code !== 'MEDIA_NOT_FOUND')
            failures.push(`round ${round}: ${sent[i]!.method} answered ${res.statusCode} ${res.body}`);
          continue;
        }
        // A 2xx stored every item it was sent, and still has them once the eviction is over.
        const now = await t.app.inject({ method: 'GET', url: `/api/playlists/${res.json().id}`, headers });
        const lengths = [res.json().items.length, now.json().items?.length];
        if (lengths.some((n) => n !== sent[i]!.ids.length)) {
          failures.push(
            `round ${round}: ${sent[i]!.method} answered ${res.statusCode} with ${lengths.join('/')} items of ${sent[i]!.ids.length}`,
          );
        }
      }
      // Whatever won, the media the playlists use are all still there.
      const left = new Set(
        (await t.database.db.select({ id: media.id }).from(media).where(eq(media.userId, user.id))).map((m) => m.id),
      );
      const savedWithA = answers.some(
        (x, i) => x.status === 'fulfilled' && x.value.statusCode < 300 && sent[i]!.ids.includes(a.id),
      );
      if (!left.has(c.id)) failures.push(`round ${round}: media ${c.id} (in a playlist from the start) was evicted`);
      if (savedWithA && !left.has(a.id))
        failures.push(`round ${round}: media ${a.id} was evicted although a saved playlist uses it`);
    }
    expect(failures).toEqual([]);
  }, 120_000);

  it(`${ROUNDS} rounds of deleting a media while playlists that use it are saved: no 5xx, nothing partial`, async () => {
    const failures: string[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      // A workspace per round: the checks below read the workspace's whole playlist list.
      const { user, cookie } = await userWithSession(t.database, 'user', await makeWorkspace(t.database));
      const headers = { cookie };
      const [m, x, y] = [
        await makeMedia(t, { userId: user.id }),
        await makeMedia(t, { userId: user.id }),
        await makeMedia(t, { userId: user.id }),
      ];
      const items = (ids: number[]) => ids.map((mediaId) => ({ mediaId, duration: 5 }));
      const p = (
        await t.app.inject({
          method: 'POST',
          url: '/api/playlists',
          headers,
          payload: { name: 'P', items: items([m.id, x.id]) },
        })
      ).json();
      const q = (
        await t.app.inject({
          method: 'POST',
          url: '/api/playlists',
          headers,
          payload: { name: 'Q', items: items([y.id, m.id]) },
        })
      ).json();
      const sent = [
        // p drops the media being deleted, q keeps it, and a new playlist takes it.
        { method: 'PUT' as const, url: `/api/playlists/${p.id}`, ids: [x.id, y.id] },
        { method: 'PUT' as const, url: `/api/playlists/${q.id}`, ids: [m.id, y.id] },
        { method: 'POST' as const, url: '/api/playlists', ids: [m.id] },
      ];
      const answers = await Promise.all([
        jitter().then(() => t.app.inject({ method: 'DELETE', url: `/api/media/${m.id}`, headers })),
        ...sent.map((s) =>
          jitter().then(() =>
            t.app.inject({ method: s.method, url: s.url, headers, payload: { name: 'Lista', items: items(s.ids) } }),
          ),
        ),
      ]);
      for (const [i, res] of answers.entries()) {
        if (res.statusCode >= 500)
          failures.push(
            `round ${round}: ${i === 0 ? 'DELETE' : sent[i - 1]!.method} answered ${res.statusCode} ${res.body}`,
          );
        else if (i > 0 && res.statusCode < 300 && res.json().items.length !== sent[i - 1]!.ids.length) {
          failures.push(
            `round ${round}: ${sent[i - 1]!.method} answered ${res.statusCode} with ${res.json().items.length} items of ${sent[i - 1]!.ids.length}`,
          );
        }
      }
      // The media is gone, and so is every item of it; every total matches the items left.
      const lists = (await t.app.inject({ method: 'GET', url: '/api/playlists', headers })).json() as Array<{
        items: Array<{ mediaId: number }>;
        totalSize: number;
      }>;
      const sizes = new Map([x, y].map((r) => [r.id, r.size]));
      for (const list of lists) {
        if (list.items.some((item) => item.mediaId === m.id))
          failures.push(`round ${round}: an item of the deleted media remains`);
        const total = list.items.reduce((sum, item) => sum + (sizes.get(item.mediaId) ?? 0), 0);
        if (list.totalSize !== total)
          failures.push(`round ${round}: totalSize ${list.totalSize}, items add up to ${total}`);
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);
});
