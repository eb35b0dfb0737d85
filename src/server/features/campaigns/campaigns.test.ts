import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { activitySentence } from '../../../contract/activity-messages';
import { activities, devices } from '../../db/schema';
import { makeDevice, makeGroup, makePlaylist, makeWorkspace, signedInUser, workspaceOf } from '../../test/factories';
import { lockWaiterAppears } from '../../test/lock-waiters';
import { useTestApp } from '../../test/test-app';
import { HttpError } from '../../http/errors';
import { dropCampaignTarget, saveCampaign } from './campaign-service';

describe('campaigns API', () => {
  const t = useTestApp();
  async function ownerWithPlaylistAndDevice(workspaceId?: number) {
    const owner = await signedInUser(t.app, t.database, 'user', workspaceId);
    const playlist = await makePlaylist(t, { owner, name: 'Natal' });
    const device = await makeDevice(t, { owner, name: 'TV 1' });
    return { owner, playlist, device };
  }

  it('creates, lists, reads, updates and deletes a campaign; status defaults to draft', async () => {
    const { owner, playlist, device } = await ownerWithPlaylistAndDevice();
    const headers = { cookie: owner.cookie };
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/campaigns',
      headers,
      payload: {
        name: 'Black Friday',
        playlistId: playlist.id,
        deviceIds: [device.id, device.id],
        startDate: '2026-11-27T08:00:00-03:00',
        endDate: '2026-11-30',
        userId: 1,
      },
    });
    expect(created.statusCode).toBe(201);
    const campaign = created.json();
    expect(campaign).toMatchObject({
      name: 'Black Friday',
      description: null,
      playlistId: playlist.id,
      deviceIds: [device.id],
      startDate: '2026-11-27T11:00:00.000Z',
      endDate: '2026-11-30T00:00:00.000Z',
      status: 'draft',
      userId: owner.user.id,
    });

    expect((await t.app.inject({ method: 'GET', url: '/api/campaigns', headers })).json()).toEqual([campaign]);
    expect((await t.app.inject({ method: 'GET', url: `/api/campaigns/${campaign.id}`, headers })).json()).toEqual(
      campaign,
    );

    const updated = await t.app.inject({
      method: 'PUT',
      url: `/api/campaigns/${campaign.id}`,
      headers,
      payload: { name: 'Black Friday 2026', playlistId: playlist.id, deviceIds: [], status: 'paused' },
    });
    expect(updated.json()).toMatchObject({
      name: 'Black Friday 2026',
      deviceIds: [],
      status: 'paused',
      startDate: null,
    });

    expect((await t.app.inject({ method: 'DELETE', url: `/api/campaigns/${campaign.id}`, headers })).statusCode).toBe(
      204,
    );
    expect((await t.app.inject({ method: 'GET', url: `/api/campaigns/${campaign.id}`, headers })).statusCode).toBe(404);
    expect(t.events.filter((e) => e.type === 'campaign.changed')).toHaveLength(2);
    expect(t.events.filter((e) => e.type === 'campaign.deleted')).toEqual([
      { type: 'campaign.deleted', campaignId: campaign.id, workspaceId: expect.any(Number) },
    ]);
  });

  it('stores groups, all screens, the weekly schedule and the priority; defaults: every day, all day, normal', async () => {
    const { owner, playlist, device } = await ownerWithPlaylistAndDevice();
    const group = await makeGroup(t, { owner, name: 'Lojas' });
    const headers = { cookie: owner.cookie };
    const defaults = (
      await t.app.inject({
        method: 'POST',
        url: '/api/campaigns',
        headers,
        payload: { name: 'Padrão', playlistId: playlist.id },
      })
    ).json();
    expect(defaults).toMatchObject({
      zones: null,
      groupIds: [],
      allDevices: false,
      priority: 'normal',
      status: 'draft',
      schedule: { weekdays: [0, 1, 2, 3, 4, 5, 6], startTime: null, endTime: null },
      updatedAt: expect.any(String),
    });

    const lunch = await t.app.inject({
      method: 'POST',
      url: '/api/campaigns',
      headers,
      payload: {
        name: 'Almoço',
        playlistId: playlist.id,
        deviceIds: [device.id],
        groupIds: [group.id, group.id],
        status: 'published',
        priority: 'high',
        schedule: { weekdays: [5, 1, 3, 1], startTime: '11:30', endTime: '14:00' },
        zones: ['principal', 'destaque'],
      },
    });
    expect(lunch.statusCode, lunch.body).toBe(201);
    expect(lunch.json()).toMatchObject({
      deviceIds: [device.id],
      groupIds: [group.id],
      status: 'published',
      priority: 'high',
      zones: ['principal', 'destaque'],
      schedule: { weekdays: [1, 3, 5], startTime: '11:30', endTime: '14:00' },
    });

    // Across midnight, on every screen of the workspace.
    const night = await t.app.inject({
      method: 'PUT',
      url: `/api/campaigns/${lunch.json().id}`,
      headers,
      payload: {
        name: 'Madrugada',
        playlistId: playlist.id,
        allDevices: true,
        status: 'published',
        schedule: { weekdays: [6], startTime: '22:00', endTime: '02:00' },
      },
    });
    expect(night.json()).toMatchObject({
      deviceIds: [],
      groupIds: [],
      allDevices: true,
      zones: null,
      schedule: { weekdays: [6], startTime: '22:00', endTime: '02:00' },
    });
    expect(Date.parse(night.json().updatedAt)).toBeGreaterThanOrEqual(Date.parse(lunch.json().updatedAt));

    const kinds = (await t.database.db.select({ type: activities.type, data: activities.data }).from(activities))
      .filter((a) => a.type.startsWith('campaign'))
      .map(({ type, data }) => ({ type, description: activitySentence(type, data) }));
    expect(kinds).toEqual([
      { type: 'campaign_created', description: 'Campanha "Padrão" criada' },
      { type: 'campaign_created', description: 'Campanha "Almoço" criada' },
      { type: 'campaign_updated', description: 'Campanha "Madrugada" atualizada' },
    ]);
  });

  it('keeps the campaign when its playlist is removed, with playlistId null', async () => {
    const { owner, playlist } = await ownerWithPlaylistAndDevice();
    const headers = { cookie: owner.cookie };
    const campaign = (
      await t.app.inject({
        method: 'POST',
        url: '/api/campaigns',
        headers,
        payload: { name: 'C', playlistId: playlist.id },
      })
    ).json();
    await t.app.inject({ method: 'DELETE', url: `/api/playlists/${playlist.id}`, headers });
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/campaigns/${campaign.id}`, headers })).json().playlistId,
    ).toBeNull();
  });

  it('a removed screen or group leaves the campaigns that named it, so they can still be saved as read', async () => {
    const { owner, playlist, device } = await ownerWithPlaylistAndDevice();
    const headers = { cookie: owner.cookie };
    const kept = await makeDevice(t, { owner, name: 'TV 2' });
    const [group, keptGroup] = [
      await makeGroup(t, { owner, name: 'Sul' }),
      await makeGroup(t, { owner, name: 'Norte' }),
    ];
    const payload = {
      name: 'Natal',
      playlistId: playlist.id,
      deviceIds: [device.id, kept.id],
      groupIds: [group.id, keptGroup.id],
    };
    const campaign = (await t.app.inject({ method: 'POST', url: '/api/campaigns', headers, payload })).json();
    expect((await t.app.inject({ method: 'DELETE', url: `/api/devices/${device.id}`, headers })).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/device-groups/${group.id}`, headers })).statusCode).toBe(
      204,
    );

    const read = (await t.app.inject({ method: 'GET', url: `/api/campaigns/${campaign.id}`, headers })).json();
    expect(read).toMatchObject({ deviceIds: [kept.id], groupIds: [keptGroup.id] });
    const saved = await t.app.inject({
      method: 'PUT',
      url: `/api/campaigns/${campaign.id}`,
      headers,
      payload: { ...payload, deviceIds: read.deviceIds, groupIds: read.groupIds },
    });
    expect(saved.statusCode, saved.body).toBe(200);
  });

  // PGlite runs one transaction at a time, so the race needs PostgreSQL.
  it.runIf(process.env.DATABASE_URL)(
    'a screen removed while a campaign naming it is saved: the save waits and answers 400, never naming the removed screen',
    async () => {
      const { owner, playlist, device } = await ownerWithPlaylistAndDevice();
      const headers = { cookie: owner.cookie };
      const campaign = (
        await t.app.inject({
          method: 'POST',
          url: '/api/campaigns',
          headers,
          payload: { name: 'Natal', playlistId: playlist.id },
        })
      ).json();
      const workspaceId = await workspaceOf(t.database, owner.user.id);
      let deleted!: () => void;
      let release!: () => void;
      const deletedNow = new Promise<void>((resolve) => (deleted = resolve));
      const held = new Promise<void>((resolve) => (release = resolve));
      // The removal as deleteDevice makes it, its transaction held open until the save has started.
      const removal = t.database.db.transaction(async (tx) => {
        await tx.delete(devices).where(eq(devices.id, device.id));
        await dropCampaignTarget(tx, workspaceId, 'device', device.id);
        deleted();
        await held;
      });
      await deletedNow;
      const saving = t.app.inject({
        method: 'PUT',
        url: `/api/campaigns/${campaign.id}`,
        headers,
        payload: { name: 'Natal', playlistId: playlist.id, deviceIds: [device.id] },
      });
      // The save has reached the device row the removal holds, and waits for it.
      await lockWaiterAppears(t.database);
      release();
      await removal;
      const saved = await saving;
      expect(saved.statusCode, saved.body).toBe(400);
      expect(
        (await t.app.inject({ method: 'GET', url: `/api/campaigns/${campaign.id}`, headers })).json().deviceIds,
      ).toEqual([]);
    },
  );

  it('validates the body (400 JSON, pt-BR)', async () => {
    const { owner, playlist } = await ownerWithPlaylistAndDevice();
    const headers = { cookie: owner.cookie };
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ name: '', playlistId: playlist.id }, 'Nome da campanha é obrigatório'],
      [{ name: 'C' }, 'Selecione uma playlist'],
      [{ name: 'C', playlistId: playlist.id, status: 'qualquer' }, 'Status de campanha inválido'],
      [
        { name: 'C', playlistId: playlist.id, startDate: '2026-12-10', endDate: '2026-12-01' },
        'A data de término deve ser posterior à data de início',
      ],
      [
        { name: 'C', playlistId: playlist.id, status: 'published' },
        'Escolha ao menos um dispositivo ou grupo, ou todas as telas',
      ],
      [{ name: 'C', playlistId: playlist.id, priority: 'urgente' }, 'Prioridade inválida'],
      [{ name: 'C', playlistId: playlist.id, schedule: { weekdays: [] } }, 'Escolha ao menos um dia da semana'],
      [{ name: 'C', playlistId: playlist.id, schedule: { weekdays: [7] } }, 'Dia da semana inválido'],
      [{ name: 'C', playlistId: playlist.id, schedule: { startTime: '25:00' } }, 'Horário inválido (use HH:MM)'],
      [
        { name: 'C', playlistId: playlist.id, schedule: { startTime: '10:00', endTime: '10:00' } },
        'O horário de término deve ser diferente do de início',
      ],
      [
        { name: 'C', playlistId: playlist.id, groupIds: ['x'] },
        'Entrada inválida: esperava um número, recebeu um texto',
      ],
      // docs/layouts.md#campaigns: zone keys, each once, none for an emergency.
      [
        { name: 'C', playlistId: playlist.id, zones: ['Principal'] },
        'A chave de uma zona tem de 1 a 16 letras minúsculas, números ou hífens.',
      ],
      [{ name: 'C', playlistId: playlist.id, zones: [] }, 'Escolha ao menos uma zona, ou todas as zonas.'],
      [{ name: 'C', playlistId: playlist.id, zones: ['rodape', 'rodape'] }, 'Escolha cada zona uma vez só.'],
      [
        { name: 'C', playlistId: playlist.id, priority: 'emergency', zones: ['principal'] },
        'Uma campanha de emergência ocupa a tela inteira: não escolha zonas para ela.',
      ],
    ];
    for (const [payload, message] of cases) {
      const res = await t.app.inject({ method: 'POST', url: '/api/campaigns', headers, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toBe(message);
    }
  });

  it("refuses another workspace's playlist or devices, and hides its campaigns (404); a teammate's are fine", async () => {
    const mine = await ownerWithPlaylistAndDevice();
    const theirs = await ownerWithPlaylistAndDevice(await makeWorkspace(t.database));
    const headers = { cookie: mine.owner.cookie };
    const foreignPlaylist = await t.app.inject({
      method: 'POST',
      url: '/api/campaigns',
      headers,
      payload: { name: 'C', playlistId: theirs.playlist.id },
    });
    expect(foreignPlaylist.statusCode).toBe(400);
    expect(foreignPlaylist.json().code).toBe('PLAYLIST_NOT_FOUND');
    const foreignDevice = await t.app.inject({
      method: 'POST',
      url: '/api/campaigns',
      headers,
      payload: { name: 'C', playlistId: mine.playlist.id, deviceIds: [mine.device.id, theirs.device.id] },
    });
    expect(foreignDevice.json().code).toBe('DEVICE_NOT_FOUND');
    const foreignGroup = await t.app.inject({
      method: 'POST',
      url: '/api/campaigns',
      headers,
      payload: {
        name: 'C',
        playlistId: mine.playlist.id,
        groupIds: [(await makeGroup(t, { owner: theirs.owner })).id],
      },
    });
    expect(foreignGroup.statusCode).toBe(400);
    expect(foreignGroup.json()).toMatchObject({
      code: 'GROUP_NOT_FOUND',
      message: 'Grupo não encontrado',
      issues: [{ path: ['groupIds'], message: 'Grupo não encontrado' }],
    });

    const theirCampaign = (
      await t.app.inject({
        method: 'POST',
        url: '/api/campaigns',
        headers: { cookie: theirs.owner.cookie },
        payload: { name: 'Deles', playlistId: theirs.playlist.id },
      })
    ).json();
    for (const [method, payload] of [
      ['GET', undefined],
      ['PUT', { name: 'X', playlistId: mine.playlist.id }],
      ['DELETE', undefined],
    ] as const) {
      const res = await t.app.inject({ method, url: `/api/campaigns/${theirCampaign.id}`, headers, payload });
      expect(res.statusCode, method).toBe(404);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/campaigns', headers })).json()).toEqual([]);

    const teammate = await ownerWithPlaylistAndDevice();
    const shared = await t.app.inject({
      method: 'POST',
      url: '/api/campaigns',
      headers,
      payload: { name: 'Da equipe', playlistId: teammate.playlist.id, deviceIds: [mine.device.id, teammate.device.id] },
    });
    expect(shared.statusCode, shared.body).toBe(201);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/campaigns', headers: { cookie: teammate.owner.cookie } })).json(),
    ).toHaveLength(1);
  });

  it('answers 401 without a session', async () => {
    for (const [method, url] of [
      ['GET', '/api/campaigns'],
      ['POST', '/api/campaigns'],
      ['GET', '/api/campaigns/1'],
      ['PUT', '/api/campaigns/1'],
      ['DELETE', '/api/campaigns/1'],
    ] as const) {
      const res = await t.app.inject({
        method,
        url,
        payload: method === 'POST' || method === 'PUT' ? { name: 'C', playlistId: 1 } : undefined,
      });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('a campaign removed while its edit was being saved answers 404 and records nothing (not a 500)', async () => {
    const { owner } = await ownerWithPlaylistAndDevice();
    const actor = {
      id: owner.user.id,
      role: owner.user.role,
      workspaceId: await workspaceOf(t.database, owner.user.id),
      sessionTokenHash: '',
    };
    const before = (await t.database.db.select().from(activities)).length;
    // The update's `returning()` finds no row: someone removed the campaign after it was loaded.
    const saving = saveCampaign(
      { db: t.database.db, bus: t.bus },
      actor,
      async () => undefined,
      () => ({ type: 'campaign_updated', data: { name: 'x' } }),
    );
    await expect(saving).rejects.toBeInstanceOf(HttpError);
    await expect(saving).rejects.toMatchObject({ statusCode: 404, message: 'Campanha não encontrada' });
    expect((await t.database.db.select().from(activities)).length).toBe(before);
    expect(t.events.filter((e) => e.type === 'campaign.changed')).toEqual([]);
  });
});
