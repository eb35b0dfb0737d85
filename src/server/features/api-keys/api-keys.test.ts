import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type ApiKeyPermissions } from '../../../contract/api-keys';
import { messages } from '../../../contract/messages';
import { apiKeys } from '../../db/schema';
import { makeWorkspace, signedInUser } from '../../test/factories';
import { useTestApp } from '../../test/test-app';

const none: ApiKeyPermissions = {
  devices: 'none',
  groups: 'none',
  media: 'none',
  playlists: 'none',
  campaigns: 'none',
  stats: 'none',
  reports: 'none',
  ads: 'none',
};

describe('API keys: management (admins of the workspace)', () => {
  const t = useTestApp({ apiKeyUsageFlushMs: 100 });

  const create = (cookie: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/api-keys', headers: { cookie }, payload });

  it('creates a key shown once, lists it by its prefix only, renames, deactivates and removes it', async () => {
    const { cookie } = await signedInUser(t.app, t.database, 'admin');
    const created = await create(cookie, {
      name: ' Integração ERP ',
      permissions: { media: 'write', stats: 'read' },
      expiresAt: '2099-12-31',
    });
    expect(created.statusCode, created.body).toBe(201);
    const key = created.json();
    expect(key.key).toMatch(/^snz_[A-Za-z0-9_-]{43}$/);
    expect(key).toMatchObject({
      name: 'Integração ERP',
      prefix: key.key.slice(0, 12),
      permissions: { ...none, media: 'write', stats: 'read' },
      isActive: true,
      lastUsed: null,
      expiresAt: '2099-12-31T23:59:59.999Z',
    });
    const [row] = await t.database.db.select().from(apiKeys).where(eq(apiKeys.id, key.id));
    expect(row!.keyHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.keyHash).not.toContain(key.key);
    expect(row!.permissions).toEqual(['media:write', 'stats:read']);

    const list = await t.app.inject({ method: 'GET', url: '/api/api-keys', headers: { cookie } });
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(key.key);
    expect(list.body).not.toContain(row!.keyHash);
    const { key: _plain, ...listed } = key;
    expect(list.json()).toEqual([listed]);

    const renamed = await t.app.inject({
      method: 'PATCH',
      url: `/api/api-keys/${key.id}`,
      headers: { cookie },
      payload: { name: 'ERP' },
    });
    expect(renamed.json()).toMatchObject({ name: 'ERP', isActive: true });
    const off = await t.app.inject({
      method: 'PATCH',
      url: `/api/api-keys/${key.id}`,
      headers: { cookie },
      payload: { isActive: false },
    });
    expect(off.json()).toMatchObject({ name: 'ERP', isActive: false });
    expect(off.body).not.toContain(key.key);

    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/api-keys/${key.id}`, headers: { cookie } })).statusCode,
    ).toBe(204);
    const again = await t.app.inject({ method: 'DELETE', url: `/api/api-keys/${key.id}`, headers: { cookie } });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(messages.apiKeys.notFound);
  });

  it('validates the body (400 with pt-BR messages)', async () => {
    const { cookie } = await signedInUser(t.app, t.database, 'admin');
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ name: '  ', permissions: { media: 'read' } }, messages.apiKeys.nameRequired],
      [{ permissions: { media: 'read' } }, messages.apiKeys.nameRequired],
      [{ name: 'x', permissions: {} }, messages.apiKeys.permissionRequired],
      [{ name: 'x', permissions: { media: 'none' } }, messages.apiKeys.permissionRequired],
      [{ name: 'x', permissions: { stats: 'write' } }, ''],
      [{ name: 'x', permissions: { media: 'admin' } }, ''],
      [{ name: 'x', permissions: { media: 'read' }, expiresAt: 'amanhã' }, ''],
      [{ name: 'x', permissions: { media: 'read' }, expiresAt: '2020-01-01' }, messages.apiKeys.expiryPast],
    ];
    for (const [payload, message] of cases) {
      const res = await create(cookie, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      if (message) expect(res.json().message, JSON.stringify(payload)).toBe(message);
    }
    const key = (await create(cookie, { name: 'ok', permissions: { media: 'read' } })).json();
    for (const payload of [{ name: ' ' }, { isActive: 'sim' }]) {
      const bad = await t.app.inject({ method: 'PATCH', url: `/api/api-keys/${key.id}`, headers: { cookie }, payload });
      expect(bad.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const empty = await t.app.inject({
      method: 'PATCH',
      url: `/api/api-keys/${key.id}`,
      headers: { cookie },
      payload: {},
    });
    expect(empty.json()).toMatchObject({ name: 'ok', isActive: true });
    expect((await t.app.inject({ method: 'GET', url: '/api/api-keys', headers: { cookie } })).json()).toHaveLength(1);
  });

  it("needs a session (401) of an admin (403); another workspace's key is not found (404)", async () => {
    const admin = await signedInUser(t.app, t.database, 'admin');
    const user = await signedInUser(t.app, t.database, 'user');
    const other = await signedInUser(t.app, t.database, 'admin', await makeWorkspace(t.database));
    const key = (await create(admin.cookie, { name: 'A', permissions: { media: 'read' } })).json();

    for (const [method, url] of [
      ['GET', '/api/api-keys'],
      ['POST', '/api/api-keys'],
      ['PATCH', `/api/api-keys/${key.id}`],
      ['DELETE', `/api/api-keys/${key.id}`],
    ] as const) {
      const anonymous = await t.app.inject({ method, url, payload: { name: 'x', permissions: { media: 'read' } } });
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
      const regular = await t.app.inject({
        method,
        url,
        headers: { cookie: user.cookie },
        payload: { name: 'x', permissions: { media: 'read' } },
      });
      expect(regular.statusCode, `${method} ${url}`).toBe(403);
    }
    expect(
      (
        await t.app.inject({
          method: 'PATCH',
          url: `/api/api-keys/${key.id}`,
          headers: { cookie: other.cookie },
          payload: { isActive: false },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/api-keys/${key.id}`, headers: { cookie: other.cookie } }))
        .statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/api-keys', headers: { cookie: other.cookie } })).json(),
    ).toEqual([]);
    const [row] = await t.database.db.select().from(apiKeys).where(eq(apiKeys.id, key.id));
    expect(row).toMatchObject({ name: 'A', isActive: true });
  });

  it('records lastUsed in batches: after a flush, not on the request', async () => {
    const { cookie } = await signedInUser(t.app, t.database, 'admin');
    const key = (await create(cookie, { name: 'painel', permissions: { devices: 'read' } })).json();
    const before = Date.now();
    for (let i = 0; i < 3; i++) {
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/devices', headers: { authorization: `Bearer ${key.key}` } }))
          .statusCode,
      ).toBe(200);
    }
    let lastUsed: string | null = null;
    for (
      const deadline = Date.now() + 20_000;
      !lastUsed && Date.now() < deadline;
      await new Promise((r) => setTimeout(r, 50))
    ) {
      lastUsed = (await t.app.inject({ method: 'GET', url: '/api/api-keys', headers: { cookie } })).json()[0].lastUsed;
    }
    expect(lastUsed).not.toBeNull();
    expect(new Date(lastUsed!).getTime()).toBeGreaterThanOrEqual(before - 1000);
  });
});
