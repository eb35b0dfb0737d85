import { describe, expect, it } from 'vitest';
import type { Device } from '../../../contract/devices';
import type { Layout, LayoutInput } from '../../../contract/layouts';
import type { Manifest } from '../../../contract/tv';
import {
  makeDevice,
  makeGroup,
  makePairedDevice,
  makePlaylist,
  makeWorkspace,
  signedInUser,
} from '../../test/factories';
import { useTestApp } from '../../test/test-app';

/** docs/layouts.md#devices: a screen's layout and a playlist per zone, through the API. */
describe('screens made of zones', () => {
  const t = useTestApp();

  const threeZones: LayoutInput = {
    name: 'Balcão',
    orientation: 'horizontal',
    zones: [
      { key: 'principal', name: 'Principal', x: 0, y: 0, width: 70, height: 85 },
      { key: 'lateral', name: 'Lateral', x: 70, y: 0, width: 30, height: 85 },
      { key: 'rodape', name: 'Rodapé', x: 0, y: 85, width: 100, height: 15 },
    ],
  };

  async function setup() {
    const owner = await signedInUser(t.app, t.database);
    const call = async (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
      t.app.inject({ method, url, headers: { cookie: owner.cookie }, ...(payload ? { payload } : {}) });
    const device = async (id: number) => (await call('GET', `/api/devices/${id}`)).json<Device>();
    const playlists = await Promise.all([1, 2, 3].map(() => makePlaylist(t, { owner })));
    const layout = (await call('POST', '/api/layouts', threeZones)).json<Layout>();
    const edit = (d: Device, fields: object) =>
      call('PUT', `/api/devices/${d.id}`, {
        name: d.name,
        location: d.location,
        resolution: d.resolution,
        orientation: d.orientation,
        layout: d.layout,
        groupId: d.groupId,
        authCode: d.authCode,
        ...fields,
      });
    return { owner, call, device, playlists, ids: playlists.map((p) => p.id), layout, edit };
  }

  it('gives a device a layout and a playlist per zone, kept in assignedPlaylistId1/2 and zonePlaylistIds', async () => {
    const { owner, call, device, ids, layout, edit } = await setup();
    const made = await makeDevice(t, { owner, playlists: [ids[0]!] });
    expect(made).toMatchObject({ layoutId: null, zonePlaylistIds: [ids[0]] });

    const res = await edit(made, { layoutId: layout.id });
    expect(res.statusCode, res.body).toBe(200);
    // Three zones are "more than one window" for a client before zones; zone 1 keeps its playlist.
    expect(res.json()).toMatchObject({ layoutId: layout.id, layout: 'dual', zonePlaylistIds: [ids[0], null, null] });

    const assigned = await call('PATCH', `/api/devices/${made.id}`, { zonePlaylistIds: ids });
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(assigned.json()).toMatchObject({
      assignedPlaylistId1: ids[0],
      assignedPlaylistId2: ids[1],
      zonePlaylistIds: ids,
    });
    // The spec's form changes windows 1 and 2 and keeps zone 3; the list shows the same.
    await call('PATCH', `/api/devices/${made.id}`, { assignedPlaylistId1: ids[1], assignedPlaylistId2: ids[0] });
    expect((await device(made.id)).zonePlaylistIds).toEqual([ids[1], ids[0], ids[2]]);
    const list = (await call('GET', '/api/devices')).json<Device[]>();
    expect(list.find((d) => d.id === made.id)).toMatchObject({
      layoutId: layout.id,
      zonePlaylistIds: [ids[1], ids[0], ids[2]],
    });

    // A PUT without layoutId and the same `layout` keeps it; Tela Única by id is the spec's single.
    expect((await edit(await device(made.id), { name: 'TV Balcão' })).json()).toMatchObject({ layoutId: layout.id });
    const single = await edit(await device(made.id), { layoutId: -1 });
    expect(single.json()).toMatchObject({ layoutId: null, layout: 'single', zonePlaylistIds: [ids[1]] });
    // A built-in other than Tela Única / Tela Dupla is a layoutId too.
    const builtIn = await edit(await device(made.id), { layoutId: -4 });
    expect(builtIn.json()).toMatchObject({ layoutId: -4, layout: 'dual', zonePlaylistIds: [ids[1], null, null] });
  });

  it('refuses a bad layout or a zone left empty with a pt-BR 400 and changes nothing', async () => {
    const { owner, call, device, ids, layout, edit } = await setup();
    const made = await makeDevice(t, { owner, layoutId: layout.id });
    await call('PATCH', `/api/devices/${made.id}`, { zonePlaylistIds: ids });
    const before = await device(made.id);

    const vertical = await edit(before, { layoutId: -11 });
    expect(vertical.statusCode).toBe(400);
    expect(vertical.json().message).toBe(
      `O layout "L" é vertical e a tela "${made.name}" não: escolha um layout da mesma orientação da tela.`,
    );
    for (const layoutId of [999_999, 0, -99, 'x']) {
      const res = await edit(before, { layoutId });
      expect(res.statusCode, String(layoutId)).toBe(400);
      expect(res.json().message).toMatch(/Layout (inválido|não encontrado)/);
    }
    const short = await call('PATCH', `/api/devices/${made.id}`, { zonePlaylistIds: ids.slice(0, 2) });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe('O layout "Balcão" tem 3 zonas: envie uma playlist (ou null) por zona.');
    const empty = await call('PATCH', `/api/devices/${made.id}`, { zonePlaylistIds: [ids[0], ids[1], null] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({
      code: 'ZONE_NEEDS_PLAYLIST',
      message: `Escolha uma playlist para a zona "Rodapé" de "${made.name}": telas com várias zonas precisam de uma playlist em cada zona.`,
      issues: [{ path: ['zonePlaylistIds', 2] }],
    });
    for (const payload of [
      { zonePlaylistIds: Array(9).fill(ids[0]) },
      { zonePlaylistIds: ['x'] },
      { zonePlaylistIds: [] },
      { assignedPlaylistId1: ids[1], zonePlaylistIds: ids },
      {},
    ]) {
      const res = await call('PATCH', `/api/devices/${made.id}`, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
    }
    expect(await device(made.id)).toEqual(before);
  });

  it("refuses another workspace's layout and playlist as not found", async () => {
    const { owner, call, device, ids, layout } = await setup();
    const made = await makeDevice(t, { owner, layoutId: layout.id });
    const stranger = await signedInUser(t.app, t.database, 'user', await makeWorkspace(t.database));
    const theirs = await makePlaylist(t, { owner: stranger });
    const res = await call('PATCH', `/api/devices/${made.id}`, { zonePlaylistIds: [ids[0], ids[1], theirs.id] });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('PLAYLIST_NOT_FOUND');
    const theirLayout = await t.app.inject({
      method: 'POST',
      url: '/api/layouts',
      headers: { cookie: stranger.cookie },
      payload: { ...threeZones, name: 'Deles' },
    });
    const byOther = await call('POST', '/api/devices', {
      name: 'TV',
      location: 'Sala',
      resolution: '1920x1080',
      authCode: '314159',
      layoutId: theirLayout.json<Layout>().id,
    });
    expect(byOther.statusCode).toBe(400);
    expect(byOther.json()).toMatchObject({ code: 'LAYOUT_NOT_FOUND', message: 'Layout não encontrado' });
    expect((await device(made.id)).zonePlaylistIds).toEqual([null, null, null]);
  });

  it('sends the zones in the manifest, windows[i] in zones[i]; Tela Única and Tela Dupla keep the manifest without zones', async () => {
    const { owner, call, ids, layout } = await setup();
    const { device: paired, headers } = await makePairedDevice(t, { owner, playlists: [ids[0]!] });
    const content = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/tv/content', headers })).json<Manifest>();
    const before = await content();
    expect(before.zones).toBeUndefined();
    expect(before.windows.map((w) => w?.playlistId)).toEqual([ids[0]]);

    await call('PUT', `/api/devices/${paired.id}`, { ...paired, layoutId: layout.id });
    await call('PATCH', `/api/devices/${paired.id}`, { zonePlaylistIds: [ids[2], ids[1], ids[0]] });
    // The bus may be Redis: the manifest follows the assignment a moment later.
    await expect
      .poll(async () => (await content()).windows.map((w) => w?.playlistId))
      .toEqual([ids[2], ids[1], ids[0]]);
    const after = await content();
    expect(after.zones?.map((z) => [z.key, z.name, z.x, z.y, z.width, z.height])).toEqual([
      ['principal', 'Principal', 0, 0, 70, 85],
      ['lateral', 'Lateral', 70, 0, 30, 85],
      ['rodape', 'Rodapé', 0, 85, 100, 15],
    ]);
    expect(after.windows.map((w) => w?.playlistId)).toEqual([ids[2], ids[1], ids[0]]);
    expect(after.version).not.toBe(before.version);

    // The layout's zones change: the screen's manifest follows.
    const moved = { ...threeZones, zones: threeZones.zones.map((z, i) => (i === 1 ? { ...z, name: 'Ofertas' } : z)) };
    expect((await call('PUT', `/api/layouts/${layout.id}`, moved)).statusCode).toBe(200);
    await expect.poll(async () => (await content()).zones?.[1]?.name).toBe('Ofertas');
  });

  it('keeps a layout in use: removal answers 409 naming its screens; an edit moves their zones', async () => {
    const { owner, call, device, ids, layout } = await setup();
    const names = ['TV Caixa', 'TV Adega', 'TV Balcão', 'TV Depósito'];
    const screens = [];
    for (const name of names) {
      const made = await makeDevice(t, { owner, name, layoutId: layout.id });
      await call('PATCH', `/api/devices/${made.id}`, { zonePlaylistIds: ids });
      screens.push(made);
    }
    const refused = await call('DELETE', `/api/layouts/${layout.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'Este layout está em uso pelas telas "TV Adega", "TV Balcão", "TV Caixa" e mais 1. Escolha outro layout para elas antes de removê-lo.',
    );
    const turned = await call('PUT', `/api/layouts/${layout.id}`, { ...threeZones, orientation: 'vertical' });
    expect(turned.statusCode).toBe(409);
    expect((await call('GET', `/api/layouts/${layout.id}`)).json()).toMatchObject({ orientation: 'horizontal' });

    // Two zones now: the third's playlist goes, `layout` stays dual.
    const twoZones = { ...threeZones, zones: threeZones.zones.slice(0, 2) };
    expect((await call('PUT', `/api/layouts/${layout.id}`, twoZones)).statusCode).toBe(200);
    expect(await device(screens[0]!.id)).toMatchObject({ layout: 'dual', zonePlaylistIds: [ids[0], ids[1]] });
    // One zone: the second goes too, and the screen is "single" to older clients.
    const oneZone = { ...threeZones, zones: [{ ...threeZones.zones[0]!, width: 100, height: 100 }] };
    expect((await call('PUT', `/api/layouts/${layout.id}`, oneZone)).statusCode).toBe(200);
    expect(await device(screens[0]!.id)).toMatchObject({ layout: 'single', zonePlaylistIds: [ids[0]] });

    for (const screen of screens) {
      const current = await device(screen.id);
      await call('PUT', `/api/devices/${screen.id}`, { ...current, layoutId: null, layout: 'single' });
    }
    expect((await call('DELETE', `/api/layouts/${layout.id}`)).statusCode).toBe(204);
  });

  it("empties a removed playlist's zone past the second", async () => {
    const { owner, call, device, ids, layout } = await setup();
    const made = await makeDevice(t, { owner, layoutId: layout.id });
    await call('PATCH', `/api/devices/${made.id}`, { zonePlaylistIds: ids });
    expect((await call('DELETE', `/api/playlists/${ids[2]}`)).statusCode).toBe(204);
    expect(await call('DELETE', `/api/playlists/${ids[1]}`)).toMatchObject({ statusCode: 204 });
    expect((await device(made.id)).zonePlaylistIds).toEqual([ids[0], null, null]);
  });

  it('gives a whole group a layout and its playlists; one screen of the other orientation refuses it all', async () => {
    const { owner, call, device, ids, layout } = await setup();
    const group = await makeGroup(t, { owner });
    const a = await makeDevice(t, { owner, groupId: group.id });
    const b = await makeDevice(t, { owner, groupId: group.id, layout: 'dual' });
    const assign = (payload: object) => call('POST', `/api/device-groups/${group.id}/assign`, payload);

    const res = await assign({ layoutId: layout.id, zonePlaylistIds: ids });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ updated: 2 });
    for (const id of [a.id, b.id])
      expect(await device(id)).toMatchObject({ layoutId: layout.id, layout: 'dual', zonePlaylistIds: ids });

    const upright = await makeDevice(t, { owner, groupId: group.id, orientation: 'vertical', name: 'TV Vertical' });
    const refused = await assign({ layoutId: -3, zonePlaylistIds: ids.slice(0, 2) });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toContain('a tela "TV Vertical" não');
    expect(await device(a.id)).toMatchObject({ layoutId: layout.id, zonePlaylistIds: ids });
    expect(await device(upright.id)).toMatchObject({ layoutId: null });

    // The spec's form on a mixed group: windows 1 and 2 for each, zone 3 kept.
    const spec = await assign({ assignedPlaylistId1: ids[2], assignedPlaylistId2: ids[0] });
    expect(spec.statusCode, spec.body).toBe(200);
    expect((await device(a.id)).zonePlaylistIds).toEqual([ids[2], ids[0], ids[2]]);
    expect((await device(upright.id)).zonePlaylistIds).toEqual([ids[2]]);
  });
});
