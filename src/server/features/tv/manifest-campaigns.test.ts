import { describe, expect, it } from 'vitest';
import type { Manifest } from '../../../contract/tv';
import { deviceServerMessageSchema } from '../../../contract/realtime';
import * as api from '../../test/api-factories';
import { eventually as poll } from '../../test/eventually';
import {
  injectClient,
  makeCampaign,
  makeGroup,
  makeMedia,
  makePairedDevice,
  makePlaylist,
  makeWorkspace,
  signedInUser,
  type DeviceOptions,
} from '../../test/factories';
import { useTestApp } from '../../test/test-app';
import { openTvSocket } from '../../test/tv-socket';

const eventually = (condition: () => boolean | Promise<boolean>, what?: string) => poll(condition, what, 15_000);
const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();

/** docs/scheduling.md#manifest-campaigns: each TV's manifest carries the campaigns aimed at it, and a change reaches exactly those TVs. */
describe('campaigns in the TV manifest', () => {
  const t = useTestApp({
    tv: {
      flushIntervalMs: 1000,
      offlineAfterMs: 45_000,
      pairing: { perAddressPerMinute: 1000, globalPerMinute: 1000, failureDelayMs: 0 },
    },
  });

  async function owner(workspaceId?: number) {
    const user = await signedInUser(t.app, t.database, 'user', workspaceId);
    const image = await makeMedia(t, { owner: user });
    const client = injectClient(t.app, user.cookie);
    const playlist = (name: string) => makePlaylist(t, { owner: user, name, items: [image.id] });
    const fallback = await playlist('Padrão');
    /** A paired TV showing `fallback`, its socket open and known to the server. */
    async function screen(options: DeviceOptions = {}) {
      const { device, token } = await makePairedDevice(t, { owner: user, playlists: [fallback.id], ...options });
      const tv = await openTvSocket<Manifest>(t.app, token);
      const { pushes } = tv;
      const manifest = async () => (await tv.content()).json() as Manifest;
      /** The campaigns of the last manifest pushed, once one came after `since` pushes. */
      const pushedCampaigns = async (since: number) => {
        await eventually(
          () =>
            pushes()
              .slice(since)
              .some((m) => m.type === 'manifest'),
          `manifest pushed to ${device.name}`,
        );
        const pushed = pushes().slice(since);
        // The manifest is the notice (docs/tv-protocol.md#device-socket).
        expect(pushed[0]).toMatchObject({ type: 'manifest' });
        return pushed
          .filter((m) => m.type === 'manifest')
          .at(-1)!
          .manifest!.campaigns.map((c) => c.id);
      };
      return { device, token, ...tv, manifest, pushedCampaigns };
    }
    return { user, client, image, playlist, fallback, screen };
  }
  const ids = (manifest: Manifest) => manifest.campaigns.map((c) => c.id);

  it('carries the published campaigns aimed at the device (by device, by group, all screens) within 7 days, with their playlist signed for it', async () => {
    const a = await owner();
    const group = await makeGroup(t, { owner: a.user });
    const promo = await a.playlist('Promoção');
    const now = Date.now();
    const published = { status: 'published' as const, playlistId: promo.id };
    const inGroup = await a.screen({ name: 'No grupo', groupId: group.id });
    const alone = await a.screen({ name: 'Sozinha' });
    const byDevice = await makeCampaign(t, {
      owner: a.user,
      ...published,
      deviceIds: [alone.device.id],
      zones: ['principal'],
    });
    const byGroup = await makeCampaign(t, {
      owner: a.user,
      ...published,
      groupIds: [group.id],
      priority: 'high',
      schedule: { weekdays: [1, 2], startTime: '22:00', endTime: '02:00' },
    });
    const everywhere = await makeCampaign(t, { owner: a.user, ...published, allDevices: true });
    const soon = await makeCampaign(t, {
      owner: a.user,
      ...published,
      allDevices: true,
      startDate: iso(now + 6 * DAY),
    });
    // None of these plays here within the horizon.
    await makeCampaign(t, { owner: a.user, playlistId: promo.id, allDevices: true });
    await makeCampaign(t, { owner: a.user, playlistId: promo.id, allDevices: true, status: 'paused' });
    await makeCampaign(t, {
      owner: a.user,
      ...published,
      allDevices: true,
      startDate: iso(now - 2 * DAY),
      endDate: iso(now - DAY),
    });
    await makeCampaign(t, { owner: a.user, ...published, allDevices: true, startDate: iso(now + 8 * DAY) });
    const ended = await makeCampaign(t, { owner: a.user, ...published, allDevices: true });
    await api.endCampaign(a.client, ended.id);
    const b = await owner(await makeWorkspace(t.database));
    await makeCampaign(t, { owner: b.user, status: 'published', allDevices: true });

    await eventually(async () => ids(await inGroup.manifest()).length === 3, 'group screen manifest');
    const grouped = await inGroup.manifest();
    expect(ids(grouped)).toEqual([byGroup.id, everywhere.id, soon.id]);
    expect(ids(await alone.manifest())).toEqual([byDevice.id, everywhere.id, soon.id]);

    expect(grouped.timeZone).toBe('America/Sao_Paulo');
    expect(Math.abs(Date.parse(grouped.serverTime) - Date.now())).toBeLessThan(60_000);
    const [first] = grouped.campaigns;
    expect(first).toEqual({
      id: byGroup.id,
      name: byGroup.name,
      status: 'published',
      priority: 'high',
      startDate: null,
      endDate: null,
      schedule: { weekdays: [1, 2], startTime: '22:00', endTime: '02:00' },
      createdAt: byGroup.createdAt,
      playlist: {
        playlistId: promo.id,
        name: 'Promoção',
        startDate: null,
        durationDays: 0,
        items: [expect.objectContaining({ mediaId: a.image.id, duration: 8 })],
      },
    });
    expect(first!.playlist.items[0]!.url).toContain(`device=${inGroup.device.id}&`);
    // The zones a campaign names go with it (docs/layouts.md#campaigns); one of every zone has none.
    expect((await alone.manifest()).campaigns.map((c) => c.zones)).toEqual([['principal'], undefined, undefined]);
    // The media URL answers the TV like a window's.
    expect((await t.app.inject({ method: 'GET', url: first!.playlist.items[0]!.url })).statusCode).toBe(200);
    for (const tv of [inGroup, alone]) tv.socket.terminate();
  });

  it('keeps the ETag free of the clock: the same version answers 304, and each body carries the time it was sent', async () => {
    const a = await owner();
    const tv = await a.screen();
    const first = await tv.content();
    const second = await tv.content();
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(Date.parse(second.json().serverTime)).toBeGreaterThanOrEqual(Date.parse(first.json().serverTime));
    expect((await tv.content(first.headers.etag as string)).statusCode).toBe(304);
    const beat = await t.app.inject({
      method: 'POST',
      url: '/api/tv/heartbeat',
      headers: { authorization: `Bearer ${tv.token}` },
    });
    expect(beat.json()).toEqual({ contentVersion: second.json().version, serverTime: expect.any(String) });
    tv.socket.terminate();
  });

  it('pushes the new manifest to exactly the TVs a campaign change concerns', async () => {
    const a = await owner();
    const group = await makeGroup(t, { owner: a.user });
    const promo = await a.playlist('Promoção');
    const member = await a.screen({ name: 'Membro', groupId: group.id });
    const joiner = await a.screen({ name: 'Entra depois' });
    const bystander = await a.screen({ name: 'De fora' });
    const b = await owner(await makeWorkspace(t.database));
    const foreign = await b.screen({ name: 'Outra empresa' });
    const quiet = async (...tvs: Array<Awaited<ReturnType<typeof a.screen>>>) => {
      for (const tv of tvs) {
        const before = tv.pushes().length;
        await tv.roundTrip();
        expect(tv.pushes().length, tv.device.name).toBe(before);
      }
    };
    const mark = () => [member, joiner, bystander].map((tv) => tv.pushes().length);

    // A draft concerns nobody.
    let [m, j, s] = mark();
    const campaign = await makeCampaign(t, { owner: a.user, playlistId: promo.id, groupIds: [group.id] });
    await quiet(member, joiner, bystander, foreign);

    // Published on the group: its member only.
    await api.setCampaignStatus(a.client, campaign.id, 'published');
    expect(await member.pushedCampaigns(m!)).toEqual([campaign.id]);
    await quiet(joiner, bystander, foreign);
    expect(deviceServerMessageSchema.parse(member.pushes()[m!]).type).toBe('manifest');

    // A device that joins the group joins its campaigns.
    [m, j, s] = mark();
    const joined = await t.app.inject({
      method: 'PUT',
      url: `/api/devices/${joiner.device.id}`,
      headers: { cookie: a.user.cookie },
      payload: {
        name: joiner.device.name,
        location: joiner.device.location,
        resolution: joiner.device.resolution,
        authCode: joiner.device.authCode,
        groupId: group.id,
      },
    });
    expect(joined.statusCode, joined.body).toBe(200);
    expect(await joiner.pushedCampaigns(j!)).toEqual([campaign.id]);
    await quiet(member, bystander, foreign);

    // Its playlist edited: the TVs showing the campaign.
    [m, j, s] = mark();
    const edit = await t.app.inject({
      method: 'PUT',
      url: `/api/playlists/${promo.id}`,
      headers: { cookie: a.user.cookie },
      payload: { name: 'Promoção 2', items: [{ mediaId: a.image.id, duration: 9 }] },
    });
    expect(edit.statusCode).toBe(200);
    for (const tv of [member, joiner]) expect(await tv.pushedCampaigns(tv === member ? m! : j!)).toEqual([campaign.id]);
    expect(member.pushes().at(-1)!.manifest!.campaigns[0]!.playlist).toMatchObject({
      name: 'Promoção 2',
      items: [{ duration: 9 }],
    });
    await quiet(bystander, foreign);

    // An emergency on every screen of the workspace, then its end.
    [m, j, s] = mark();
    const emergency = await api.createEmergency(a.client, { playlistId: promo.id, allDevices: true });
    expect(await member.pushedCampaigns(m!)).toEqual([campaign.id, emergency.id]);
    expect(await joiner.pushedCampaigns(j!)).toEqual([campaign.id, emergency.id]);
    expect(await bystander.pushedCampaigns(s!)).toEqual([emergency.id]);
    expect(bystander.pushes().at(-1)!.manifest!.campaigns[0]).toMatchObject({ priority: 'emergency', endDate: null });
    await quiet(foreign);

    [m, j, s] = mark();
    await api.endCampaign(a.client, emergency.id);
    expect(await member.pushedCampaigns(m!)).toEqual([campaign.id]);
    expect(await joiner.pushedCampaigns(j!)).toEqual([campaign.id]);
    expect(await bystander.pushedCampaigns(s!)).toEqual([]);
    await quiet(foreign);

    // Paused, then removed: the group's TVs.
    [m, j, s] = mark();
    await api.setCampaignStatus(a.client, campaign.id, 'paused');
    expect(await member.pushedCampaigns(m!)).toEqual([]);
    expect(await joiner.pushedCampaigns(j!)).toEqual([]);
    await quiet(bystander, foreign);
    [m, j, s] = mark();
    await api.setCampaignStatus(a.client, campaign.id, 'published');
    expect(await member.pushedCampaigns(m!)).toEqual([campaign.id]);
    [m, j, s] = mark();
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: `/api/campaigns/${campaign.id}`,
          headers: { cookie: a.user.cookie },
        })
      ).statusCode,
    ).toBe(204);
    expect(await member.pushedCampaigns(m!)).toEqual([]);
    expect(await joiner.pushedCampaigns(j!)).toEqual([]);
    await quiet(bystander, foreign);
    for (const tv of [member, joiner, bystander, foreign]) tv.socket.terminate();
  });

  it('sends every TV of the workspace its new time zone, and a device whose group is removed leaves its campaigns', async () => {
    const admin = await signedInUser(t.app, t.database, 'admin');
    const a = await owner();
    const group = await makeGroup(t, { owner: a.user });
    const campaign = await makeCampaign(t, { owner: a.user, status: 'published', groupIds: [group.id] });
    const tv = await a.screen({ groupId: group.id });
    expect(ids(await tv.manifest())).toEqual([campaign.id]);

    let since = tv.pushes().length;
    expect(
      (
        await t.app.inject({
          method: 'PATCH',
          url: '/api/workspace',
          headers: { cookie: admin.cookie },
          payload: { timeZone: 'Europe/Lisbon' },
        })
      ).statusCode,
    ).toBe(200);
    await eventually(
      () =>
        tv
          .pushes()
          .slice(since)
          .some((m) => m.type === 'manifest'),
      'manifest with the new zone',
    );
    expect(tv.pushes().at(-1)!.manifest!.timeZone).toBe('Europe/Lisbon');

    since = tv.pushes().length;
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: `/api/device-groups/${group.id}`,
          headers: { cookie: a.user.cookie },
        })
      ).statusCode,
    ).toBe(204);
    expect(await tv.pushedCampaigns(since)).toEqual([]);
    tv.socket.terminate();
  });

  it('takes the campaign a TV says it plays in its status report', async () => {
    const a = await owner();
    const { token } = await makePairedDevice(t, { owner: a.user });
    const report = (payload: object) =>
      t.app.inject({ method: 'POST', url: '/api/tv/status', headers: { authorization: `Bearer ${token}` }, payload });
    const campaign = await makeCampaign(t, { owner: a.user });
    expect((await report({ state: 'playing', sessionId: 's1', campaignId: campaign.id })).statusCode).toBe(200);
    expect((await report({ state: 'playing', sessionId: 's1', campaignId: null })).statusCode).toBe(200);
    const bad = await report({ state: 'playing', campaignId: 'x' });
    expect(bad.statusCode).toBe(400);
  });
});
