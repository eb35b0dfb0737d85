import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { LayoutInput } from '../../../contract/layouts';
import type { PlayRecord } from '../../../contract/plays';
import { playDays } from '../../db/schema';
import { makeDevice, makePairedDevice, makeWorkspace, signedInUser, workspaceOf } from '../../test/factories';
import { useTestApp } from '../../test/test-app';
import { zoneNamesFrom } from './zone-names';

/** The zone table of `GET /api/reports` (docs/proof-of-play.md#reports). */
describe('GET /api/reports: plays by zone', () => {
  const t = useTestApp();
  type Owner = Awaited<ReturnType<typeof signedInUser>>;

  const get = (cookie: string, query: string) =>
    t.app.inject({ method: 'GET', url: `/api/reports?${query}`, headers: { cookie } });

  /** A layout of the workspace, its zones side by side. */
  async function makeLayout(owner: Owner, name: string, zones: Array<{ key: string; name: string }>) {
    const width = Math.floor(100 / zones.length);
    const body: LayoutInput = {
      name,
      orientation: 'horizontal',
      zones: zones.map((z, i) => ({ ...z, x: i * width, y: 0, width, height: 100 })),
    };
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/layouts',
      headers: { cookie: owner.cookie },
      payload: body,
    });
    expect(res.statusCode, res.body).toBe(201);
  }

  /** Roll-ups of one media on 2026-03-01, one per (device, zone). */
  async function rollUps(workspaceId: number, rows: Array<{ deviceId: number; zone: string; plays: number }>) {
    await t.database.db.insert(playDays).values(
      rows.map((r) => ({
        workspaceId,
        day: '2026-03-01',
        mediaId: 1,
        durationMs: r.plays * 1000,
        completed: r.plays,
        ...r,
      })),
    );
  }

  it('has a row per zone key, named from the built-ins, then the workspace layouts by name, else the key', async () => {
    const owner = await signedInUser(t.app, t.database, 'user');
    const ws = await workspaceOf(t.database, owner.user.id);
    const tv1 = await makeDevice(t, { owner, name: 'TV 1' });
    const tv2 = await makeDevice(t, { owner, name: 'TV 2' });
    // Both layouts have `promo`: the first by name ("Balcão" before "Vitrine") names it.
    await makeLayout(owner, 'Vitrine', [
      { key: 'promo', name: 'Promoção da vitrine' },
      { key: 'zona-1', name: 'Topo' },
    ]);
    await makeLayout(owner, 'Balcão', [{ key: 'promo', name: 'Promoção' }]);
    // Another workspace's layout names nothing here.
    const other = await signedInUser(t.app, t.database, 'user', await makeWorkspace(t.database));
    await makeLayout(other, 'Deles', [{ key: 'alheia', name: 'Zona deles' }]);
    await rollUps(ws, [
      { deviceId: tv1.id, zone: 'principal', plays: 9 },
      { deviceId: tv2.id, zone: 'principal', plays: 3 },
      { deviceId: tv1.id, zone: 'rodape', plays: 7 },
      { deviceId: tv2.id, zone: 'janela-2', plays: 6 },
      { deviceId: tv2.id, zone: 'promo', plays: 5 },
      { deviceId: tv2.id, zone: 'zona-1', plays: 4 },
      { deviceId: tv1.id, zone: 'zona-2', plays: 2 },
      { deviceId: tv1.id, zone: 'alheia', plays: 2 },
      // Before zones.
      { deviceId: tv1.id, zone: '', plays: 1 },
    ]);

    const res = await get(owner.cookie, 'from=2026-03-01&to=2026-03-01');
    expect(res.statusCode, res.body).toBe(200);
    const row = (key: string, name: string, plays: number, screens = 1) => ({
      id: null,
      key,
      name,
      plays,
      durationMs: plays * 1000,
      screens,
    });
    expect(res.json().byZone).toEqual([
      row('principal', 'Principal', 12, 2),
      row('rodape', 'Rodapé', 7),
      row('janela-2', 'Janela 2', 6),
      row('promo', 'Promoção', 5),
      row('zona-1', 'Topo', 4),
      // Ties by key.
      row('alheia', 'alheia', 2),
      row('zona-2', 'zona-2', 2),
      row('', 'Sem zona registrada', 1),
    ]);
    expect(res.json().totals).toEqual({ plays: 39, durationMs: 39_000, screens: 2 });
    // The zone table narrows with the filters, as every table.
    expect((await get(owner.cookie, `from=2026-03-01&to=2026-03-01&deviceId=${tv2.id}`)).json().byZone).toEqual([
      row('janela-2', 'Janela 2', 6),
      row('promo', 'Promoção', 5),
      row('zona-1', 'Topo', 4),
      row('principal', 'Principal', 3),
    ]);
  });

  it('names keys the built-ins agree on by them, the generic zona-N by the workspace (pure naming)', () => {
    const own = [
      { id: 1, name: 'A', orientation: 'horizontal' as const, builtIn: false, zones: [] },
      {
        id: 2,
        name: 'B',
        orientation: 'horizontal' as const,
        builtIn: false,
        zones: [
          { key: 'principal', name: 'Vitrine', x: 0, y: 0, width: 100, height: 100, z: 0, fit: 'contain' as const },
        ],
      },
    ];
    expect(
      Object.fromEntries(zoneNamesFrom(['principal', 'destaque', 'lateral', 'janela-1', 'zona-3', ''], own)),
    ).toEqual({
      principal: 'Principal',
      destaque: 'Destaque',
      lateral: 'Lateral',
      'janela-1': 'Janela 1',
      // "Direita", "Inferior esquerdo" or "Inferior" in the built-ins: none of them.
      'zona-3': 'zona-3',
      '': 'Sem zona registrada',
    });
  });

  it('splits the plays a TV sends by their zone; an older player counts as janela-1/janela-2', async () => {
    const owner = await signedInUser(t.app, t.database, 'user');
    const { headers } = await makePairedDevice(t, { owner });
    const started = new Date(Date.now() - 60_000).toISOString();
    const play = (window: number, zone?: string): PlayRecord => ({
      clientId: randomUUID(),
      mediaId: 4,
      playlistId: null,
      campaignId: null,
      window,
      ...(zone ? { zone } : {}),
      startedAt: started,
      durationMs: 2000,
      completed: true,
    });
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/tv/plays',
      headers,
      payload: { plays: [play(0, 'principal'), play(0, 'principal'), play(1, 'rodape'), play(0), play(1)] },
    });
    expect(sent.json()).toEqual({ accepted: 5, duplicates: 0 });
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date(started));
    const report = (await get(owner.cookie, `from=${today}&to=${today}`)).json();
    expect(report.byZone.map((r: { key: string; name: string; plays: number }) => [r.key, r.name, r.plays])).toEqual([
      ['principal', 'Principal', 2],
      ['janela-1', 'Janela 1', 1],
      ['janela-2', 'Janela 2', 1],
      ['rodape', 'Rodapé', 1],
    ]);
  });
});
