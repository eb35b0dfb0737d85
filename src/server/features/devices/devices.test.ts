import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { messages } from '../../../contract/messages';
import { activities, devices } from '../../db/schema';
import { makePlaylist, makeWorkspace, signedInUser, workspaceOf } from '../../test/factories';
import { useTestApp } from '../../test/test-app';

describe('devices API', () => {
  const t = useTestApp();
  const input = (extra: Record<string, unknown> = {}) => ({
    name: 'TV Recepção',
    location: 'Loja Centro',
    orientation: 'horizontal',
    layout: 'single',
    resolution: '1920x1080',
    groupId: null,
    authCode: '012345',
    ...extra,
  });
  const post = (cookie: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/devices', headers: { cookie }, payload });

  it('creates, lists, reads, updates and deletes a device, keeping the activity history', async () => {
    const { user, cookie } = await signedInUser(t.app, t.database);
    const created = await post(cookie, input());
    expect(created.statusCode).toBe(201);
    const device = created.json();
    expect(device).toMatchObject({
      ...input(),
      status: 'offline',
      lastSeen: null,
      activeSessionId: null,
      assignedPlaylistId1: null,
      userId: user.id,
    });
    expect(created.body).not.toMatch(/token/i);

    expect((await t.app.inject({ method: 'GET', url: '/api/devices', headers: { cookie } })).json()).toEqual([device]);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/devices/${device.id}`, headers: { cookie } })).json(),
    ).toEqual(device);

    const updated = await t.app.inject({
      method: 'PUT',
      url: `/api/devices/${device.id}`,
      headers: { cookie },
      payload: input({ name: 'TV Vitrine', orientation: 'vertical' }),
    });
    expect(updated.json()).toMatchObject({ name: 'TV Vitrine', orientation: 'vertical' });

    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/devices/${device.id}`, headers: { cookie } })).statusCode,
    ).toBe(204);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/devices/${device.id}`, headers: { cookie } })).statusCode,
    ).toBe(404);
    const history = await t.database.db
      .select()
      .from(activities)
      .where(and(eq(activities.entityType, 'device'), eq(activities.entityId, device.id)));
    expect(history.map((a) => a.type)).toEqual(['device_created', 'device_updated', 'device_deleted']);
  });

  it('validates with the pt-BR messages of docs/product.md#validation', async () => {
    const { cookie } = await signedInUser(t.app, t.database);
    const cases: Array<[Record<string, unknown>, string]> = [
      [input({ name: ' ' }), messages.devices.nameRequired],
      [input({ location: '' }), messages.devices.locationRequired],
      [input({ resolution: '' }), messages.devices.resolutionRequired],
      [input({ authCode: '12345' }), messages.devices.authCodeFormat],
      [input({ authCode: '12345a' }), messages.devices.authCodeFormat],
      [input({ authCode: '1234567' }), messages.devices.authCodeFormat],
      [input({ orientation: 'diagonal' }), 'Orientação inválida'],
      [input({ layout: 'triple' }), 'Layout inválido'],
    ];
    for (const [payload, message] of cases) {
      const res = await post(cookie, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toBe(message);
    }
  });

  it('answers 409 AUTH_CODE_DUPLICATE for a code in use, by anyone', async () => {
    const a = await signedInUser(t.app, t.database);
    const b = await signedInUser(t.app, t.database);
    await post(a.cookie, input({ authCode: '777777' }));
    const dup = await post(b.cookie, input({ authCode: '777777' }));
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({ message: messages.devices.duplicateCode.description, code: 'AUTH_CODE_DUPLICATE' });
    const other = (await post(a.cookie, input({ authCode: '888888' }))).json();
    const dupOnEdit = await t.app.inject({
      method: 'PUT',
      url: `/api/devices/${other.id}`,
      headers: { cookie: a.cookie },
      payload: input({ authCode: '777777' }),
    });
    expect(dupOnEdit.statusCode).toBe(409);
  });

  it('a changed code and a disconnect set the device offline, clear the session and revoke the token', async () => {
    const { cookie } = await signedInUser(t.app, t.database);
    const device = (await post(cookie, input())).json();
    const online = {
      status: 'online',
      activeSessionId: 'sessao-1',
      tokenHash: 'a'.repeat(64),
      lastSeen: new Date(),
    } as const;
    const state = async () => (await t.database.db.select().from(devices).where(eq(devices.id, device.id)))[0]!;

    await t.database.db.update(devices).set(online).where(eq(devices.id, device.id));
    const sameCode = await t.app.inject({
      method: 'PUT',
      url: `/api/devices/${device.id}`,
      headers: { cookie },
      payload: input({ name: 'Outro nome' }),
    });
    expect(sameCode.json()).toMatchObject({ status: 'online', activeSessionId: 'sessao-1' });

    const newCode = await t.app.inject({
      method: 'PUT',
      url: `/api/devices/${device.id}`,
      headers: { cookie },
      payload: input({ authCode: '654321' }),
    });
    expect(newCode.json()).toMatchObject({ status: 'offline', activeSessionId: null, authCode: '654321' });
    expect((await state()).tokenHash).toBeNull();
    expect(t.events).toContainEqual({
      type: 'device.disconnected',
      deviceId: device.id,
      workspaceId: await workspaceOf(t.database, device.userId),
    });

    await t.database.db.update(devices).set(online).where(eq(devices.id, device.id));
    t.events.length = 0;
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/devices/${device.id}/disconnect`,
      headers: { cookie },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'offline', activeSessionId: null });
    expect((await state()).tokenHash).toBeNull();
    expect(t.events[0]).toEqual({
      type: 'device.disconnected',
      deviceId: device.id,
      workspaceId: await workspaceOf(t.database, device.userId),
    });
  });

  it('assigns playlists: dual needs both, single may clear and never keeps a second one', async () => {
    const owner = await signedInUser(t.app, t.database);
    const { cookie } = owner;
    const [p1, p2] = [await makePlaylist(t, { owner, name: 'A' }), await makePlaylist(t, { owner, name: 'B' })];
    const single = (await post(cookie, input())).json();
    const dual = (await post(cookie, input({ layout: 'dual', authCode: '222222' }))).json();
    const patch = (id: number, payload: Record<string, unknown>) =>
      t.app.inject({ method: 'PATCH', url: `/api/devices/${id}`, headers: { cookie }, payload });

    const missing = await patch(dual.id, { assignedPlaylistId1: p1.id, assignedPlaylistId2: null });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(messages.devices.dualNeedsTwo.description);
    expect((await patch(dual.id, { assignedPlaylistId1: p1.id, assignedPlaylistId2: p2.id })).json()).toMatchObject({
      assignedPlaylistId1: p1.id,
      assignedPlaylistId2: p2.id,
    });

    expect((await patch(single.id, { assignedPlaylistId1: p1.id, assignedPlaylistId2: p2.id })).json()).toMatchObject({
      assignedPlaylistId1: p1.id,
      assignedPlaylistId2: null,
    });
    expect((await patch(single.id, { assignedPlaylistId1: null, assignedPlaylistId2: null })).json()).toMatchObject({
      assignedPlaylistId1: null,
      assignedPlaylistId2: null,
    });
    expect((await patch(single.id, { assignedPlaylistId1: 'x' })).statusCode).toBe(400);

    // Another company's playlist is "not found"; a teammate's may be assigned (docs/security.md#roles-and-tenancy).
    const stranger = await signedInUser(t.app, t.database, 'user', await makeWorkspace(t.database));
    const theirs = await makePlaylist(t, { owner: stranger, name: 'Deles' });
    const foreign = await patch(single.id, { assignedPlaylistId1: theirs.id, assignedPlaylistId2: null });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().code).toBe('PLAYLIST_NOT_FOUND');
    const teammate = await signedInUser(t.app, t.database);
    const ours = await makePlaylist(t, { owner: teammate, name: 'Da equipe' });
    expect((await patch(single.id, { assignedPlaylistId1: ours.id, assignedPlaylistId2: null })).json()).toMatchObject({
      assignedPlaylistId1: ours.id,
    });
    const assigned = await t.database.db.select().from(activities).where(eq(activities.type, 'playlist_assigned'));
    expect(assigned).toHaveLength(4);
  });

  it('refuses a group of another workspace', async () => {
    const a = await signedInUser(t.app, t.database);
    const b = await signedInUser(t.app, t.database, 'user', await makeWorkspace(t.database));
    const group = (
      await t.app.inject({
        method: 'POST',
        url: '/api/device-groups',
        headers: { cookie: b.cookie },
        payload: { name: 'Deles' },
      })
    ).json();
    const res = await post(a.cookie, input({ groupId: group.id }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(messages.groups.notFound);
  });

  it('answers 401 without a session on every route', async () => {
    for (const [method, url] of [
      ['GET', '/api/devices'],
      ['POST', '/api/devices'],
      ['GET', '/api/devices/1'],
      ['PUT', '/api/devices/1'],
      ['PATCH', '/api/devices/1'],
      ['DELETE', '/api/devices/1'],
      ['POST', '/api/devices/1/disconnect'],
      ['GET', '/api/stats'],
    ] as const) {
      const res = await t.app.inject({
        method,
        url,
        payload: ['POST', 'PUT', 'PATCH'].includes(method) && !url.endsWith('disconnect') ? input() : undefined,
      });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it("answers 404 for another workspace's device on every id route (its admin too); teammates see it", async () => {
    const owner = await signedInUser(t.app, t.database);
    const device = (await post(owner.cookie, input())).json();
    const stranger = await signedInUser(t.app, t.database, 'admin', await makeWorkspace(t.database));
    for (const [method, url, payload] of [
      ['GET', `/api/devices/${device.id}`, undefined],
      ['PUT', `/api/devices/${device.id}`, input()],
      ['PATCH', `/api/devices/${device.id}`, { assignedPlaylistId1: null, assignedPlaylistId2: null }],
      ['DELETE', `/api/devices/${device.id}`, undefined],
      ['POST', `/api/devices/${device.id}/disconnect`, undefined],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: { cookie: stranger.cookie }, payload });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().message).toBe(messages.devices.notFound);
    }
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/devices', headers: { cookie: stranger.cookie } })).json(),
    ).toEqual([]);
    const teammate = await signedInUser(t.app, t.database);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/devices', headers: { cookie: teammate.cookie } })).json(),
    ).toHaveLength(1);
    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/devices/${device.id}`,
      headers: { cookie: teammate.cookie },
      payload: input({ name: 'Editada pela equipe' }),
    });
    expect(edited.json()).toMatchObject({ name: 'Editada pela equipe', userId: owner.user.id });
  });

  it('reports stats: devices online/offline, media use against the quota, playlists', async () => {
    const owner = await signedInUser(t.app, t.database);
    const { cookie } = owner;
    const a = (await post(cookie, input())).json();
    await post(cookie, input({ authCode: '333333' }));
    await t.database.db.update(devices).set({ status: 'online' }).where(eq(devices.id, a.id));
    // No items: its media would count in the figures.
    await makePlaylist(t, { owner, name: 'P', items: [] });
    const stats = (await t.app.inject({ method: 'GET', url: '/api/stats', headers: { cookie } })).json();
    expect(stats).toEqual({
      devices: { total: 2, online: 1, offline: 1 },
      media: { count: 0, usedBytes: 0, quotaBytes: 1024 ** 3 },
      playlists: { count: 1 },
    });
  });
});
