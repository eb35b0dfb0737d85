import { beforeAll, describe, expect, it } from 'vitest';
import { makeMedia, signedInUser } from '../test/factories';
import { getTestDatabase } from '../test/test-database';
import { useTestApp } from '../test/test-app';

const TOO_BIG = 2_147_483_648;

/** docs/api.md#errors: bad input is a 400 (or 404/414) with a pt-BR JSON message, never a 500 from the database. */
describe('bad input answers 4xx JSON, never 500', () => {
  // The first file a worker runs creates the worker's database: slow on a busy machine.
  beforeAll(async () => {
    await getTestDatabase();
  }, 180_000);
  const t = useTestApp();

  const setup = async () => {
    const { cookie, user } = await signedInUser(t.app, t.database);
    const item = await makeMedia(t, { userId: user.id });
    const playlist = await t.app.inject({
      method: 'POST',
      url: '/api/playlists',
      headers: { cookie },
      payload: { name: 'P', items: [{ mediaId: item.id, duration: 5 }] },
    });
    expect(playlist.statusCode).toBe(201);
    return { cookie, user, mediaId: item.id, playlistId: playlist.json().id as number };
  };

  const expect400 = (res: { statusCode: number; json: () => { message: string } }) => {
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/\S/);
  };

  it('a lone UTF-16 surrogate in a text field is a 400 with nothing saved (not valid Unicode: jsonb refuses it)', async () => {
    const { cookie, mediaId } = await setup();
    const lone = ['\ud800', 'x\udc00y', '\udbff'];
    for (const name of lone) {
      const playlist = { name, description: '', items: [{ mediaId, duration: 5 }] };
      const res = await t.app.inject({ method: 'POST', url: '/api/playlists', headers: { cookie }, payload: playlist });
      expect400(res);
      expect(res.json().message).toBe('O texto contém um caractere inválido.');
      expect400(
        await t.app.inject({ method: 'POST', url: '/api/device-groups', headers: { cookie }, payload: { name } }),
      );
    }
    const list = await t.app.inject({ method: 'GET', url: '/api/playlists', headers: { cookie } });
    expect(list.json()).toHaveLength(1);
    // A well-formed pair (an emoji) is text like any other.
    const emoji = { name: 'Promo 🎉', description: '', items: [{ mediaId, duration: 5 }] };
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/playlists', headers: { cookie }, payload: emoji })).statusCode,
    ).toBe(201);
  });

  it('a NUL character in a text field is a 400', async () => {
    const { cookie, mediaId } = await setup();
    const device = { name: 'TV\u0000', location: 'Loja', resolution: '1920x1080', authCode: '123456' };
    expect400(await t.app.inject({ method: 'POST', url: '/api/devices', headers: { cookie }, payload: device }));
    expect400(
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'a\u0000@b.com', password: 'x' },
      }),
    );
    const playlist = { name: 'P', description: 'd\u0000', items: [{ mediaId, duration: 5 }] };
    expect400(await t.app.inject({ method: 'POST', url: '/api/playlists', headers: { cookie }, payload: playlist }));
    expect400(
      await t.app.inject({
        method: 'POST',
        url: '/api/device-groups',
        headers: { cookie },
        payload: { name: 'G\u0000' },
      }),
    );
  });

  it('an id above 2^31-1 in a body is a 400', async () => {
    const { cookie, playlistId } = await setup();
    const device = { name: 'TV', location: 'Loja', resolution: '1920x1080', authCode: '123456' };
    expect400(
      await t.app.inject({
        method: 'POST',
        url: '/api/devices',
        headers: { cookie },
        payload: { ...device, groupId: TOO_BIG },
      }),
    );
    expect400(
      await t.app.inject({
        method: 'POST',
        url: '/api/playlists',
        headers: { cookie },
        payload: { name: 'P', items: [{ mediaId: TOO_BIG, duration: 5 }] },
      }),
    );
    expect400(
      await t.app.inject({
        method: 'POST',
        url: '/api/campaigns',
        headers: { cookie },
        payload: { name: 'C', playlistId: TOO_BIG },
      }),
    );
    expect400(
      await t.app.inject({
        method: 'POST',
        url: '/api/campaigns',
        headers: { cookie },
        payload: { name: 'C', playlistId, deviceIds: [TOO_BIG] },
      }),
    );
    const created = await t.app.inject({ method: 'POST', url: '/api/devices', headers: { cookie }, payload: device });
    expect(created.statusCode).toBe(201);
    const assign = await t.app.inject({
      method: 'PATCH',
      url: `/api/devices/${created.json().id}`,
      headers: { cookie },
      payload: { assignedPlaylistId1: TOO_BIG },
    });
    expect400(assign);
  });

  it('a date PostgreSQL cannot store is a 400', async () => {
    const { cookie, mediaId, playlistId } = await setup();
    for (const startDate of [
      '0000-01-01',
      '0000-06-15T00:00:00Z',
      '300000-01-01',
      '+300000-01-01T00:00:00Z',
      '2025-02-30',
    ]) {
      expect400(
        await t.app.inject({
          method: 'POST',
          url: '/api/playlists',
          headers: { cookie },
          payload: { name: 'P', startDate, items: [{ mediaId, duration: 5 }] },
        }),
      );
      expect400(
        await t.app.inject({
          method: 'POST',
          url: '/api/campaigns',
          headers: { cookie },
          payload: { name: 'C', playlistId, startDate },
        }),
      );
    }
    // Still accepted: ordinary dates, first and last years PostgreSQL and our forms handle.
    for (const startDate of ['2026-01-31', '0001-01-01', '9999-12-31']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/playlists',
        headers: { cookie },
        payload: { name: 'P', startDate, items: [{ mediaId, duration: 5 }] },
      });
      expect(res.statusCode, startDate).toBe(201);
    }
  });

  it('a path id that is not plain decimal, or above 2^31-1, is a 400', async () => {
    const { cookie, user } = await setup();
    expect((await t.app.inject({ method: 'GET', url: `/api/users/${user.id}`, headers: { cookie } })).statusCode).toBe(
      200,
    );
    for (const id of [
      '0x1',
      '1e0',
      '+1',
      '1.0',
      '%201',
      '%2B1',
      '01',
      '0',
      '-1',
      String(TOO_BIG),
      '99999999999999999999',
      'abc',
    ]) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/users/${id.replace(/^1/, String(user.id))}`,
        headers: { cookie },
      });
      expect(res.statusCode, id).toBe(400);
    }
  });

  it('an over-long path is a 414 and a malformed URL a 400, both as pt-BR JSON with the security headers', async () => {
    const { cookie } = await setup();
    const long = await t.app.inject({ method: 'GET', url: `/api/users/${'1'.repeat(500)}`, headers: { cookie } });
    expect(long.statusCode).toBe(414);
    expect(long.json()).toEqual({ message: 'O endereço da requisição é longo demais.', code: 'URI_TOO_LONG' });
    expect(long.headers['x-content-type-options']).toBe('nosniff');
    const longUrl = await t.app.inject({
      method: 'GET',
      url: `/api/devices?q=${'a'.repeat(10_000)}`,
      headers: { cookie },
    });
    expect(longUrl.statusCode).toBe(414);
    expect(longUrl.body).not.toContain('aaaa');
    const bad = await t.app.inject({ method: 'GET', url: '/api/users/%E0%A4%A', headers: { cookie } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Endereço da requisição inválido.');
    expect(bad.body).not.toContain('%E0');
  });

  it("Fastify's own refusals come out as pt-BR JSON", async () => {
    const { cookie } = await setup();
    const post = (payload: string, contentType: string) =>
      t.app.inject({ method: 'POST', url: '/api/devices', headers: { cookie, 'content-type': contentType }, payload });
    const cases: Array<[Awaited<ReturnType<typeof post>>, number]> = [
      [await post('{bad', 'application/json'), 400],
      [await post('', 'application/json'), 400],
      [await post('<a/>', 'text/xml'), 415],
      [await post('x'.repeat(2 * 1024 * 1024), 'application/json'), 413],
      [await post('{}', 'application/json; charset=latin1'), 400],
      [await post('[1,2]', 'application/json'), 400],
    ];
    for (const [res, status] of cases) {
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().message).toMatch(/[ãçéíóúêâ]|inválid|requisição/i);
      expect(res.json().message).not.toMatch(/body|request|content|unsupported|invalid/i);
    }
  });
});
