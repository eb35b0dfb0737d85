import { describe, expect, it } from 'vitest';
import { reportMessages } from '../../../contract/reports';
import {
  makeApiKey,
  makeCampaign,
  makeDevice,
  makeGroup,
  makeMedia,
  makePlayDays,
  makePlaylist,
  makeWorkspace,
  signedInUser,
  workspaceOf,
} from '../../test/factories';
import { useTestApp } from '../../test/test-app';

describe('GET /api/reports: plays and time on screen from the daily roll-ups', () => {
  const t = useTestApp();

  /**
   * Workspace A: TV 1 (in group Lojas) and TV 2 on the playlist Vitrine (media Promo), a campaign
   * Natal on TV 2, a TV removed since; workspace B: its own TV with many plays on the same days.
   */
  async function world() {
    const owner = await signedInUser(t.app, t.database, 'user');
    const promo = await makeMedia(t, { userId: owner.user.id, originalName: 'promo.png' });
    const other = await makeMedia(t, { userId: owner.user.id, originalName: 'outra.png' });
    const playlist = await makePlaylist(t, { owner, name: 'Vitrine', items: [promo.id, other.id] });
    const group = await makeGroup(t, { owner, name: 'Lojas' });
    const tv1 = await makeDevice(t, { owner, name: 'TV 1', groupId: group.id });
    const tv2 = await makeDevice(t, { owner, name: 'TV 2' });
    const gone = await makeDevice(t, { owner, name: 'TV removida' });
    const natal = await makeCampaign(t, { owner, name: 'Natal', playlistId: playlist.id, deviceIds: [tv2.id] });
    const remove = await t.app.inject({
      method: 'DELETE',
      url: `/api/devices/${gone.id}`,
      headers: { cookie: owner.cookie },
    });
    expect(remove.statusCode).toBe(204);

    const bWorkspace = await makeWorkspace(t.database);
    const b = await signedInUser(t.app, t.database, 'user', bWorkspace);
    const bTv = await makeDevice(t, { owner: b, name: 'TV B' });
    const bGroup = await makeGroup(t, { owner: b, name: 'Grupo B' });
    const ws = await workspaceOf(t.database, owner.user.id);
    await makePlayDays(t.database, [
      {
        workspaceId: ws,
        day: '2026-03-01',
        deviceId: tv1.id,
        mediaId: promo.id,
        playlistId: playlist.id,
        plays: 10,
        durationMs: 80_000,
      },
      {
        workspaceId: ws,
        day: '2026-03-01',
        deviceId: tv2.id,
        mediaId: promo.id,
        playlistId: playlist.id,
        campaignId: natal.id,
        plays: 5,
        durationMs: 40_000,
      },
      {
        workspaceId: ws,
        day: '2026-03-03',
        deviceId: tv2.id,
        mediaId: other.id,
        playlistId: playlist.id,
        plays: 2,
        durationMs: 3_600_000,
      },
      { workspaceId: ws, day: '2026-03-03', deviceId: gone.id, mediaId: other.id, plays: 1, durationMs: 8_000 },
      // A second row of TV 2 that day: still one screen on the day.
      {
        workspaceId: ws,
        day: '2026-03-03',
        deviceId: tv2.id,
        mediaId: promo.id,
        playlistId: playlist.id,
        plays: 4,
        durationMs: 32_000,
      },
      // Outside the period.
      {
        workspaceId: ws,
        day: '2026-02-28',
        deviceId: tv1.id,
        mediaId: promo.id,
        playlistId: playlist.id,
        plays: 100,
        durationMs: 1,
      },
      {
        workspaceId: ws,
        day: '2026-03-04',
        deviceId: tv1.id,
        mediaId: promo.id,
        playlistId: playlist.id,
        plays: 100,
        durationMs: 1,
      },
      // Another workspace's screen, same days (and the same media id: ids are not a boundary).
      {
        workspaceId: bWorkspace,
        day: '2026-03-01',
        deviceId: bTv.id,
        mediaId: promo.id,
        plays: 1_000,
        durationMs: 1_000,
      },
    ]);
    return { owner, b, bTv, bGroup, promo, other, playlist, group, tv1, tv2, gone, natal };
  }

  const get = (cookie: string, query: string) =>
    t.app.inject({ method: 'GET', url: `/api/reports?${query}`, headers: { cookie } });

  it('answers totals, every day of the period, and each dimension named from the workspace (null once removed)', async () => {
    const w = await world();
    const res = await get(w.owner.cookie, 'from=2026-03-01&to=2026-03-03');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      from: '2026-03-01',
      to: '2026-03-03',
      timeZone: 'America/Sao_Paulo',
      totals: { plays: 22, durationMs: 3_760_000, screens: 3 },
      byDay: [
        { day: '2026-03-01', plays: 15, durationMs: 120_000, screens: 2 },
        { day: '2026-03-02', plays: 0, durationMs: 0, screens: 0 },
        { day: '2026-03-03', plays: 7, durationMs: 3_640_000, screens: 2 },
      ],
      byDevice: [
        { id: w.tv2.id, name: 'TV 2', plays: 11, durationMs: 3_672_000, screens: 1 },
        { id: w.tv1.id, name: 'TV 1', plays: 10, durationMs: 80_000, screens: 1 },
        { id: w.gone.id, name: null, plays: 1, durationMs: 8_000, screens: 1 },
      ],
      byMedia: [
        { id: w.promo.id, name: 'promo.png', mimeType: 'image/png', plays: 19, durationMs: 152_000, screens: 2 },
        { id: w.other.id, name: 'outra.png', mimeType: 'image/png', plays: 3, durationMs: 3_608_000, screens: 2 },
      ],
      byPlaylist: [
        { id: w.playlist.id, name: 'Vitrine', plays: 21, durationMs: 3_752_000, screens: 2 },
        { id: null, name: null, plays: 1, durationMs: 8_000, screens: 1 },
      ],
      byCampaign: [
        { id: null, name: null, plays: 17, durationMs: 3_720_000, screens: 3 },
        { id: w.natal.id, name: 'Natal', plays: 5, durationMs: 40_000, screens: 1 },
      ],
      // Roll-ups without a zone (made before plays had one): report-zones.test.ts has the zones.
      byZone: [{ id: null, key: '', name: 'Sem zona registrada', plays: 22, durationMs: 3_760_000, screens: 3 }],
      // The screens were added after the period: no open time to measure (availability.test.ts).
      availability: expect.any(Array),
    });
  });

  it('narrows by device, group (its devices now), media, playlist and campaign', async () => {
    const w = await world();
    const totals = async (filter: string) =>
      (await get(w.owner.cookie, `from=2026-03-01&to=2026-03-03&${filter}`)).json().totals;
    expect(await totals(`deviceId=${w.tv2.id}`)).toEqual({ plays: 11, durationMs: 3_672_000, screens: 1 });
    expect(await totals(`groupId=${w.group.id}`)).toEqual({ plays: 10, durationMs: 80_000, screens: 1 });
    expect(await totals(`mediaId=${w.other.id}`)).toEqual({ plays: 3, durationMs: 3_608_000, screens: 2 });
    expect(await totals(`playlistId=${w.playlist.id}`)).toEqual({ plays: 21, durationMs: 3_752_000, screens: 2 });
    expect(await totals(`campaignId=${w.natal.id}`)).toEqual({ plays: 5, durationMs: 40_000, screens: 1 });
    expect(await totals(`mediaId=${w.promo.id}&deviceId=${w.tv1.id}`)).toEqual({
      plays: 10,
      durationMs: 80_000,
      screens: 1,
    });
    // The days narrow too.
    expect((await get(w.owner.cookie, `from=2026-03-01&to=2026-03-03&mediaId=${w.promo.id}`)).json().byDay).toEqual([
      { day: '2026-03-01', plays: 15, durationMs: 120_000, screens: 2 },
      { day: '2026-03-02', plays: 0, durationMs: 0, screens: 0 },
      { day: '2026-03-03', plays: 4, durationMs: 32_000, screens: 1 },
    ]);
    // A removed device keeps its history.
    expect(await totals(`deviceId=${w.gone.id}`)).toEqual({ plays: 1, durationMs: 8_000, screens: 1 });
    // A device moved into the group counts there from then on (the group is read as it is now).
    const { name, location, resolution, authCode } = w.tv2;
    const moved = await t.app.inject({
      method: 'PUT',
      url: `/api/devices/${w.tv2.id}`,
      headers: { cookie: w.owner.cookie },
      payload: { name, location, resolution, authCode, groupId: w.group.id },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await totals(`groupId=${w.group.id}`)).toEqual({ plays: 21, durationMs: 3_752_000, screens: 2 });
  });

  it("never counts another workspace's plays; a filter naming another workspace's id finds nothing (no 404)", async () => {
    const w = await world();
    const empty = { plays: 0, durationMs: 0, screens: 0 };
    // B's own report: its one row only.
    const mine = (await get(w.b.cookie, 'from=2026-03-01&to=2026-03-03')).json();
    expect(mine.totals).toEqual({ plays: 1_000, durationMs: 1_000, screens: 1 });
    // B sees the id of A's media as a removed thing of its own: never A's name.
    expect(mine.byMedia).toEqual([
      { id: w.promo.id, name: null, mimeType: null, plays: 1_000, durationMs: 1_000, screens: 1 },
    ]);
    for (const filter of [`deviceId=${w.bTv.id}`, `groupId=${w.bGroup.id}`]) {
      const res = await get(w.owner.cookie, `from=2026-03-01&to=2026-03-03&${filter}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        totals: empty,
        byDevice: [],
        byMedia: [],
        byPlaylist: [],
        byCampaign: [],
        byZone: [],
      });
    }
    for (const filter of [`deviceId=${w.tv1.id}`, `groupId=${w.group.id}`]) {
      expect((await get(w.b.cookie, `from=2026-03-01&to=2026-03-03&${filter}`)).json().totals).toEqual(empty);
    }
  });

  it('answers an empty period with zeros for each day, in the workspace time zone it reports', async () => {
    const owner = await signedInUser(t.app, t.database, 'admin');
    await t.app.inject({
      method: 'PATCH',
      url: '/api/workspace',
      headers: { cookie: owner.cookie },
      payload: { timeZone: 'America/Manaus' },
    });
    const res = await get(owner.cookie, 'from=2026-12-31&to=2027-01-01');
    expect(res.json()).toEqual({
      from: '2026-12-31',
      to: '2027-01-01',
      timeZone: 'America/Manaus',
      totals: { plays: 0, durationMs: 0, screens: 0 },
      byDay: [
        { day: '2026-12-31', plays: 0, durationMs: 0, screens: 0 },
        { day: '2027-01-01', plays: 0, durationMs: 0, screens: 0 },
      ],
      byDevice: [],
      byMedia: [],
      byPlaylist: [],
      byCampaign: [],
      byZone: [],
      // A period still to come has no time to measure.
      availability: [],
    });
  });

  it('refuses bad periods and filters with 400 and a pt-BR message', async () => {
    const owner = await signedInUser(t.app, t.database, 'user');
    const cases: Array<[string, string]> = [
      ['to=2026-03-01', ''],
      ['from=2026-03-01', ''],
      ['from=ontem&to=2026-03-01', reportMessages.dayInvalid],
      ['from=2026-02-30&to=2026-03-01', reportMessages.dayInvalid],
      ['from=0000-01-01&to=0000-01-02', reportMessages.dayInvalid],
      ['from=2026-03-02&to=2026-03-01', reportMessages.endBeforeStart],
      ['from=2025-01-01&to=2026-01-02', reportMessages.tooLong],
      ['from=2026-03-01&to=2026-03-01&deviceId=abc', ''],
      ['from=2026-03-01&to=2026-03-01&mediaId=0', ''],
      ['from=2026-03-01&to=2026-03-01&campaignId=99999999999', ''],
    ];
    for (const [query, message] of cases) {
      const res = await get(owner.cookie, query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().code, query).toBe('VALIDATION_ERROR');
      if (message) expect(res.json().message, query).toBe(message);
    }
    // 366 days, both ends included, is the longest period.
    expect((await get(owner.cookie, 'from=2024-01-01&to=2024-12-31')).statusCode).toBe(200);
  });

  it('needs a session or an API key with the reports permission (401 / 403)', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/reports?from=2026-03-01&to=2026-03-01' })).statusCode).toBe(
      401,
    );
    expect((await t.app.inject({ method: 'GET', url: '/api/reports?from=x' })).statusCode).toBe(401);
    const withReports = await makeApiKey(t, { permissions: { reports: 'read' } });
    const without = await makeApiKey(t, { permissions: { stats: 'read' } });
    const call = (key: string) =>
      t.app.inject({
        method: 'GET',
        url: '/api/reports?from=2026-03-01&to=2026-03-01',
        headers: { authorization: `Bearer ${key}` },
      });
    expect((await call(withReports.key)).statusCode).toBe(200);
    expect((await call(without.key)).statusCode).toBe(403);
  });
});
