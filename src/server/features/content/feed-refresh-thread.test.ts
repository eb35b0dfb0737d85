import { threadId } from 'node:worker_threads';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Media } from '../../../contract/media';
import { feedStates } from '../../db/schema';
import { isServiceUnavailable } from '../../db/errors';
import { startFeedServer, type FeedServer, loopbackFeeds } from '../../test/feed-server';
import { makeWorkspace, signedInUser } from '../../test/factories';
import { useTestApp } from '../../test/test-app';
import { getTestDatabase } from '../../test/test-database';
import { createFeedRefresher } from './feed-refresh-thread';

const feeds = loopbackFeeds(60_000);
const rss = (title: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel><title>Loja</title>` +
  `<item><title>${title}</title><description>Só hoje</description></item></channel></rss>`;

let server: FeedServer;
beforeAll(async () => {
  server = await startFeedServer();
  await getTestDatabase();
}, 180_000);
afterAll(() => server.close());

describe('where a feed refreshes (docs/content.md#refreshing)', () => {
  const t = useTestApp({ feeds });
  const onPostgres = () => t.database.kind === 'postgres';

  it('on PostgreSQL on a thread of its own, on PGlite on this one: the items stored, the events answered', async () => {
    server.serve('/loja.xml', 'application/rss+xml', rss('Café a R$ 5'));
    const workspaceId = await makeWorkspace(t.database);
    const { cookie } = await signedInUser(t.app, t.database, 'user', workspaceId);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/media/content',
      headers: { cookie },
      payload: { kind: 'feed', name: 'Ofertas', options: { url: server.url('/loja.xml') } },
    });
    expect(created.statusCode, created.body).toBe(201);
    const feed = created.json<Media>();
    server.serve('/loja.xml', 'application/rss+xml', rss('Pão a R$ 1'));

    const deps = { db: t.database.db, store: t.store, tmpDir: t.config.dataDir, feeds };
    const refresher = createFeedRefresher(t.database, deps, t.config.mediaStorage);
    try {
      const events = await refresher.refresh(feed.id);
      expect(events).toEqual([{ type: 'media.changed', mediaId: feed.id, workspaceId }]);
      const [state] = await t.database.db.select().from(feedStates).where(eq(feedStates.mediaId, feed.id));
      expect(state!.items.map((item) => item.title)).toEqual(['Pão a R$ 1']);
      // The thread is kept for the next refresh (its connection too).
      const thread = refresher.threadId();
      if (onPostgres()) expect(thread).not.toBeNull();
      else expect(thread).toBeNull();
      expect(thread).not.toBe(threadId);
      expect(await refresher.refresh(feed.id)).toHaveLength(1);
      expect(refresher.threadId()).toBe(thread);
    } finally {
      await refresher.close();
    }
    expect(refresher.threadId()).toBeNull();
    if (onPostgres()) await expect(refresher.refresh(feed.id)).rejects.toThrow(/closed/);
  });

  it.runIf(!!process.env.DATABASE_URL)(
    'PostgreSQL away from the thread: the refresh fails with the driver error, still told apart as an outage',
    async () => {
      // Nothing listens on port 1: the thread's connection is refused.
      const url = new URL(t.database.url!);
      url.port = '1';
      const deps = { db: t.database.db, store: t.store, tmpDir: t.config.dataDir, feeds };
      const refresher = createFeedRefresher({ kind: 'postgres', url: url.toString() }, deps, t.config.mediaStorage);
      try {
        const error = await refresher.refresh(1).catch((e: unknown) => e as Error & { code?: string });
        expect(error).toBeInstanceOf(Error);
        // Drizzle's error, the driver's as its cause: both crossed the thread.
        expect(error).toMatchObject({
          message: expect.stringContaining('Failed query'),
          cause: { code: 'ECONNREFUSED' },
        });
        expect(isServiceUnavailable(error)).toBe(true);
      } finally {
        await refresher.close();
      }
    },
  );
});
