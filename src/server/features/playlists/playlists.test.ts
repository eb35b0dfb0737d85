import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { messages } from '../../../contract/messages';
import { devices } from '../../db/schema';
import { makeDevice, makeMedia, makeWorkspace, signedInUser, workspaceOf } from '../../test/factories';
import { useTestApp } from '../../test/test-app';

describe('playlists API', () => {
  const t = useTestApp();

  async function setup() {
    const owner = await signedInUser(t.app, t.database);
    const a = await makeMedia(t, { owner: owner, size: 1500, originalName: 'vitrine.png' });
    const b = await makeMedia(t, {
      owner: owner,
      size: 2500,
      mimeType: 'video/mp4',
      duration: 3,
      originalName: 'promo.mp4',
    });
    return { owner, a, b };
  }
  const body = (mediaIds: number[], extra: Record<string, unknown> = {}) => ({
    name: 'Vitrine de Natal',
    description: 'Loja centro',
    startDate: '2026-12-01',
    durationDays: 30,
    items: mediaIds.map((mediaId, order) => ({ mediaId, duration: 10, order })),
    totalSize: 1,
    // Sent by the client and ignored: the owner and the workspace come from the session.
    userId: 1,
    workspaceId: 999,
    ...extra,
  });

  it('creates a playlist with the size computed by the server and the owner from the session', async () => {
    const { owner, a, b } = await setup();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/playlists',
      headers: { cookie: owner.cookie },
      payload: body([b.id, a.id]),
    });
    expect(res.statusCode).toBe(201);
    const playlist = res.json();
    expect(playlist).toMatchObject({
      name: 'Vitrine de Natal',
      description: 'Loja centro',
      startDate: '2026-12-01',
      durationDays: 30,
      totalSize: 4000,
      userId: owner.user.id,
    });
    expect(playlist.items.map((i: { mediaId: number; order: number }) => [i.mediaId, i.order])).toEqual([
      [b.id, 0],
      [a.id, 1],
    ]);
    expect(playlist.items[0].media).toMatchObject({ originalName: 'promo.mp4', mimeType: 'video/mp4', duration: 3 });
    // The sign-in before it told the history (activity.recorded); the playlist, once.
    expect(t.events.filter((e) => e.type !== 'activity.recorded')).toEqual([
      { type: 'playlist.changed', playlistId: playlist.id, workspaceId: await workspaceOf(t.database, owner.user.id) },
    ]);

    const list = await t.app.inject({ method: 'GET', url: '/api/playlists', headers: { cookie: owner.cookie } });
    expect(list.json()).toEqual([
      expect.objectContaining({
        id: playlist.id,
        totalSize: 4000,
        items: [expect.objectContaining({ duration: 10 }), expect.objectContaining({ order: 1 })],
      }),
    ]);
  });

  it('keeps the order the client gives, renumbered from zero', async () => {
    const { owner, a, b } = await setup();
    const payload = body([], {
      items: [
        { mediaId: a.id, duration: 5, order: 7 },
        { mediaId: b.id, duration: 6, order: 2 },
      ],
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/playlists',
      headers: { cookie: owner.cookie },
      payload,
    });
    expect(res.json().items.map((i: { mediaId: number; order: number }) => [i.mediaId, i.order])).toEqual([
      [b.id, 0],
      [a.id, 1],
    ]);
  });

  it('applies the fallbacks of docs/product.md#validation: 8 s for a non-numeric duration, 0 days when not a number, empty start date is null', async () => {
    const { owner, a } = await setup();
    const payload = body([], { startDate: '', durationDays: 'abc', items: [{ mediaId: a.id, duration: 'x' }] });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/playlists',
      headers: { cookie: owner.cookie },
      payload,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ startDate: null, durationDays: 0, items: [{ duration: 8, order: 0 }] });
  });

  it('answers 400 JSON with pt-BR messages for invalid bodies', async () => {
    const { owner, a } = await setup();
    const cases: Array<[Record<string, unknown>, string]> = [
      [body([a.id], { name: '   ' }), messages.playlists.nameRequired],
      [body([]), messages.playlists.itemsRequired],
      [
        body([], { items: [{ mediaId: a.id, duration: 0 }] }),
        'A duração de cada item deve ser de pelo menos 1 segundo',
      ],
      [body([a.id], { durationDays: -1 }), 'A duração em dias não pode ser negativa'],
      [body([a.id], { startDate: '31/12/2026' }), 'Data de início inválida'],
    ];
    for (const [payload, message] of cases) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/playlists',
        headers: { cookie: owner.cookie },
        payload,
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toBe(message);
    }
  });

  it("refuses media that do not exist or are another workspace's, and takes a teammate's", async () => {
    const { owner, a } = await setup();
    const stranger = await signedInUser(t.app, t.database, 'user', await makeWorkspace(t.database));
    const theirs = await makeMedia(t, { owner: stranger });
    for (const ids of [
      [a.id, theirs.id],
      [a.id, 999_999],
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/playlists',
        headers: { cookie: owner.cookie },
        payload: body(ids),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'MEDIA_NOT_FOUND', issues: [{ path: ['items', 1, 'mediaId'] }] });
    }
    const list = await t.app.inject({ method: 'GET', url: '/api/playlists', headers: { cookie: owner.cookie } });
    expect(list.json()).toEqual([]);
    const teammate = await signedInUser(t.app, t.database);
    const ours = await makeMedia(t, { owner: teammate });
    const shared = await t.app.inject({
      method: 'POST',
      url: '/api/playlists',
      headers: { cookie: owner.cookie },
      payload: body([a.id, ours.id]),
    });
    expect(shared.statusCode, shared.body).toBe(201);
  });

  it('replaces data and items on update, and recomputes the size', async () => {
    const { owner, a, b } = await setup();
    const created = (
      await t.app.inject({
        method: 'POST',
        url: '/api/playlists',
        headers: { cookie: owner.cookie },
        payload: body([a.id, b.id]),
      })
    ).json();
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/playlists/${created.id}`,
      headers: { cookie: owner.cookie },
      payload: body([b.id], { name: 'Só vídeo', description: '', startDate: null, durationDays: 0 }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Só vídeo',
      description: null,
      startDate: null,
      durationDays: 0,
      totalSize: 2500,
    });
    expect(res.json().items).toHaveLength(1);
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/playlists/${created.id}`,
      headers: { cookie: owner.cookie },
    });
    expect(read.json()).toEqual(res.json());
  });

  it('unassigns a deleted playlist from devices and keeps the media', async () => {
    const { owner, a } = await setup();
    const created = (
      await t.app.inject({
        method: 'POST',
        url: '/api/playlists',
        headers: { cookie: owner.cookie },
        payload: body([a.id]),
      })
    ).json();
    const device = await makeDevice(t, { owner, layout: 'dual', playlists: [created.id, created.id] });
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/playlists/${created.id}`,
      headers: { cookie: owner.cookie },
    });
    expect(res.statusCode).toBe(204);
    const [after] = await t.database.db.select().from(devices).where(eq(devices.id, device.id));
    expect(after).toMatchObject({ assignedPlaylistId1: null, assignedPlaylistId2: null });
    expect(t.events.at(-1)).toEqual({
      type: 'playlist.deleted',
      playlistId: created.id,
      workspaceId: await workspaceOf(t.database, owner.user.id),
    });
    const gone = await t.app.inject({
      method: 'GET',
      url: `/api/playlists/${created.id}`,
      headers: { cookie: owner.cookie },
    });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe(messages.playlists.notFound.title);
    const mediaList = await t.app.inject({ method: 'GET', url: '/api/media', headers: { cookie: owner.cookie } });
    expect(mediaList.json()).toHaveLength(2);
  });

  it('answers 401 without a session', async () => {
    for (const [method, url] of [
      ['GET', '/api/playlists'],
      ['POST', '/api/playlists'],
      ['GET', '/api/playlists/1'],
      ['PUT', '/api/playlists/1'],
      ['DELETE', '/api/playlists/1'],
    ] as const) {
      const res = await t.app.inject({
        method,
        url,
        payload: method === 'POST' || method === 'PUT' ? body([1]) : undefined,
      });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it("answers 404 for another workspace's playlist (its admin too), while a teammate reaches it (docs/security.md#roles-and-tenancy)", async () => {
    const { owner, a } = await setup();
    const created = (
      await t.app.inject({
        method: 'POST',
        url: '/api/playlists',
        headers: { cookie: owner.cookie },
        payload: body([a.id]),
      })
    ).json();
    const stranger = await signedInUser(t.app, t.database, 'admin', await makeWorkspace(t.database));
    for (const [method, payload] of [
      ['GET', undefined],
      ['PUT', body([a.id])],
      ['DELETE', undefined],
    ] as const) {
      const res = await t.app.inject({
        method,
        url: `/api/playlists/${created.id}`,
        headers: { cookie: stranger.cookie },
        payload,
      });
      expect(res.statusCode, method).toBe(404);
    }
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/playlists', headers: { cookie: stranger.cookie } })).json(),
    ).toEqual([]);

    // The creator stays the creator when a teammate edits it.
    const teammate = await signedInUser(t.app, t.database);
    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/playlists/${created.id}`,
      headers: { cookie: teammate.cookie },
      payload: body([a.id], { name: 'Ajustada pela equipe' }),
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ name: 'Ajustada pela equipe', userId: owner.user.id });
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/playlists', headers: { cookie: teammate.cookie } })).json(),
    ).toHaveLength(1);
  });
});
