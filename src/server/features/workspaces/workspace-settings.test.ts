import { describe, expect, it } from 'vitest';
import { makeWorkspace, signedInUser } from '../../test/factories';
import { useTestApp } from '../../test/test-app';

/** `PATCH /api/workspace`: the time zone campaigns play by (docs/scheduling.md#time-zone). */
describe('workspace settings API', () => {
  const t = useTestApp();
  const patch = (cookie: string | undefined, payload: object) =>
    t.app.inject({ method: 'PATCH', url: '/api/workspace', headers: cookie ? { cookie } : {}, payload });

  it('an admin sets the time zone; /api/auth/me and the bus follow; another workspace is untouched', async () => {
    const admin = await signedInUser(t.app, t.database, 'admin');
    const other = await signedInUser(t.app, t.database, 'admin', await makeWorkspace(t.database));
    const me = async (cookie: string) =>
      (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } })).json().workspace;
    expect((await me(admin.cookie)).timeZone).toBe('America/Sao_Paulo');

    const res = await patch(admin.cookie, { timeZone: ' Europe/Lisbon ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ id: expect.any(Number), name: expect.any(String), timeZone: 'Europe/Lisbon' });
    expect(await me(admin.cookie)).toEqual(res.json());
    expect((await me(other.cookie)).timeZone).toBe('America/Sao_Paulo');
    expect(t.events).toContainEqual({ type: 'workspace.changed', workspaceId: res.json().id });
  });

  it('refuses a user (403), no session (401) and a zone that does not exist (400 "Fuso horário inválido")', async () => {
    const user = await signedInUser(t.app, t.database, 'user');
    const refused = await patch(user.cookie, { timeZone: 'America/Manaus' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toEqual(expect.any(String));
    expect((await patch(undefined, { timeZone: 'America/Manaus' })).statusCode).toBe(401);

    const admin = await signedInUser(t.app, t.database, 'admin');
    for (const payload of [{ timeZone: 'America/Atlantida' }, { timeZone: '' }, { timeZone: 3 }, {}]) {
      const res = await patch(admin.cookie, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toBe('Fuso horário inválido');
    }
    expect(t.events.filter((e) => e.type === 'workspace.changed')).toEqual([]);
  });
});
