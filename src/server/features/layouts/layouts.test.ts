import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { BUILT_IN_LAYOUTS, type LayoutInput } from '../../../contract/layouts';
import { messages } from '../../../contract/messages';
import { activities, layouts } from '../../db/schema';
import { makeApiKey, makeWorkspace, signedInUser } from '../../test/factories';
import { useTestApp } from '../../test/test-app';

const footer: LayoutInput = {
  name: 'Vitrine',
  orientation: 'horizontal',
  zones: [
    { name: 'Principal', x: 0, y: 0, width: 100, height: 85 },
    { name: 'Rodapé', x: 0, y: 85, width: 100, height: 15, fit: 'cover' },
  ],
};

describe('layouts API (docs/layouts.md)', () => {
  const t = useTestApp();

  /** A signed-in user alone in a new workspace (layout names are unique per workspace). */
  const freshUser = async (role: 'user' | 'admin' = 'user') =>
    signedInUser(t.app, t.database, role, await makeWorkspace(t.database));
  const send = (cookie: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: { cookie },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  it('creates, lists (built-ins first, then by name), reads, replaces and removes a layout, recording each in the history', async () => {
    const { user, cookie } = await freshUser();
    const created = await send(cookie, 'POST', '/api/layouts', footer);
    expect(created.statusCode).toBe(201);
    const layout = created.json();
    expect(layout).toEqual({
      id: expect.any(Number),
      name: 'Vitrine',
      orientation: 'horizontal',
      builtIn: false,
      zones: [
        { key: 'zona-1', name: 'Principal', x: 0, y: 0, width: 100, height: 85, z: 0, fit: 'contain' },
        { key: 'zona-2', name: 'Rodapé', x: 0, y: 85, width: 100, height: 15, z: 0, fit: 'cover' },
      ],
    });
    const other = (await send(cookie, 'POST', '/api/layouts', { ...footer, name: 'Área de espera' })).json();

    const list = await send(cookie, 'GET', '/api/layouts');
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([...BUILT_IN_LAYOUTS, other, layout]);
    expect((await send(cookie, 'GET', `/api/layouts/${layout.id}`)).json()).toEqual(layout);
    expect((await send(cookie, 'GET', '/api/layouts/-2')).json()).toEqual(BUILT_IN_LAYOUTS[1]);

    // PUT replaces it whole; the zones' keys sent back stay, a new zone gets the next free one.
    const replaced = await send(cookie, 'PUT', `/api/layouts/${layout.id}`, {
      name: 'Vitrine vertical',
      orientation: 'vertical',
      zones: [
        { ...layout.zones[0], height: 70 },
        { name: 'Meio', x: 0, y: 70, width: 100, height: 15 },
        layout.zones[1],
      ],
    });
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json()).toMatchObject({
      id: layout.id,
      name: 'Vitrine vertical',
      orientation: 'vertical',
      zones: [{ key: 'zona-1', height: 70 }, { key: 'zona-3', name: 'Meio' }, { key: 'zona-2' }],
    });
    expect((await send(cookie, 'GET', `/api/layouts/${layout.id}`)).json()).toEqual(replaced.json());

    expect((await send(cookie, 'DELETE', `/api/layouts/${layout.id}`)).statusCode).toBe(204);
    expect((await send(cookie, 'GET', `/api/layouts/${layout.id}`)).statusCode).toBe(404);
    expect((await send(cookie, 'DELETE', `/api/layouts/${layout.id}`)).statusCode).toBe(404);

    const history = await t.database.db
      .select({ type: activities.type, data: activities.data, entityId: activities.entityId })
      .from(activities)
      .where(and(eq(activities.userId, user.id), eq(activities.entityType, 'layout')))
      .orderBy(activities.id);
    expect(history).toEqual([
      { type: 'layout_created', data: { name: 'Vitrine' }, entityId: layout.id },
      { type: 'layout_created', data: { name: 'Área de espera' }, entityId: other.id },
      { type: 'layout_updated', data: { name: 'Vitrine vertical' }, entityId: layout.id },
      { type: 'layout_deleted', data: { name: 'Vitrine vertical' }, entityId: layout.id },
    ]);
    const page = (await send(cookie, 'GET', '/api/activities')).json();
    expect(JSON.stringify(page)).toContain('Layout \\"Vitrine vertical\\" removido');
    // The history's filter has a "Layouts" entry (contract ACTIVITY_ENTITY_LABELS): it finds these four.
    const filtered = (await send(cookie, 'GET', '/api/activities?entityType=layout')).json();
    expect(filtered.items.map((item: { description: string }) => item.description)).toEqual([
      'Layout "Vitrine vertical" removido',
      'Layout "Vitrine vertical" atualizado',
      'Layout "Área de espera" criado',
      'Layout "Vitrine" criado',
    ]);
  });

  it('refuses bad zones with 400 and the pt-BR message naming the zone, and saves nothing', async () => {
    const { cookie, user } = await freshUser();
    const cases: Array<[unknown, string]> = [
      [{ ...footer, zones: [footer.zones[0], { ...footer.zones[1], y: 90 }] }, 'A zona "Rodapé" sai da tela.'],
      [
        {
          ...footer,
          zones: Array.from({ length: 9 }, (_, i) => ({ name: `Z${i}`, x: i * 10, y: 0, width: 10, height: 10 })),
        },
        messages.layouts.tooManyZones,
      ],
      [
        { ...footer, zones: [footer.zones[0], { ...footer.zones[1], y: 80 }] },
        messages.layouts.zonesOverlap('Principal', 'Rodapé'),
      ],
      [{ ...footer, zones: [] }, messages.layouts.zonesRequired],
      [
        { ...footer, zones: [footer.zones[0], { ...footer.zones[1], name: 'principal' }] },
        messages.layouts.zoneNameDuplicate('principal'),
      ],
      [{ ...footer, name: ' ' }, messages.layouts.nameRequired],
      [{ ...footer, orientation: 'diagonal' }, messages.layouts.orientationInvalid],
    ];
    for (const [payload, message] of cases) {
      const res = await send(cookie, 'POST', '/api/layouts', payload);
      expect(res.statusCode, message).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', message });
    }
    const created = (await send(cookie, 'POST', '/api/layouts', footer)).json();
    const put = await send(cookie, 'PUT', `/api/layouts/${created.id}`, cases[0]![0]);
    expect(put.statusCode).toBe(400);
    expect(put.json().message).toBe('A zona "Rodapé" sai da tela.');
    // Only the valid one is stored, unchanged.
    const rows = await t.database.db.select().from(layouts).where(eq(layouts.userId, user.id));
    expect(rows.map((r) => [r.name, r.zones.length, r.zones[1]!.y])).toEqual([['Vitrine', 2, 85]]);
    // Overlapping on different layers is a picture in picture: accepted.
    const pip = await send(cookie, 'POST', '/api/layouts', {
      ...footer,
      name: 'PiP',
      zones: [footer.zones[0], { ...footer.zones[1], y: 80, z: 1 }],
    });
    expect(pip.statusCode).toBe(201);
  });

  it('keeps names unique per workspace, whatever the case and accents, built-ins included (409)', async () => {
    const { cookie } = await freshUser();
    expect((await send(cookie, 'POST', '/api/layouts', footer)).statusCode).toBe(201);
    for (const name of ['vitríne', ' VITRINE ', 'tela unica', 'Quatro Quadrantes']) {
      const res = await send(cookie, 'POST', '/api/layouts', { ...footer, name });
      expect(res.statusCode, name).toBe(409);
      expect(res.json()).toMatchObject({ message: messages.layouts.nameTaken, code: 'CONFLICT' });
    }
    const second = (await send(cookie, 'POST', '/api/layouts', { ...footer, name: 'Outra' })).json();
    const rename = await send(cookie, 'PUT', `/api/layouts/${second.id}`, { ...footer, name: 'vitrine' });
    expect(rename.statusCode).toBe(409);
    // Keeping its own name is no conflict; another workspace may use the name.
    expect((await send(cookie, 'PUT', `/api/layouts/${second.id}`, { ...footer, name: 'OUTRA' })).statusCode).toBe(200);
    const elsewhere = await freshUser();
    expect((await send(elsewhere.cookie, 'POST', '/api/layouts', footer)).statusCode).toBe(201);
  });

  it('makes one of two creations of the same name at once, the other 409 (the unique index)', async () => {
    const { cookie } = await freshUser();
    const answers = await Promise.all(
      ['Balcão', 'balcao', 'BALCÃO'].map((name) => send(cookie, 'POST', '/api/layouts', { ...footer, name })),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    for (const res of answers.filter((r) => r.statusCode === 409))
      expect(res.json().message).toBe(messages.layouts.nameTaken);
  });

  it('lists and reads the built-ins, and refuses to change or remove them (409, pt-BR)', async () => {
    const { cookie } = await freshUser('admin');
    for (const builtIn of BUILT_IN_LAYOUTS) {
      expect((await send(cookie, 'GET', `/api/layouts/${builtIn.id}`)).json()).toEqual(builtIn);
      for (const [method, payload] of [
        ['PUT', footer],
        ['DELETE', undefined],
      ] as const) {
        const res = await send(cookie, method, `/api/layouts/${builtIn.id}`, payload);
        expect(res.statusCode, `${method} ${builtIn.id}`).toBe(409);
        expect(res.json().message).toBe(messages.layouts.builtInReadOnly);
      }
    }
    expect((await send(cookie, 'GET', '/api/layouts/-99')).statusCode).toBe(404);
    expect((await send(cookie, 'DELETE', '/api/layouts/-99')).statusCode).toBe(404);
  });

  it('answers 401 without a session, and 404 for another workspace’s layout (its admin too)', async () => {
    const owner = await freshUser();
    const layout = (await send(owner.cookie, 'POST', '/api/layouts', footer)).json();
    for (const [method, url] of [
      ['GET', '/api/layouts'],
      ['POST', '/api/layouts'],
      ['GET', `/api/layouts/${layout.id}`],
      ['PUT', `/api/layouts/${layout.id}`],
      ['DELETE', `/api/layouts/${layout.id}`],
      ['GET', '/api/layouts/-1'],
    ] as const) {
      const res = await t.app.inject({
        method,
        url,
        ...(method === 'POST' || method === 'PUT' ? { payload: footer } : {}),
      });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json().message).toBe(messages.auth.unauthenticated);
    }
    const stranger = await freshUser('admin');
    for (const [method, payload] of [
      ['GET', undefined],
      ['PUT', { ...footer, name: 'Tomada' }],
      ['DELETE', undefined],
    ] as const) {
      const res = await send(stranger.cookie, method, `/api/layouts/${layout.id}`, payload);
      expect(res.statusCode, method).toBe(404);
      expect(res.json().message).toBe(messages.layouts.notFound);
    }
    expect((await send(stranger.cookie, 'GET', '/api/layouts')).json()).toEqual(BUILT_IN_LAYOUTS);
    expect((await send(owner.cookie, 'GET', `/api/layouts/${layout.id}`)).json()).toEqual(layout);
  });

  it('stays in the workspace when the user who made it is removed, credited to the admin who removed them', async () => {
    const workspaceId = await makeWorkspace(t.database);
    const admin = await signedInUser(t.app, t.database, 'admin', workspaceId);
    const maker = await signedInUser(t.app, t.database, 'user', workspaceId);
    const layout = (await send(maker.cookie, 'POST', '/api/layouts', footer)).json();
    expect((await send(admin.cookie, 'DELETE', `/api/users/${maker.user.id}`)).statusCode).toBe(204);
    expect((await send(admin.cookie, 'GET', `/api/layouts/${layout.id}`)).json()).toEqual(layout);
    const [row] = await t.database.db.select().from(layouts).where(eq(layouts.id, layout.id));
    expect(row?.userId).toBe(admin.user.id);
  });

  it('lets API keys in with the devices permission: read lists, write creates', async () => {
    const { user, cookie } = await freshUser('admin');
    const reader = await makeApiKey(t, { owner: { user, cookie }, permissions: { devices: 'read' } });
    const bearer = { authorization: `Bearer ${reader.key}` };
    expect((await t.app.inject({ method: 'GET', url: '/api/layouts', headers: bearer })).statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/layouts', headers: bearer, payload: footer })).statusCode,
    ).toBe(403);
    const writer = await makeApiKey(t, { owner: { user, cookie }, permissions: { devices: 'write' } });
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/layouts',
      headers: { authorization: `Bearer ${writer.key}` },
      payload: footer,
    });
    expect(made.statusCode).toBe(201);
  });
});
