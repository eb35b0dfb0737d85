import { createHash } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FeedItem } from '../../../contract/content';
import type { Media } from '../../../contract/media';
import type { Manifest } from '../../../contract/tv';
import { devices, feedImages, feedStates, media } from '../../db/schema';
import { reconcileMediaStore } from '../../maintenance/orphan-files';
import { eventually } from '../../test/eventually';
import { startFeedServer, type FeedServer, loopbackFeeds } from '../../test/feed-server';
import { makePairedDevice, makePlaylist, makeWorkspace, signedInUser } from '../../test/factories';
import { useTestApp, type TestContext } from '../../test/test-app';
import { getTestDatabase } from '../../test/test-database';
import { filesUnder } from '../../test/uploads';
import { createMediaUrlSigner } from '../tv/signed-media';

/** docs/content.md#feeds: each item's picture fetched, stored as WebP and served signed to the TVs. */
const feeds = loopbackFeeds(60_000);
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sinalize-feed-images-'));
const stored = () => filesUnder(path.join(dataDir, 'media')).map((f) => path.basename(f));

let server: FeedServer;
let wide: Buffer;
let small: Buffer;
beforeAll(async () => {
  server = await startFeedServer();
  wide = await sharp({ create: { width: 1600, height: 400, channels: 3, background: '#2563eb' } })
    .png()
    .toBuffer();
  small = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#16a34a' } })
    .png()
    .toBuffer();
  await getTestDatabase();
}, 180_000);
afterAll(() => server.close());

/** An RSS feed whose items name their pictures by `<enclosure>` (a path on the test server). */
const rss = (items: Array<{ title: string; picture?: string }>) => `<?xml version="1.0"?>
<rss version="2.0"><channel><title>Loja</title><link>${server.url('/')}</link>
${items
  .map(
    (i) =>
      `<item><title>${i.title}</title><description>Resumo</description>${
        i.picture ? `<enclosure url="${i.picture}" type="image/png" length="1"/>` : ''
      }</item>`,
  )
  .join('\n')}
</channel></rss>`;

/** Serves at `feedPath` an RSS feed of these items (title: its picture's path on the test server). */
const serveFeed = (feedPath: string, pictures: Record<string, string>) =>
  server.serve(
    feedPath,
    'application/rss+xml',
    rss(Object.entries(pictures).map(([title, picture]) => ({ title, picture: server.url(picture) }))),
  );

const helpers = (t: TestContext) => {
  const freshUser = async () => {
    const workspaceId = await makeWorkspace(t.database);
    return { ...(await signedInUser(t.app, t.database, 'user', workspaceId)), workspaceId };
  };
  const createFeed = async (cookie: string, feedPath: string) => {
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/media/content',
      headers: { cookie },
      payload: { kind: 'feed', name: 'Notícias', options: { url: server.url(feedPath), display: 'slides' } },
    });
    expect(answer.statusCode, answer.body).toBe(201);
    return answer.json<Media>();
  };
  const refresh = async (cookie: string, id: number) => {
    const before = (await t.database.db.select().from(feedStates).where(eq(feedStates.mediaId, id)))[0]!;
    const answer = await t.app.inject({ method: 'POST', url: `/api/media/${id}/refresh`, headers: { cookie } });
    expect(answer.statusCode).toBe(202);
    await eventually(async () => {
      const [state] = await t.database.db.select().from(feedStates).where(eq(feedStates.mediaId, id));
      return state!.lastAttemptAt! > before.lastAttemptAt!;
    }, 'the refresh ran');
  };
  /** A screen of the owner's showing the feed, and its manifest's feed items. */
  const screen = async (owner: Awaited<ReturnType<typeof freshUser>>, feedId: number) => {
    const playlist = await makePlaylist(t, { owner, items: [{ mediaId: feedId, duration: 30 }] });
    const paired = await makePairedDevice(t, { owner, playlists: [playlist.id] });
    const items = async () => {
      const manifest = (
        await t.app.inject({ method: 'GET', url: '/api/tv/content', headers: paired.headers })
      ).json<Manifest>();
      const content = manifest.windows[0]!.items[0]!.content;
      return content?.kind === 'feed' ? content.items : ([] as FeedItem[]);
    };
    return { ...paired, items };
  };
  const pictures = (mediaId: number) => t.database.db.select().from(feedImages).where(eq(feedImages.mediaId, mediaId));
  return { freshUser, createFeed, refresh, screen, pictures };
};

