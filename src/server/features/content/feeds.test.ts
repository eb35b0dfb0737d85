import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentMessages as m } from '../../../contract/content-messages';
import type { Media } from '../../../contract/media';
import type { Manifest } from '../../../contract/tv';
import { feedStates, media } from '../../db/schema';
import { eventually } from '../../test/eventually';
import { atomFeed, latin1Rss, startFeedServer, type FeedServer, loopbackFeeds } from '../../test/feed-server';
import { makePairedDevice, makePlaylist, makeWorkspace, signedInUser } from '../../test/factories';
import { useTestApp, type TestContext } from '../../test/test-app';
import { getTestDatabase } from '../../test/test-database';

/** Loopback is allowed here (the test server), the timeout short, the scan quick. */
const feeds = loopbackFeeds(1000);

let server: FeedServer;
beforeAll(async () => {
  server = await startFeedServer();
  // The first file a worker runs creates the worker's database: slow on a busy machine.
  await getTestDatabase();
}, 180_000);
afterAll(() => server.close());

const rssItems = [
  {
    title: 'Promoção de café',
    description: '<p>Só <b>hoje</b>: pão de açúcar &amp; café</p>',
    date: 'Mon, 02 Nov 2026 10:00:00 GMT',
  },
  { title: 'Inauguração', description: 'Loja nova no centro', date: 'Wed, 04 Nov 2026 10:00:00 GMT' },
  { title: 'Horário de verão', description: 'Abrimos às 8h', date: 'Sun, 01 Nov 2026 10:00:00 GMT' },
];

