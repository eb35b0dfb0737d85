import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Activity } from '../../../contract/activities';
import { activitySentence } from '../../../contract/activity-messages';
import { activities } from '../../db/schema';
import { pairTv } from '../../test/api-factories';
import {
  injectClient,
  makeApiKey,
  makeCampaign,
  makeDevice,
  makeGroup,
  makeMedia,
  makePlaylist,
  makeWorkspace,
  signedInUser,
  userWithSession,
} from '../../test/factories';
import { useTestApp } from '../../test/test-app';

type Page = { items: Activity[]; nextBefore: number | null };

/** `GET /api/activities` (the Histórico page) and the history every change writes. */
describe('activity history API', () => {
  const t = useTestApp();

  const read = async (cookie: string, query = ''): Promise<Page> => {
    const res = await t.app.inject({ method: 'GET', url: `/api/activities${query}`, headers: { cookie } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const call = (cookie: string, method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
  const descriptions = (page: Page) => page.items.map((a) => a.description);

  it('records sign-in and sign-out, users, groups, media, playlists, API keys, pairing and campaign actions, newest first', async () => {
    const admin = await signedInUser(t.app, t.database, 'admin');
    const name = admin.user.username;

    const created = await call(admin.cookie, 'POST', '/api/users', {
      username: 'bia',
      email: 'bia@exemplo.com.br',
      password: 'senha-segura-123',
      role: 'user',
    });
    expect(created.statusCode, created.body).toBe(201);
    const bia = created.json();
    expect(
      (
        await call(admin.cookie, 'PUT', `/api/users/${bia.id}`, {
          username: 'bia2',
          email: 'bia@exemplo.com.br',
          phone: null,
        })
      ).statusCode,
    ).toBe(200);
    expect((await call(admin.cookie, 'DELETE', `/api/users/${bia.id}`)).statusCode).toBe(204);

    const group = await makeGroup(t, { owner: admin, name: 'Lojas' });
    expect(
      (await call(admin.cookie, 'PATCH', `/api/device-groups/${group.id}`, { name: 'Lojas Sul' })).statusCode,
    ).toBe(200);
    expect((await call(admin.cookie, 'DELETE', `/api/device-groups/${group.id}`)).statusCode).toBe(204);

    const picture = await makeMedia(t, { userId: admin.user.id, originalName: 'promoção.png' });
    const playlist = await makePlaylist(t, { owner: admin, name: 'Manhã', items: [picture.id] });
    expect(
      (
        await call(admin.cookie, 'PUT', `/api/playlists/${playlist.id}`, {
          name: 'Tarde',
          items: [{ mediaId: picture.id, duration: 8, order: 0 }],
        })
      ).statusCode,
    ).toBe(200);

    const key = await makeApiKey(t, { owner: admin, name: 'Integração' });
    expect((await call(admin.cookie, 'PATCH', `/api/api-keys/${key.id}`, { isActive: false })).statusCode).toBe(200);
    expect((await call(admin.cookie, 'DELETE', `/api/api-keys/${key.id}`)).statusCode).toBe(204);

    const device = await makeDevice(t, { owner: admin, name: 'TV Caixa' });
    await pairTv(injectClient(t.app), device.authCode);

    const campaign = await makeCampaign(t, {
      owner: admin,
      name: 'Verão',
      playlistId: playlist.id,
      deviceIds: [device.id],
    });
    expect(
      (await call(admin.cookie, 'PATCH', `/api/campaigns/${campaign.id}/status`, { status: 'published' })).statusCode,
    ).toBe(200);
    expect((await call(admin.cookie, 'POST', `/api/campaigns/${campaign.id}/end`)).statusCode).toBe(200);
    expect(
      (
        await call(admin.cookie, 'POST', '/api/campaigns/emergency', {
          name: 'Evacuação',
          playlistId: playlist.id,
          allDevices: true,
        })
      ).statusCode,
    ).toBe(201);

    expect((await call(admin.cookie, 'DELETE', `/api/playlists/${playlist.id}`)).statusCode).toBe(204);
    expect((await call(admin.cookie, 'DELETE', `/api/media/${picture.id}`)).statusCode).toBe(204);

    const page = await read(admin.cookie);
    expect(descriptions(page).reverse()).toEqual([
      `Usuário "${name}" entrou`,
      'Usuário "bia" criado',
      'Usuário "bia2" atualizado',
      'Usuário "bia2" removido',
      'Grupo "Lojas" criado',
      'Grupo "Lojas Sul" atualizado',
      'Grupo "Lojas Sul" removido',
      'Mídia "promoção.png" enviada',
      'Playlist "Manhã" criada',
      'Playlist "Tarde" atualizada',
      'Chave de API "Integração" criada',
      'Chave de API "Integração" desativada',
      'Chave de API "Integração" removida',
      'Dispositivo "TV Caixa" criado',
      'TV pareada com o dispositivo "TV Caixa"',
      'Campanha "Verão" criada',
      'Campanha "Verão": Publicada',
      'Campanha "Verão" encerrada',
      'Emergência "Evacuação" iniciada',
      'Playlist "Tarde" removida',
      'Mídia "promoção.png" removida',
    ]);
    expect(page.nextBefore).toBeNull();
    // Every entry names its actor (the pairing: the device's creator), and its entity.
    expect(page.items.every((a) => a.userId === admin.user.id && a.userName === name)).toBe(true);
    expect(page.items.find((a) => a.type === 'device_paired')).toMatchObject({
      entityType: 'device',
      entityId: device.id,
    });
    expect(page.items.find((a) => a.type === 'signed_in')).toMatchObject({
      entityType: 'session',
      entityId: admin.user.id,
    });

    expect((await call(admin.cookie, 'POST', '/api/auth/logout')).statusCode).toBe(204);
    const [last] = await t.database.db
      .select()
      .from(activities)
      .orderBy(activities.id)
      .then((rows) => rows.slice(-1));
    // Stored as facts, no sentence: the sentence is made when read.
    expect(last).toMatchObject({ type: 'signed_out', data: { name }, legacyText: null, userId: admin.user.id });
    expect(activitySentence(last!.type, last!.data)).toBe(`Usuário "${name}" saiu`);
  });

  it('keeps the entries of a removed device and of a removed user (then without a name)', async () => {
    const admin = await signedInUser(t.app, t.database, 'admin');
    const staff = await signedInUser(t.app, t.database, 'user');
    const device = await makeDevice(t, { owner: staff, name: 'TV Vitrine' });
    expect((await call(staff.cookie, 'DELETE', `/api/devices/${device.id}`)).statusCode).toBe(204);
    expect((await call(admin.cookie, 'DELETE', `/api/users/${staff.user.id}`)).statusCode).toBe(204);

    const page = await read(admin.cookie, `?entityType=device`);
    expect(page.items.map((a) => [a.description, a.userId, a.userName])).toEqual([
      ['Dispositivo "TV Vitrine" removido', staff.user.id, null],
      ['Dispositivo "TV Vitrine" criado', staff.user.id, null],
    ]);
    expect(descriptions(await read(admin.cookie, '?type=user_deleted'))).toEqual([
      `Usuário "${staff.user.username}" removido`,
    ]);
  });

  it('keeps the name an entity had in the entries written before its rename (their data holds it), and finds them by it', async () => {
    const owner = await userWithSession(t.database, 'user');
    const device = await makeDevice(t, { owner, name: 'TV Antiga' });
    const renamed = await call(owner.cookie, 'PUT', `/api/devices/${device.id}`, {
      name: 'TV Nova',
      location: device.location,
      resolution: device.resolution,
      authCode: device.authCode,
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const playlist = await makePlaylist(t, { owner, name: 'Manhã' });
    const saved = await call(owner.cookie, 'PUT', `/api/playlists/${playlist.id}`, {
      name: 'Tarde',
      items: playlist.items.map(({ mediaId, duration, order }) => ({ mediaId, duration, order })),
    });
    expect(saved.statusCode, saved.body).toBe(200);

    expect(descriptions(await read(owner.cookie))).toEqual([
      'Playlist "Tarde" atualizada',
      'Playlist "Manhã" criada',
      expect.stringMatching(/^Mídia ".*" enviada$/),
      'Dispositivo "TV Nova" atualizado',
      'Dispositivo "TV Antiga" criado',
    ]);
    expect(descriptions(await read(owner.cookie, '?search=antiga'))).toEqual(['Dispositivo "TV Antiga" criado']);
    expect(descriptions(await read(owner.cookie, '?search=manha'))).toEqual(['Playlist "Manhã" criada']);
  });

  it('pages by id with `before` and filters by type, entity type, user, period and search (case and accents ignored)', async () => {
    const owner = await userWithSession(t.database, 'user');
    const other = await userWithSession(t.database, 'user');
    for (let i = 1; i <= 5; i += 1) await makeGroup(t, { owner, name: `Grupo ${i}` });
    await makeDevice(t, { owner: other, name: 'Televisão Recepção' });

    const first = await read(owner.cookie, '?limit=4');
    expect(descriptions(first)).toEqual([
      'Dispositivo "Televisão Recepção" criado',
      'Grupo "Grupo 5" criado',
      'Grupo "Grupo 4" criado',
      'Grupo "Grupo 3" criado',
    ]);
    expect(first.nextBefore).toBe(first.items[3]!.id);
    const second = await read(owner.cookie, `?limit=4&before=${first.nextBefore}`);
    expect(descriptions(second)).toEqual(['Grupo "Grupo 2" criado', 'Grupo "Grupo 1" criado']);
    expect(second.nextBefore).toBeNull();

    expect(descriptions(await read(owner.cookie, '?type=device_created'))).toEqual([
      'Dispositivo "Televisão Recepção" criado',
    ]);
    expect((await read(owner.cookie, '?entityType=device_group')).items).toHaveLength(5);
    expect(descriptions(await read(owner.cookie, `?userId=${other.user.id}`))).toEqual([
      'Dispositivo "Televisão Recepção" criado',
    ]);
    expect(descriptions(await read(owner.cookie, `?search=${encodeURIComponent('TELEVISAO recepcao')}`))).toEqual([
      'Dispositivo "Televisão Recepção" criado',
    ]);
    expect((await read(owner.cookie, `?search=${encodeURIComponent('grupo 1')}`)).items).toHaveLength(1);
    // LIKE's wildcards are literal characters in a search.
    expect((await read(owner.cookie, '?search=%25')).items).toEqual([]);

    // Days of the workspace's time zone (São Paulo, UTC−3): 01:30 UTC on the 10th is the 9th there.
    const [row] = await t.database.db.select({ id: activities.id }).from(activities).orderBy(activities.id).limit(1);
    await t.database.db
      .update(activities)
      .set({ createdAt: new Date('2026-03-10T01:30:00Z') })
      .where(eq(activities.id, row!.id));
    expect(descriptions(await read(owner.cookie, '?from=2026-03-09&to=2026-03-09'))).toEqual([
      'Grupo "Grupo 1" criado',
    ]);
    expect((await read(owner.cookie, '?from=2026-03-10&to=2026-03-10')).items).toEqual([]);
    expect((await read(owner.cookie, '?from=2026-03-10')).items).toHaveLength(5);
  });

  it('validates the query (400 JSON, pt-BR), 401 without a session, and shows nothing of another workspace', async () => {
    const mine = await userWithSession(t.database, 'user');
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/activities?from=ontem',
      headers: { cookie: mine.cookie },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: expect.any(String),
      issues: [{ path: ['from'], message: 'Data inválida (use AAAA-MM-DD)' }],
    });
    const reversed = await t.app.inject({
      method: 'GET',
      url: '/api/activities?from=2026-03-10&to=2026-03-09',
      headers: { cookie: mine.cookie },
    });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().issues[0]).toMatchObject({
      path: ['to'],
      message: 'A data final deve ser igual ou posterior à inicial',
    });
    for (const query of ['?limit=0', '?before=abc', '?userId=-1']) {
      expect(
        (await t.app.inject({ method: 'GET', url: `/api/activities${query}`, headers: { cookie: mine.cookie } }))
          .statusCode,
      ).toBe(400);
    }

    expect((await t.app.inject({ method: 'GET', url: '/api/activities' })).statusCode).toBe(401);

    const theirs = await userWithSession(t.database, 'admin', await makeWorkspace(t.database));
    const device = await makeDevice(t, { owner: theirs, name: 'TV deles' });
    await makeDevice(t, { owner: mine, name: 'TV nossa' });
    expect(descriptions(await read(mine.cookie))).toEqual(['Dispositivo "TV nossa" criado']);
    // Their user, their entity: filters by another workspace's ids find nothing.
    expect((await read(mine.cookie, `?userId=${theirs.user.id}`)).items).toEqual([]);
    expect(descriptions(await read(theirs.cookie))).toEqual(['Dispositivo "TV deles" criado']);
    expect((await read(theirs.cookie)).items[0]).toMatchObject({ entityId: device.id, userName: theirs.user.username });
  });

  it("lists the user filter's authors: the workspace's users with entries, by name; not a removed one, nor another workspace's; 401 without a session", async () => {
    const admin = await signedInUser(t.app, t.database, 'admin');
    const mine = await userWithSession(t.database, 'user');
    const colleague = await userWithSession(t.database, 'user');
    const leaving = await userWithSession(t.database, 'user');
    await userWithSession(t.database, 'user'); // no entry: not offered
    const theirs = await userWithSession(t.database, 'admin', await makeWorkspace(t.database));
    await makeGroup(t, { owner: mine, name: 'Lojas' });
    await makeDevice(t, { owner: colleague, name: 'TV Caixa' });
    await makeDevice(t, { owner: leaving, name: 'TV Saída' });
    await makeDevice(t, { owner: theirs, name: 'TV deles' });
    expect((await call(admin.cookie, 'DELETE', `/api/users/${leaving.user.id}`)).statusCode).toBe(204);

    const authors = async (cookie: string) => {
      const res = await t.app.inject({ method: 'GET', url: '/api/activities/authors', headers: { cookie } });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as Array<{ id: number; name: string }>;
    };
    // The admin signed in (an entry) and removed a user (another).
    const expected = [admin.user, mine.user, colleague.user]
      .map((u) => ({ id: u.id, name: u.username }))
      .sort((a, b) => a.name.localeCompare(b.name, 'pt-BR'));
    expect(await authors(mine.cookie)).toEqual(expected);
    expect(await authors(theirs.cookie)).toEqual([{ id: theirs.user.id, name: theirs.user.username }]);
    expect((await t.app.inject({ method: 'GET', url: '/api/activities/authors' })).statusCode).toBe(401);
  });
});
