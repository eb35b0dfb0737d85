import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { messages } from '../../../contract/messages';
import { devices } from '../../db/schema';
import { makeDevice, makeWorkspace, signedInUser } from '../../test/factories';
import { useTestApp } from '../../test/test-app';

describe('device groups API', () => {
  const t = useTestApp();

  it('creates, lists, patches and deletes groups; devices of a deleted group keep existing without one', async () => {
    const owner = await signedInUser(t.app, t.database);
    const { user, cookie } = owner;
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/device-groups',
      headers: { cookie },
      payload: { name: 'Lojas SP', description: '' },
    });
    expect(created.statusCode).toBe(201);
    const group = created.json();
    expect(group).toMatchObject({ name: 'Lojas SP', description: null, userId: user.id });
    expect((await t.app.inject({ method: 'GET', url: '/api/device-groups', headers: { cookie } })).json()).toEqual([
      group,
    ]);

    const renamed = await t.app.inject({
      method: 'PATCH',
      url: `/api/device-groups/${group.id}`,
      headers: { cookie },
      payload: { id: group.id, description: 'Capital' },
    });
    expect(renamed.json()).toMatchObject({ name: 'Lojas SP', description: 'Capital' });
    const again = await t.app.inject({
      method: 'PATCH',
      url: `/api/device-groups/${group.id}`,
      headers: { cookie },
      payload: { name: 'Lojas São Paulo' },
    });
    expect(again.json()).toMatchObject({ name: 'Lojas São Paulo', description: 'Capital' });

    const device = await makeDevice(t, { owner, groupId: group.id });
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/device-groups/${group.id}`, headers: { cookie } })).statusCode,
    ).toBe(204);
    const [after] = await t.database.db.select().from(devices).where(eq(devices.id, device.id));
    expect(after?.groupId).toBeNull();
  });

  it('validates the name (400, pt-BR)', async () => {
    const { cookie } = await signedInUser(t.app, t.database);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/device-groups',
      headers: { cookie },
      payload: { name: '  ' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(messages.groups.nameRequired);
    const group = (
      await t.app.inject({ method: 'POST', url: '/api/device-groups', headers: { cookie }, payload: { name: 'G' } })
    ).json();
    const patch = await t.app.inject({
      method: 'PATCH',
      url: `/api/device-groups/${group.id}`,
      headers: { cookie },
      payload: { name: '' },
    });
    expect(patch.statusCode).toBe(400);
  });

  it('answers 401 without a session and 404 for another workspace’s group (its admin too)', async () => {
    for (const [method, url] of [
      ['GET', '/api/device-groups'],
      ['POST', '/api/device-groups'],
      ['PATCH', '/api/device-groups/1'],
      ['DELETE', '/api/device-groups/1'],
    ] as const) {
      const res = await t.app.inject({
        method,
        url,
        payload: method === 'POST' || method === 'PATCH' ? { name: 'G' } : undefined,
      });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
    const owner = await signedInUser(t.app, t.database);
    const group = (
      await t.app.inject({
        method: 'POST',
        url: '/api/device-groups',
        headers: { cookie: owner.cookie },
        payload: { name: 'G' },
      })
    ).json();
    const stranger = await signedInUser(t.app, t.database, 'admin', await makeWorkspace(t.database));
    for (const [method, payload] of [
      ['PATCH', { name: 'X' }],
      ['DELETE', undefined],
    ] as const) {
      const res = await t.app.inject({
        method,
        url: `/api/device-groups/${group.id}`,
        headers: { cookie: stranger.cookie },
        payload,
      });
      expect(res.statusCode, method).toBe(404);
    }
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/device-groups', headers: { cookie: stranger.cookie } })).json(),
    ).toEqual([]);
    // A teammate manages it.
    const teammate = await signedInUser(t.app, t.database);
    const renamed = await t.app.inject({
      method: 'PATCH',
      url: `/api/device-groups/${group.id}`,
      headers: { cookie: teammate.cookie },
      payload: { name: 'Da equipe' },
    });
    expect(renamed.json()).toMatchObject({ name: 'Da equipe', userId: owner.user.id });
  });
});