const helpers = (t: TestContext) => {
  const freshUser = async () => {
    const workspaceId = await makeWorkspace(t.database);
    return { ...(await signedInUser(t.app, t.database, 'user', workspaceId)), workspaceId };
  };
  const send = (cookie: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
  const createFeed = (cookie: string, url: string, options: object = {}) =>
    send(cookie, 'POST', '/api/media/content', { kind: 'feed', name: 'Notícias', options: { url, ...options } });
  const state = async (mediaId: number) =>
    (await t.database.db.select().from(feedStates).where(eq(feedStates.mediaId, mediaId)))[0]!;
  return { freshUser, send, createFeed, state };
};

describe('feeds (docs/content.md#feeds)', () => {
  const t = useTestApp({ feeds });
  const { freshUser, send, createFeed, state } = helpers(t);

  it('reads an ISO-8859-1 RSS: accents kept, HTML reduced to text, newest first, at most maxItems', async () => {
    server.serve('/latin1.xml', 'application/rss+xml', latin1Rss(rssItems));
    const { cookie } = await freshUser();
    const created = await createFeed(cookie, server.url('/latin1.xml'), { maxItems: 2 });
    expect(created.statusCode, created.body).toBe(201);
    const feed = created.json<Media>();
    expect(feed.feed).toMatchObject({ itemCount: 2, lastError: null });
    expect(feed.feed!.lastSuccessAt).not.toBeNull();
    expect((await state(feed.id)).items).toEqual([
      { title: 'Inauguração', summary: 'Loja nova no centro', publishedAt: '2026-11-04T10:00:00.000Z', imageUrl: null },
      {
        title: 'Promoção de café',
        summary: 'Só hoje: pão de açúcar & café',
        publishedAt: '2026-11-02T10:00:00.000Z',
        imageUrl: null,
      },
    ]);
    const listed = (await send(cookie, 'GET', '/api/media')).json<Media[]>();
    expect(listed[0]).toMatchObject({ kind: 'feed', feed: { itemCount: 2, lastError: null } });
  });

  it('reads an Atom feed (escaped HTML summaries)', async () => {
    server.serve('/atom.xml', 'application/atom+xml', atomFeed(['Primeiro &amp; único', 'Segundo']));
    const { cookie } = await freshUser();
    const created = await createFeed(cookie, server.url('/atom.xml'));
    expect(created.statusCode, created.body).toBe(201);
    expect((await state(created.json<Media>().id)).items.map((i) => [i.title, i.summary])).toEqual([
      ['Segundo', 'Resumo 2 & mais'],
      ['Primeiro & único', 'Resumo 1 & mais'],
    ]);
  });

  it('refuses a feed that cannot be read with the pt-BR reason, and saves nothing', async () => {
    server.serve('/page.html', 'text/html', '<!doctype html><html><body>Olá</body></html>');
    server.serve(
      '/huge.xml',
      'application/rss+xml',
      `<rss><channel>${'x'.repeat(2 * 1024 * 1024 + 10)}</channel></rss>`,
    );
    server.set('/loop', (_req, res) => res.writeHead(302, { location: '/loop' }).end());
    server.set('/slow.xml', (_req, res) => {
      const timer = setTimeout(() => res.writeHead(200).end('<rss/>'), 10_000);
      res.on('close', () => clearTimeout(timer));
    });
    server.set('/gone.xml', (_req, res) => res.writeHead(410).end());
    server.set('/broken.xml', (_req, res) =>
      res.writeHead(200, { 'content-type': 'application/rss+xml', 'content-encoding': 'gzip' }).end('não é gzip'),
    );
    const { user, cookie } = await freshUser();
    const cases: Array<[string, string]> = [
      ['/page.html', m.feedNotFeed],
      ['/huge.xml', m.fetchTooLarge(2)],
      ['/loop', m.fetchTooManyRedirects(3)],
      ['/slow.xml', m.fetchTimeout(2)],
      ['/gone.xml', m.fetchHttpStatus(410)],
      // It answered: a body that cannot be decompressed is the address's fault, not the connection's.
      ['/broken.xml', m.fetchBadEncoding],
    ];
    for (const [path, message] of cases) {
      const answer = await createFeed(cookie, server.url(path));
      expect(answer.statusCode, path).toBe(400);
      expect(answer.json().message, path).toBe(message);
    }
    expect(await t.database.db.select().from(media).where(eq(media.userId, user.id))).toEqual([]);
  });

  it('a failing refresh keeps the last items and records why; the status shows it', async () => {
    server.serve('/breaks.xml', 'application/rss+xml', latin1Rss(rssItems));
    const { cookie } = await freshUser();
    const feed = (await createFeed(cookie, server.url('/breaks.xml'))).json<Media>();
    const before = (await state(feed.id)).items;
    expect(before).toHaveLength(3);
    server.serve('/breaks.xml', 'text/html', '<html>manutenção</html>');
    const refresh = await send(cookie, 'POST', `/api/media/${feed.id}/refresh`);
    expect(refresh.statusCode).toBe(202);
    await eventually(async () => (await state(feed.id)).lastError === m.feedNotFeed, 'the failure recorded');
    const after = await state(feed.id);
    expect(after.items).toEqual(before);
    expect(after.lastAttemptAt!.getTime()).toBeGreaterThan(after.lastSuccessAt!.getTime());
    const listed = (await send(cookie, 'GET', '/api/media')).json<Media[]>();
    expect(listed[0]!.feed).toMatchObject({ itemCount: 3, lastError: m.feedNotFeed });
  });

  it('a refresh asks with the last ETag: a 304 keeps the items and counts as a success', async () => {
    let notModified = 0;
    server.set('/etag.xml', (req, res) => {
      if (req.headers['if-none-match'] === '"v1"') {
        notModified++;
        res.writeHead(304).end();
      } else res.writeHead(200, { 'content-type': 'application/atom+xml', etag: '"v1"' }).end(atomFeed(['Um', 'Dois']));
    });
    const { cookie } = await freshUser();
    const feed = (await createFeed(cookie, server.url('/etag.xml'))).json<Media>();
    const first = await state(feed.id);
    expect(first.etag).toBe('"v1"');
    expect((await send(cookie, 'POST', `/api/media/${feed.id}/refresh`)).statusCode).toBe(202);
    await eventually(
      async () => notModified === 1 && (await state(feed.id)).lastAttemptAt! > first.lastAttemptAt!,
      '304',
    );
    await eventually(async () => (await state(feed.id)).lastSuccessAt! > first.lastSuccessAt!, 'success recorded');
    const after = await state(feed.id);
    expect(after).toMatchObject({ items: first.items, lastError: null, etag: '"v1"' });
  });

  it('a feed that changed reaches the TVs’ manifests (on demand, and at its turn through the scan)', async () => {
    server.serve('/news.xml', 'application/atom+xml', atomFeed(['Antiga']));
    const owner = await freshUser();
    const feed = (await createFeed(owner.cookie, server.url('/news.xml'))).json<Media>();
    const playlist = await makePlaylist(t, { owner, items: [{ mediaId: feed.id, duration: 30 }] });
    const { headers } = await makePairedDevice(t, { owner, playlists: [playlist.id] });
    const titles = async () => {
      const manifest = (await t.app.inject({ method: 'GET', url: '/api/tv/content', headers })).json<Manifest>();
      const content = manifest.windows[0]!.items[0]!.content as { items: Array<{ title: string }> };
      return content.items.map((i) => i.title);
    };
    expect(await titles()).toEqual(['Antiga']);

    server.serve('/news.xml', 'application/atom+xml', atomFeed(['Antiga', 'Nova']));
    expect((await send(owner.cookie, 'POST', `/api/media/${feed.id}/refresh`)).statusCode).toBe(202);
    await expect.poll(titles).toEqual(['Nova', 'Antiga']);
    expect(t.events).toContainEqual({
      type: 'playlist.changed',
      playlistId: playlist.id,
      workspaceId: owner.workspaceId,
    });
    // New items keep the item's version (its options'): the TV's layer takes them without a reload.
    const [row] = await t.database.db.select().from(media).where(eq(media.id, feed.id));
    expect(row!.sha256).toBe(feed.sha256);

    // Its turn comes (next_fetch_at passed): the scan queues it by itself.
    server.serve('/news.xml', 'application/atom+xml', atomFeed(['Antiga', 'Nova', 'Novíssima']));
    await t.database.db
      .update(feedStates)
      .set({ nextFetchAt: new Date(Date.now() - 1000) })
      .where(eq(feedStates.mediaId, feed.id));
    await expect.poll(titles, { timeout: 5000 }).toEqual(['Novíssima', 'Nova', 'Antiga']);
  });

  it('an edit while its refresh is running makes the feed due at once (the running job held its turn)', async () => {
    server.serve('/slow.xml', 'application/atom+xml', atomFeed(['Um', 'Dois', 'Três']));
    const owner = await freshUser();
    const feed = (await createFeed(owner.cookie, server.url('/slow.xml'))).json<Media>();
    // The next answer waits until the edit is committed.
    let release = () => undefined as void;
    let asked = false;
    server.set('/slow.xml', (_req, res) => {
      asked = true;
      release = () =>
        void res.writeHead(200, { 'content-type': 'application/atom+xml' }).end(atomFeed(['Um', 'Dois', 'Três']));
    });
    expect((await send(owner.cookie, 'POST', `/api/media/${feed.id}/refresh`)).statusCode).toBe(202);
    await eventually(() => asked, 'the refresh is fetching');
    const edited = await send(owner.cookie, 'PUT', `/api/media/${feed.id}`, {
      options: { url: server.url('/slow.xml'), maxItems: 1 },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const before = await state(feed.id);
    release();
    await eventually(async () => (await state(feed.id)).nextFetchAt!.getTime() <= Date.now(), 'the feed due now');
    // What the running job fetched, for the old options, was not applied.
    expect((await state(feed.id)).items).toEqual(before.items);
  });

  it('PUT with a new address fetches it first: refused when it fails (nothing changed), items replaced when it works', async () => {
    server.serve('/first.xml', 'application/atom+xml', atomFeed(['Um']));
    server.serve('/second.xml', 'application/atom+xml', atomFeed(['Dois', 'Três']));
    const { cookie } = await freshUser();
    const feed = (await createFeed(cookie, server.url('/first.xml'))).json<Media>();
    const bad = await send(cookie, 'PUT', `/api/media/${feed.id}`, { options: { url: server.url('/page-missing') } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(m.fetchHttpStatus(404));
    expect((await send(cookie, 'GET', '/api/media')).json<Media[]>()[0]!.options).toMatchObject({
      url: server.url('/first.xml'),
    });
    const good = await send(cookie, 'PUT', `/api/media/${feed.id}`, { options: { url: server.url('/second.xml') } });
    expect(good.statusCode, good.body).toBe(200);
    expect(good.json<Media>().feed).toMatchObject({ itemCount: 2, lastError: null });
    expect((await state(feed.id)).items.map((i) => i.title)).toEqual(['Três', 'Dois']);
    // Same address, fewer items: the refresh queued with the edit applies it.
    await send(cookie, 'PUT', `/api/media/${feed.id}`, { options: { url: server.url('/second.xml'), maxItems: 1 } });
    await eventually(async () => (await state(feed.id)).items.length === 1, 'maxItems applied by the refresh');
  });

  it('POST /api/media/{id}/refresh: 400 for media that is not a feed, 401 without a session, 404 for another workspace', async () => {
    server.serve('/ok.xml', 'application/atom+xml', atomFeed(['Um']));
    const { cookie } = await freshUser();
    const feed = (await createFeed(cookie, server.url('/ok.xml'))).json<Media>();
    const clock = (
      await send(cookie, 'POST', '/api/media/content', { kind: 'clock', name: 'Relógio', options: {} })
    ).json<Media>();
    const notFeed = await send(cookie, 'POST', `/api/media/${clock.id}/refresh`);
    expect(notFeed.statusCode).toBe(400);
    expect(notFeed.json().message).toBe(m.notAFeed);
    expect((await t.app.inject({ method: 'POST', url: `/api/media/${feed.id}/refresh` })).statusCode).toBe(401);
    const stranger = await freshUser();
    expect((await send(stranger.cookie, 'POST', `/api/media/${feed.id}/refresh`)).statusCode).toBe(404);
  });

  it('a web page that refuses framing is saved with a warning; one that allows it, without', async () => {
    server.serve('/deny.html', 'text/html', '<html></html>', { 'x-frame-options': 'DENY' });
    server.serve('/csp.html', 'text/html', '<html></html>', { 'content-security-policy': "frame-ancestors 'self'" });
    server.serve('/open.html', 'text/html', '<html></html>');
    const { cookie } = await freshUser();
    const page = (path: string) =>
      send(cookie, 'POST', '/api/media/content', { kind: 'webpage', name: 'Site', options: { url: server.url(path) } });
    const denied = await page('/deny.html');
    expect(denied.statusCode).toBe(201);
    expect(denied.json().warning).toBe(m.framingRefused('X-Frame-Options'));
    expect((await page('/csp.html')).json().warning).toBe(m.framingRefused('Content-Security-Policy'));
    const open = await page('/open.html');
    expect(open.statusCode).toBe(201);
    expect(open.json().warning).toBeUndefined();
    // A new address on PUT is checked again.
    const edited = await send(cookie, 'PUT', `/api/media/${open.json().id}`, {
      options: { url: server.url('/deny.html') },
    });
    expect(edited.json().warning).toBe(m.framingRefused('X-Frame-Options'));
  });

  it('tells the TVs a page refused frames, so the browser player shows its notice at once; a new address is read again', async () => {
    server.serve('/deny.html', 'text/html', '<html></html>', { 'x-frame-options': 'DENY' });
    server.serve('/open.html', 'text/html', '<html></html>');
    const owner = await freshUser();
    const page = (
      await send(owner.cookie, 'POST', '/api/media/content', {
        kind: 'webpage',
        name: 'Painel',
        options: { url: server.url('/deny.html') },
      })
    ).json<Media>();
    const playlist = await makePlaylist(t, { owner, items: [{ mediaId: page.id, duration: 30 }] });
    const { headers } = await makePairedDevice(t, { owner, playlists: [playlist.id] });
    const shown = async () => {
      const item = (await t.app.inject({ method: 'GET', url: '/api/tv/content', headers })).json<Manifest>().windows[0]!
        .items[0]!;
      return { sha256: item.sha256, framingRefused: (item.content as { framingRefused?: boolean }).framingRefused };
    };
    const refused = await shown();
    expect(refused.framingRefused).toBe(true);

    // A rename keeps what was read; the same address is not fetched again.
    const renamed = await send(owner.cookie, 'PUT', `/api/media/${page.id}`, {
      name: 'Painel de vendas',
      options: { url: server.url('/deny.html'), zoom: 150 },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await shown()).framingRefused).toBe(true);

    const moved = await send(owner.cookie, 'PUT', `/api/media/${page.id}`, {
      options: { url: server.url('/open.html') },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const open = await shown();
    expect(open.framingRefused).toBeUndefined();
    expect(open.sha256).not.toBe(refused.sha256);
  });
});

describe('feeds without FEEDS_ALLOW_PRIVATE (docs/content.md#feeds)', () => {
  const t = useTestApp({ feeds: { ...feeds, allowPrivate: false } });
  const { freshUser, send, createFeed } = helpers(t);

  it('refuses a feed on loopback (400 pt-BR, nothing saved); a web page there is saved unchecked', async () => {
    server.serve('/private.xml', 'application/atom+xml', atomFeed(['Interno']));
    server.serve('/private.html', 'text/html', '<html></html>', { 'x-frame-options': 'DENY' });
    const { user, cookie } = await freshUser();
    const refused = await createFeed(cookie, server.url('/private.xml'));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(m.fetchPrivate);
    const literal = await createFeed(cookie, 'http://[::ffff:127.0.0.1]:9/feed');
    expect(literal.json().message).toBe(m.fetchPrivate);
    expect(await t.database.db.select().from(media).where(eq(media.userId, user.id))).toEqual([]);
    const page = await send(cookie, 'POST', '/api/media/content', {
      kind: 'webpage',
      name: 'Intranet',
      options: { url: server.url('/private.html') },
    });
    expect(page.statusCode).toBe(201);
    expect(page.json().warning).toBeUndefined();
  });
});
