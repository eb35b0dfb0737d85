import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ApiKeyPermissions } from '../../../contract/api-keys';
import { contentMessages } from '../../../contract/content-messages';
import type { Media } from '../../../contract/media';
import type { Manifest } from '../../../contract/tv';
import { activities, media } from '../../db/schema';
import {
  makeApiKey,
  makeMedia,
  makePairedDevice,
  makePlaylist,
  makeWorkspace,
  signedInUser,
} from '../../test/factories';
import { useTestApp } from '../../test/test-app';

/** docs/content.md: content items are made, edited and sent to TVs like media. */
describe('content items API (docs/content.md)', () => {
  const t = useTestApp();

  const freshUser = async () => {
    const workspaceId = await makeWorkspace(t.database);
    return { ...(await signedInUser(t.app, t.database, 'user', workspaceId)), workspaceId };
  };
  const send = (cookie: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

  it('creates each kind with its defaults, lists it with its kind, and records it in the history', async () => {
    const { user, cookie } = await freshUser();
    const ticker = await send(cookie, 'POST', '/api/media/content', {
      kind: 'ticker',
      name: 'Ofertas do dia',
      options: { lines: ['Café R$ 5', 'Pão de queijo R$ 4'] },
    });
    expect(ticker.statusCode).toBe(201);
    expect(ticker.json()).toMatchObject({
      kind: 'ticker',
      originalName: 'Ofertas do dia',
      mimeType: 'application/vnd.sinalize.ticker+json',
      size: 0,
      url: '',
      thumbnailUrl: null,
      status: 'ready',
      options: {
        lines: ['Café R$ 5', 'Pão de queijo R$ 4'],
        speed: 120,
        textColor: '#ffffff',
        backgroundColor: '#0f172a',
        size: 'medium',
        separator: '•',
      },
    });
    const bodies = [
      // A private address: saved without its framing check, so the test reaches no network.
      { kind: 'webpage', options: { url: 'http://127.0.0.1/painel' } },
      { kind: 'text', options: { title: 'Bem-vindo', body: 'Aberto até as 22h' } },
      { kind: 'clock', options: {} },
      { kind: 'qrcode', options: { value: 'https://example.com/cardapio', caption: 'Nosso cardápio' } },
    ];
    for (const body of bodies) {
      const created = await send(cookie, 'POST', '/api/media/content', { ...body, name: `Item ${body.kind}` });
      expect(created.statusCode, body.kind).toBe(201);
      expect(created.json().kind).toBe(body.kind);
    }
    const list = (await send(cookie, 'GET', '/api/media')).json<Media[]>();
    // Feeds are fetched when made: feeds.test.ts, with a server of its own.
    expect(list.map((m) => m.kind)).toEqual(['qrcode', 'clock', 'text', 'webpage', 'ticker']);
    expect(list.find((m) => m.kind === 'webpage')!.options).toEqual({
      url: 'http://127.0.0.1/painel',
      refreshMinutes: null,
      zoom: 100,
    });
    // Content holds no bytes: the quota's use does not move.
    expect((await send(cookie, 'GET', '/api/media/usage')).json()).toMatchObject({ usedBytes: 0, count: 5 });
    const history = await t.database.db.select().from(activities).where(eq(activities.userId, user.id));
    expect(history.map((a) => a.type)).toContain('content_created');
  });

  it('refuses bad input with the pt-BR message and saves nothing', async () => {
    const { user, cookie } = await freshUser();
    const cases: Array<[object, string]> = [
      [{ kind: 'webpage', name: 'Site', options: { url: 'javascript:alert(1)' } }, contentMessages.urlNotHttp],
      [{ kind: 'webpage', name: 'Site', options: { url: 'ftp://example.com/a' } }, contentMessages.urlNotHttp],
      [{ kind: 'webpage', name: 'Site', options: { url: 'https://a.com', zoom: 500 } }, contentMessages.zoomInvalid],
      [{ kind: 'ticker', name: 'Vazio', options: { lines: [] } }, contentMessages.tickerEmpty],
      [{ kind: 'ticker', name: 'Vazio', options: { lines: ['  '] } }, contentMessages.tickerLineEmpty],
      [{ kind: 'text', name: 'Nada', options: { title: '', body: ' ' } }, contentMessages.textRequired],
      [{ kind: 'qrcode', name: 'QR', options: { value: '' } }, contentMessages.qrValueRequired],
      [{ kind: 'clock', name: 'Relógio', options: { textColor: 'red' } }, contentMessages.colorInvalid],
      [{ kind: 'clock', name: '', options: {} }, contentMessages.nameRequired],
      [{ kind: 'weather', name: 'Tempo', options: {} }, contentMessages.kindInvalid],
      [{ kind: 'pdf', name: 'PDF', options: {} }, contentMessages.kindInvalid],
    ];
    for (const [payload, message] of cases) {
      const answer = await send(cookie, 'POST', '/api/media/content', payload);
      expect(answer.statusCode, JSON.stringify(payload)).toBe(400);
      expect(answer.json().message, JSON.stringify(payload)).toBe(message);
    }
    expect(await t.database.db.select().from(media).where(eq(media.userId, user.id))).toEqual([]);
  });

  it('PUT renames any media and replaces a content item’s options, checked by its kind; a file takes a name only', async () => {
    const { user, cookie } = await freshUser();
    const ticker = (
      await send(cookie, 'POST', '/api/media/content', { kind: 'ticker', name: 'Letreiro', options: { lines: ['A'] } })
    ).json<Media>();
    const edited = await send(cookie, 'PUT', `/api/media/${ticker.id}`, {
      name: 'Ofertas',
      options: { lines: ['Suco R$ 7'], speed: 200 },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ originalName: 'Ofertas', options: { lines: ['Suco R$ 7'], speed: 200 } });
    expect(edited.json().sha256).not.toBe(ticker.sha256);

    const bad = await send(cookie, 'PUT', `/api/media/${ticker.id}`, { options: { lines: [] } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(contentMessages.tickerEmpty);
    // A ticker's options are not a clock's: checked by the item's own kind.
    const wrongKind = await send(cookie, 'PUT', `/api/media/${ticker.id}`, { options: { style: 'analog' } });
    expect(wrongKind.statusCode).toBe(400);
    expect((await send(cookie, 'GET', '/api/media')).json()[0].options.lines).toEqual(['Suco R$ 7']);

    const image = await makeMedia(t, { userId: user.id });
    const renamed = await send(cookie, 'PUT', `/api/media/${image.id}`, { name: 'Vitrine.png' });
    expect(renamed.json()).toMatchObject({ originalName: 'Vitrine.png', kind: 'file', options: null });
    const fileOptions = await send(cookie, 'PUT', `/api/media/${image.id}`, { options: { zoom: 50 } });
    expect(fileOptions.statusCode).toBe(400);
    expect(fileOptions.json().message).toBe(contentMessages.fileHasNoOptions);
    const empty = await send(cookie, 'PUT', `/api/media/${image.id}`, {});
    expect(empty.json().message).toBe(contentMessages.updateEmpty);
  });

  it('answers 401 without a session and 404 for another workspace’s item', async () => {
    const { cookie } = await freshUser();
    const item = (
      await send(cookie, 'POST', '/api/media/content', { kind: 'clock', name: 'Relógio', options: {} })
    ).json<Media>();
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/media/content',
      payload: { kind: 'clock', name: 'X', options: {} },
    });
    expect(anonymous.statusCode).toBe(401);
    const stranger = await freshUser();
    const foreign = await send(stranger.cookie, 'PUT', `/api/media/${item.id}`, { name: 'Meu' });
    expect(foreign.statusCode).toBe(404);
    expect((await send(cookie, 'GET', '/api/media')).json()[0].originalName).toBe('Relógio');
  });

  it('puts the item’s content in the manifests of the TVs that show it, and an edit reaches them', async () => {
    const owner = await freshUser();
    const ticker = (
      await send(owner.cookie, 'POST', '/api/media/content', {
        kind: 'ticker',
        name: 'Ofertas',
        options: { lines: ['Café R$ 5'] },
      })
    ).json<Media>();
    const playlist = await makePlaylist(t, { owner, items: [{ mediaId: ticker.id, duration: 20 }] });
    const { headers } = await makePairedDevice(t, { owner, playlists: [playlist.id] });
    const manifest = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/tv/content', headers })).json<Manifest>();
    const [item] = (await manifest()).windows[0]!.items;
    expect(item).toMatchObject({
      mediaId: ticker.id,
      url: '',
      size: 0,
      duration: 20,
      mimeType: 'application/vnd.sinalize.ticker+json',
      content: { kind: 'ticker', options: { lines: ['Café R$ 5'], speed: 120 } },
    });

    // An API key with the media permission edits the lines: the manifest follows.
    const key = await makeApiKey(t, { permissions: { media: 'write' } as ApiKeyPermissions });
    const byKey = await t.app.inject({
      method: 'PUT',
      url: `/api/media/${ticker.id}`,
      headers: { authorization: `Bearer ${key.key}` },
      payload: { options: { lines: ['Suco R$ 7', 'Bolo R$ 6'] } },
    });
    // The key belongs to another workspace: the item is not found there.
    expect(byKey.statusCode).toBe(404);
    const ownKey = await makeApiKey(t, {
      workspaceId: owner.workspaceId,
      permissions: { media: 'write' } as ApiKeyPermissions,
    });
    const edit = await t.app.inject({
      method: 'PUT',
      url: `/api/media/${ticker.id}`,
      headers: { authorization: `Bearer ${ownKey.key}` },
      payload: { options: { lines: ['Suco R$ 7', 'Bolo R$ 6'] } },
    });
    expect(edit.statusCode).toBe(200);
    await expect
      .poll(async () => (await manifest()).windows[0]!.items[0]!.content)
      .toMatchObject({ kind: 'ticker', options: { lines: ['Suco R$ 7', 'Bolo R$ 6'] } });
  });
});
