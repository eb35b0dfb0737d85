import { describe, expect, it } from 'vitest';
import { ACTIVITY_ENTITY_LABELS } from '../../../contract/activities';
import { adsMessages } from '../../../contract/ads-messages';
import { advertisers, partners } from '../../db/schema';
import { makeWorkspace, signedInUser, workspaceOf } from '../../test/factories';
import { useTestApp } from '../../test/test-app';

/** docs/ads.md: both collections behave alike; each case names its path, a valid body and its table. */
const RESOURCES = [
  {
    path: '/api/advertisers',
    table: advertisers,
    valid: { name: 'Padaria Pão Quente', document: '529.982.247-25', contactEmail: 'compras@padaria.com.br' },
    stored: { name: 'Padaria Pão Quente', document: '52998224725', contactEmail: 'compras@padaria.com.br' },
    changed: { name: 'Padaria Central', document: '', contactEmail: null },
    changedStored: { name: 'Padaria Central', document: null, contactEmail: null },
    invalid: [
      [{ name: ' ' }, adsMessages.advertisers.nameRequired],
      [{ name: 'A', document: '11.222.333/0001-82' }, adsMessages.documentInvalid],
      [{ name: 'A', document: '111.111.111-11' }, adsMessages.documentInvalid],
      [{ name: 'A', contactEmail: 'sem-arroba' }, adsMessages.emailInvalid],
    ],
  },
  {
    path: '/api/partners',
    table: partners,
    valid: { name: 'Shopping Centro', document: '11.222.333/0001-81', contactName: 'Ana', commissionPercent: 12.5 },
    stored: { name: 'Shopping Centro', document: '11222333000181', contactName: 'Ana', commissionPercent: 12.5 },
    changed: { name: 'Shopping Norte', document: '52998224725', commissionPercent: 7.25 },
    changedStored: { name: 'Shopping Norte', document: '52998224725', contactName: null, commissionPercent: 7.25 },
    invalid: [
      [{ name: 'P', document: '11.222.333/0001-82' }, adsMessages.documentInvalid],
      [{ name: 'P', document: '11222333000181', commissionPercent: 100.5 }, adsMessages.commissionInvalid],
      [{ name: 'P', document: '11222333000181', commissionPercent: 10.123 }, adsMessages.commissionInvalid],
      [{ name: 'P' }, adsMessages.partners.documentRequired],
      [{ name: '', document: '11222333000181' }, adsMessages.partners.nameRequired],
    ],
  },
] as const;

describe.each(RESOURCES)('$path (admins)', (resource) => {
  const t = useTestApp();
  /** The rows of the workspace of `userId`, straight from the table. */
  const rowsOf = async (userId: number) => {
    const workspaceId = await workspaceOf(t.database, userId);
    return (await t.database.db.select().from(resource.table)).filter((row) => row.workspaceId === workspaceId);
  };

  it('creates, lists, reads, replaces and removes, each change in the history', async () => {
    const admin = await signedInUser(t.app, t.database, 'admin');
    const headers = { cookie: admin.cookie };
    const created = await t.app.inject({ method: 'POST', url: resource.path, headers, payload: resource.valid });
    expect(created.statusCode).toBe(201);
    const item = created.json();
    expect(item).toMatchObject({ ...resource.stored, userId: admin.user.id });
    expect((await t.app.inject({ method: 'GET', url: resource.path, headers })).json()).toEqual([item]);
    expect((await t.app.inject({ method: 'GET', url: `${resource.path}/${item.id}`, headers })).json()).toEqual(item);

    const replaced = await t.app.inject({
      method: 'PUT',
      url: `${resource.path}/${item.id}`,
      headers,
      payload: resource.changed,
    });
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json()).toMatchObject(resource.changedStored);

    const removed = await t.app.inject({ method: 'DELETE', url: `${resource.path}/${item.id}`, headers });
    expect(removed.statusCode).toBe(204);
    expect(await rowsOf(admin.user.id)).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: `${resource.path}/${item.id}`, headers })).statusCode).toBe(404);
    const history = (await t.app.inject({ method: 'GET', url: '/api/activities', headers })).json();
    const entries = history.items as Array<{ type: string }>;
    const kind = resource.path === '/api/partners' ? 'partner' : 'advertiser';
    expect(entries.map((e) => e.type)).toEqual(
      expect.arrayContaining([`${kind}_created`, `${kind}_updated`, `${kind}_deleted`]),
    );
    // The history page's filter offers the kind (its label in the contract) and finds exactly these.
    expect(ACTIVITY_ENTITY_LABELS).toHaveProperty(kind);
    const filtered = (
      await t.app.inject({ method: 'GET', url: `/api/activities?entityType=${kind}`, headers })
    ).json() as { items: Array<{ type: string }> };
    expect(filtered.items.map((e) => e.type)).toEqual([`${kind}_deleted`, `${kind}_updated`, `${kind}_created`]);
  });

  it('refuses bad input with a pt-BR 400 and saves nothing (create and replace)', async () => {
    const admin = await signedInUser(t.app, t.database, 'admin');
    const headers = { cookie: admin.cookie };
    const item = (await t.app.inject({ method: 'POST', url: resource.path, headers, payload: resource.valid })).json();
    const before = await rowsOf(admin.user.id);
    for (const [payload, message] of resource.invalid) {
      for (const [method, url] of [
        ['POST', resource.path],
        ['PUT', `${resource.path}/${item.id}`],
      ] as const) {
        const res = await t.app.inject({ method, url, headers, payload });
        expect(res.statusCode, `${method} ${JSON.stringify(payload)}`).toBe(400);
        expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', message });
      }
    }
    expect(await rowsOf(admin.user.id)).toEqual(before);
  });

  it('answers 401 without a session, 403 to a user, 404 to another workspace’s admin', async () => {
    const admin = await signedInUser(t.app, t.database, 'admin');
    const item = (
      await t.app.inject({
        method: 'POST',
        url: resource.path,
        headers: { cookie: admin.cookie },
        payload: resource.valid,
      })
    ).json();
    const user = await signedInUser(t.app, t.database, 'user', await workspaceOf(t.database, admin.user.id));
    const stranger = await signedInUser(t.app, t.database, 'admin', await makeWorkspace(t.database));
    const operations = [
      ['GET', resource.path],
      ['POST', resource.path],
      ['GET', `${resource.path}/${item.id}`],
      ['PUT', `${resource.path}/${item.id}`],
      ['DELETE', `${resource.path}/${item.id}`],
    ] as const;
    for (const [method, url] of operations) {
      const payload = method === 'POST' || method === 'PUT' ? resource.changed : undefined;
      const anonymous = await t.app.inject({ method, url, payload });
      expect(anonymous.statusCode, `${method} ${url} anonymous`).toBe(401);
      const asUser = await t.app.inject({ method, url, headers: { cookie: user.cookie }, payload });
      expect(asUser.statusCode, `${method} ${url} as a user`).toBe(403);
      if (url === resource.path) continue;
      const asStranger = await t.app.inject({ method, url, headers: { cookie: stranger.cookie }, payload });
      expect(asStranger.statusCode, `${method} ${url} from another workspace`).toBe(404);
    }
    expect(
      (await t.app.inject({ method: 'GET', url: resource.path, headers: { cookie: stranger.cookie } })).json(),
    ).toEqual([]);
    expect(await rowsOf(admin.user.id)).toMatchObject([{ id: item.id, name: resource.valid.name }]);
  });
});