describe('feed pictures (docs/content.md#feeds)', () => {
  const t = useTestApp({ feeds, dataDir });
  const { freshUser, createFeed, refresh, screen, pictures } = helpers(t);

  it('stores each item’s picture as WebP (≤ 1280 px) and the manifest carries its signed URL; a 404 or a non-image leaves the item without one', async () => {
    server.serve('/p/wide.png', 'image/png', wide);
    server.serve('/p/page.png', 'text/html', '<html>não é imagem</html>');
    server.serve(
      '/all.xml',
      'application/rss+xml',
      rss([
        { title: 'Com foto', picture: server.url('/p/wide.png') },
        { title: 'Foto sumida', picture: server.url('/p/missing.png') },
        { title: 'Foto falsa', picture: '/p/page.png' },
        { title: 'Sem foto' },
      ]),
    );
    const owner = await freshUser();
    const feed = await createFeed(owner.cookie, '/all.xml');
    expect(feed.feed).toMatchObject({ itemCount: 4, lastError: null });
    const rows = await pictures(feed.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.sourceUrl).toBe(server.url('/p/wide.png'));
    expect(stored()).toContain(rows[0]!.filename);

    const { device, items } = await screen(owner, feed.id);
    const listed = await items();
    expect(listed.map((i) => [i.title, i.imageUrl === null])).toEqual([
      ['Com foto', false],
      ['Foto sumida', true],
      ['Foto falsa', true],
      ['Sem foto', true],
    ]);
    const url = listed[0]!.imageUrl!;
    const sha = rows[0]!.sha256;
    // The player keys its cache by the `sha256` in the query (src/player/lib/media-url.ts).
    expect(url).toMatch(
      new RegExp(
        `^/api/tv/media/${feed.id}/images/${sha}\\?device=${device.id}&expires=\\d+&signature=[\\w-]+&sha256=${sha}$`,
      ),
    );
    expect(JSON.stringify(listed)).not.toContain('/p/wide.png'); // the source address stays on the server
    const image = await t.app.inject({ method: 'GET', url });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    expect(image.headers.etag).toBe(`"${sha}"`);
    expect(createHash('sha256').update(image.rawPayload).digest('hex')).toBe(sha);
    expect(await sharp(image.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 1280, height: 320 });
    const range = await t.app.inject({ method: 'GET', url, headers: { range: 'bytes=0-9' } });
    expect(range.statusCode).toBe(206);
  });

  it('serves a picture only with its valid signature: 400 unsigned, 403 forged or expired, 404 for another workspace’s TV or an unknown picture', async () => {
    server.serve('/p/small.png', 'image/png', small);
    serveFeed('/one.xml', { Um: '/p/small.png' });
    const owner = await freshUser();
    const feed = await createFeed(owner.cookie, '/one.xml');
    const { device, items } = await screen(owner, feed.id);
    const url = (await items())[0]!.imageUrl!;
    const status = async (address: string) => (await t.app.inject({ method: 'GET', url: address })).statusCode;
    expect(await status(url)).toBe(200);
    expect(await status(url.split('?')[0]!)).toBe(400);
    expect(await status(url.replace(/\/images\/[0-9a-f]{64}/, '/images/XYZ'))).toBe(400);
    expect(await status(url.replace(/signature=[\w-]+/, 'signature=forjada'))).toBe(403);
    // A file's or a page's signature does not open a picture.
    const sha = (await pictures(feed.id))[0]!.sha256;
    const signer = createMediaUrlSigner(t.config.sessionSecret);
    const pairingOf = async (id: number) =>
      (await t.database.db.select().from(devices).where(eq(devices.id, id)))[0]!.tokenHash;
    const fileUrl = signer.url(feed.id, device.id, await pairingOf(device.id));
    expect(await status(`/api/tv/media/${feed.id}/images/${sha}${fileUrl.slice(fileUrl.indexOf('?'))}`)).toBe(403);
    const expired = signer.imageUrl(feed.id, sha, device.id, await pairingOf(device.id), Date.now() - 1000);
    expect(await status(expired)).toBe(403);
    // Signed as the server would, for a picture the feed does not have.
    expect(await status(signer.imageUrl(feed.id, 'a'.repeat(64), device.id, await pairingOf(device.id)))).toBe(404);
    // Another workspace's TV, with a URL signed for it: the feed is not its workspace's.
    const stranger = await freshUser();
    const other = await makePairedDevice(t, { owner: stranger });
    expect(await status(signer.imageUrl(feed.id, sha, other.device.id, await pairingOf(other.device.id)))).toBe(404);
  });

  it('a refresh fetches only new pictures, drops those no item names (row and file), and moves the feed’s version', async () => {
    let fetches = 0;
    server.set('/p/counted.png', (_req, res) => {
      fetches++;
      res.writeHead(200, { 'content-type': 'image/png' }).end(small);
    });
    server.serve('/p/old.png', 'image/png', wide);
    serveFeed('/moving.xml', { Fica: '/p/counted.png', Sai: '/p/old.png', Depois: '/p/later.png' });
    const owner = await freshUser();
    const feed = await createFeed(owner.cookie, '/moving.xml');
    const { items } = await screen(owner, feed.id);
    const before = await pictures(feed.id);
    expect(before.map((p) => p.sourceUrl).sort()).toEqual([server.url('/p/counted.png'), server.url('/p/old.png')]);
    const old = before.find((p) => p.sourceUrl.endsWith('/old.png'))!;
    expect(fetches).toBe(1);
    expect((await items()).map((i) => i.imageUrl !== null)).toEqual([true, true, false]);

    // 'Sai' is gone from the feed; 'Depois' now has its picture (it answered 404 at first).
    server.serve('/p/later.png', 'image/png', small);
    serveFeed('/moving.xml', { Fica: '/p/counted.png', Depois: '/p/later.png' });
    await refresh(owner.cookie, feed.id);
    expect(fetches).toBe(1); // already stored: not fetched again
    const after = await pictures(feed.id);
    expect(after.map((p) => p.sourceUrl).sort()).toEqual([server.url('/p/counted.png'), server.url('/p/later.png')]);
    expect(stored()).not.toContain(old.filename);
    for (const p of after) expect(stored()).toContain(p.filename);
    // The item's version is its options' (docs/content.md#feeds): new pictures reach the TVs with the items.
    const [row] = await t.database.db.select().from(media).where(eq(media.id, feed.id));
    expect(row!.sha256).toBe(feed.sha256);
    await expect
      .poll(async () => (await items()).map((i) => [i.title, i.imageUrl?.includes(`sha256=`)]))
      .toEqual([
        ['Fica', true],
        ['Depois', true],
      ]);

    // The hourly reconciliation knows the pictures' keys: they are not orphans.
    const reconciled = await reconcileMediaStore(t.database.db, t.store, { graceMs: 0, log: t.app.log });
    for (const p of after) expect(reconciled.deleted).not.toContain(p.filename);

    // Deleting the feed removes its pictures, rows and files.
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/media/${feed.id}`,
      headers: { cookie: owner.cookie },
    });
    expect(removed.statusCode).toBeLessThan(300);
    expect(await pictures(feed.id)).toEqual([]);
    for (const p of after) expect(stored()).not.toContain(p.filename);
  });

  it('PUT with a new address stores the new feed’s pictures and drops the old one’s', async () => {
    server.serve('/p/first.png', 'image/png', small);
    server.serve('/p/second.png', 'image/png', wide);
    serveFeed('/first.xml', { Um: '/p/first.png' });
    serveFeed('/second.xml', { Dois: '/p/second.png' });
    const owner = await freshUser();
    const feed = await createFeed(owner.cookie, '/first.xml');
    const [first] = await pictures(feed.id);
    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/media/${feed.id}`,
      headers: { cookie: owner.cookie },
      payload: { options: { url: server.url('/second.xml'), display: 'slides' } },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const after = await pictures(feed.id);
    expect(after.map((p) => p.sourceUrl)).toEqual([server.url('/p/second.png')]);
    expect(stored()).not.toContain(first!.filename);
    expect(stored()).toContain(after[0]!.filename);
    expect(edited.json<Media>().sha256).not.toBe(feed.sha256);
  });

  it('a picture past 5 MB is not kept; the feed still succeeds', async () => {
    server.serve('/p/huge.png', 'image/png', Buffer.concat([small, Buffer.alloc(5 * 1024 * 1024)]));
    serveFeed('/huge.xml', { Grande: '/p/huge.png' });
    const owner = await freshUser();
    const feed = await createFeed(owner.cookie, '/huge.xml');
    expect(feed.feed).toMatchObject({ itemCount: 1, lastError: null });
    expect(await pictures(feed.id)).toEqual([]);
  });
});
