import { describe, expect, it } from 'vitest';
import { campaignState } from '../../../contract/schedule';
import { activities } from '../../db/schema';
import { makeCampaign, makeDevice, makeGroup, makePlaylist, makeWorkspace, signedInUser } from '../../test/factories';
import { useTestApp } from '../../test/test-app';

/** Publish / pause / draft, end now, and the emergency (docs/scheduling.md#campaigns). */
describe('campaign actions API', () => {
  const t = useTestApp();

  async function setup(workspaceId?: number) {
    const owner = await signedInUser(t.app, t.database, 'user', workspaceId);
    const device = await makeDevice(t, { owner });
    const playlist = await makePlaylist(t, { owner });
    const headers = { cookie: owner.cookie };
    const call = (method: 'PATCH' | 'POST', url: string, payload?: object) =>
      t.app.inject({ method, url, headers, payload });
    return { owner, device, playlist, headers, call };
  }

  it('publishes, pauses and puts back to draft; a campaign without a target or a playlist is not published', async () => {
    const { owner, device, call } = await setup();
    const campaign = await makeCampaign(t, { owner, deviceIds: [device.id] });
    for (const status of ['published', 'paused', 'draft'] as const) {
      const res = await call('PATCH', `/api/campaigns/${campaign.id}/status`, { status });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ id: campaign.id, status });
    }
    expect(t.events.filter((e) => e.type === 'campaign.changed' && e.campaignId === campaign.id)).toHaveLength(4);

    const aimless = await makeCampaign(t, { owner });
    const refused = await call('PATCH', `/api/campaigns/${aimless.id}/status`, { status: 'published' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      message: 'Escolha ao menos um dispositivo ou grupo, ou todas as telas',
      issues: [{ path: ['deviceIds'] }],
    });

    const orphan = await makeCampaign(t, { owner, allDevices: true });
    await t.app.inject({
      method: 'DELETE',
      url: `/api/playlists/${orphan.playlistId}`,
      headers: { cookie: owner.cookie },
    });
    const noPlaylist = await call('PATCH', `/api/campaigns/${orphan.id}/status`, { status: 'published' });
    expect(noPlaylist.statusCode).toBe(400);
    expect(noPlaylist.json().message).toBe('Selecione uma playlist');
  });

  it('ends a campaign now: end date now, state Encerrada, the row kept; ending it again is 409', async () => {
    const { owner, device, call } = await setup();
    const future = new Date(Date.now() + 3 * 86_400_000).toISOString();
    const paused = await makeCampaign(t, { owner, deviceIds: [device.id], status: 'paused', startDate: future });
    const before = Date.now();
    const res = await call('POST', `/api/campaigns/${paused.id}/end`);
    expect(res.statusCode, res.body).toBe(200);
    const ended = res.json();
    expect(Date.parse(ended.endDate)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(ended.endDate)).toBeLessThanOrEqual(Date.now());
    // A start still ahead is brought to the end, so the dates stay in order.
    expect(ended.startDate).toBe(ended.endDate);
    expect(ended.status).toBe('published');
    expect(campaignState(ended, new Date(), 'America/Sao_Paulo')).toBe('ended');
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/campaigns/${paused.id}`, headers: { cookie: owner.cookie } }))
        .statusCode,
    ).toBe(200);

    const again = await call('POST', `/api/campaigns/${paused.id}/end`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: 'Esta campanha já foi encerrada', code: 'CONFLICT' });
    const kinds = await t.database.db.select({ type: activities.type }).from(activities);
    expect(kinds.map((a) => a.type)).toContain('campaign_ended');
  });

  it('starts an emergency: published, emergency priority, from now, no end, every day and hour; on groups, devices or all screens', async () => {
    const { owner, device, playlist, call } = await setup();
    const group = await makeGroup(t, { owner });
    const before = Date.now();
    const res = await call('POST', '/api/campaigns/emergency', {
      playlistId: playlist.id,
      deviceIds: [device.id],
      groupIds: [group.id],
    });
    expect(res.statusCode, res.body).toBe(201);
    const emergency = res.json();
    expect(emergency).toMatchObject({
      name: 'Emergência',
      playlistId: playlist.id,
      deviceIds: [device.id],
      groupIds: [group.id],
      allDevices: false,
      status: 'published',
      priority: 'emergency',
      endDate: null,
      schedule: { weekdays: [0, 1, 2, 3, 4, 5, 6], startTime: null, endTime: null },
      userId: owner.user.id,
    });
    expect(Date.parse(emergency.startDate)).toBeGreaterThanOrEqual(before - 1000);
    expect(campaignState(emergency, new Date(), 'America/Sao_Paulo')).toBe('on_air');
    expect(t.events).toContainEqual({
      type: 'campaign.changed',
      campaignId: emergency.id,
      workspaceId: expect.any(Number),
    });

    const everywhere = await call('POST', '/api/campaigns/emergency', {
      name: 'Evacuação',
      playlistId: playlist.id,
      allDevices: true,
    });
    expect(everywhere.json()).toMatchObject({ name: 'Evacuação', allDevices: true, priority: 'emergency' });
    const ended = await call('POST', `/api/campaigns/${emergency.id}/end`);
    expect(campaignState(ended.json(), new Date(), 'America/Sao_Paulo')).toBe('ended');
  });

  it('validates the bodies (400 JSON, pt-BR)', async () => {
    const { owner, playlist, call } = await setup();
    const campaign = await makeCampaign(t, { owner });
    const cases: Array<[string, string, object, string]> = [
      ['PATCH', `/api/campaigns/${campaign.id}/status`, { status: 'scheduled' }, 'Status de campanha inválido'],
      ['PATCH', `/api/campaigns/${campaign.id}/status`, {}, 'Status de campanha inválido'],
      [
        'POST',
        '/api/campaigns/emergency',
        { playlistId: playlist.id },
        'Escolha ao menos um dispositivo ou grupo, ou todas as telas',
      ],
      ['POST', '/api/campaigns/emergency', { allDevices: true }, 'Selecione uma playlist'],
    ];
    for (const [method, url, payload, message] of cases) {
      const res = await call(method as 'PATCH', url, payload);
      expect(res.statusCode, `${url} ${JSON.stringify(payload)}`).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const bad = await call('POST', '/api/campaigns/x/end');
    expect(bad.statusCode).toBe(400);
  });

  it("answers 401 without a session, 404 for another workspace's campaign, and refuses its playlist, devices and groups", async () => {
    for (const [method, url, payload] of [
      ['PATCH', '/api/campaigns/1/status', { status: 'published' }],
      ['POST', '/api/campaigns/1/end', undefined],
      ['POST', '/api/campaigns/emergency', { playlistId: 1, allDevices: true }],
    ] as const) {
      const res = await t.app.inject({ method, url, payload });
      expect(res.statusCode, url).toBe(401);
    }
    const mine = await setup();
    const theirs = await setup(await makeWorkspace(t.database));
    const theirCampaign = await makeCampaign(t, { owner: theirs.owner, deviceIds: [theirs.device.id] });
    expect(
      (await mine.call('PATCH', `/api/campaigns/${theirCampaign.id}/status`, { status: 'published' })).statusCode,
    ).toBe(404);
    expect((await mine.call('POST', `/api/campaigns/${theirCampaign.id}/end`)).statusCode).toBe(404);

    const foreign: Array<[object, string]> = [
      [{ playlistId: theirs.playlist.id, allDevices: true }, 'PLAYLIST_NOT_FOUND'],
      [{ playlistId: mine.playlist.id, deviceIds: [theirs.device.id] }, 'DEVICE_NOT_FOUND'],
      [
        { playlistId: mine.playlist.id, groupIds: [(await makeGroup(t, { owner: theirs.owner })).id] },
        'GROUP_NOT_FOUND',
      ],
    ];
    for (const [payload, code] of foreign) {
      const res = await mine.call('POST', '/api/campaigns/emergency', payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe(code);
    }
    // Nothing was changed: the only campaign event is the creation of theirs.
    expect(t.events.flatMap((e) => (e.type === 'campaign.changed' ? [e.campaignId] : []))).toEqual([theirCampaign.id]);
  });
});
