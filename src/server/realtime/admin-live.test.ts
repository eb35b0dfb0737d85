import { describe, expect, it } from 'vitest';
import type { AdminServerMessage } from '../../contract/realtime';
import * as api from '../test/api-factories';
import { tvHeaders } from '../test/api-factories';
import { noisePng, upload } from '../test/uploads';
import { injectClient, makeCampaign, makePlaylist, makeWorkspace, signedInUser } from '../test/factories';
import { openAdminSocket } from '../test/admin-socket';
import { eventually } from '../test/eventually';
import { useTestApp } from '../test/test-app';

/**
 * Issue 12 and docs/api.md#admin-channel: every change another person or process makes reaches the open screens
 * of the resource's workspace, users and admins alike, never another workspace's (its admins
 * included), and heartbeats arrive batched.
 */
describe('admin channel: live changes and batched heartbeats', () => {
  const t = useTestApp({
    tv: {
      flushIntervalMs: 50,
      offlineAfterMs: 60_000,
      pairing: { perAddressPerMinute: 1000, globalPerMinute: 1000, failureDelayMs: 10 },
    },
  });

  const connect = async (cookie: string) => {
    const socket = await openAdminSocket(t.app, cookie);
    await socket.next('connected');
    return socket;
  };
  /** A workspace with a user, a teammate and an admin; another workspace with a user and an admin. */
  const people = async () => {
    const owner = await signedInUser(t.app, t.database);
    const teammate = await signedInUser(t.app, t.database);
    const admin = await signedInUser(t.app, t.database, 'admin');
    const elsewhere = await makeWorkspace(t.database);
    const other = await signedInUser(t.app, t.database, 'user', elsewhere);
    const otherAdmin = await signedInUser(t.app, t.database, 'admin', elsewhere);
    const sockets = await Promise.all([owner, teammate, admin, other, otherAdmin].map((u) => connect(u.cookie)));
    const [ownerIn, teammateIn, adminIn, otherIn, otherAdminIn] = sockets as [
      (typeof sockets)[0],
      (typeof sockets)[0],
      (typeof sockets)[0],
      (typeof sockets)[0],
      (typeof sockets)[0],
    ];
    return {
      owner,
      teammate,
      admin,
      other,
      ownerIn,
      teammateIn,
      adminIn,
      otherIn,
      otherAdminIn,
      close: () => sockets.forEach((c) => c.ws.terminate()),
    };
  };
  /** An event is sent to every socket in one pass: once these have all answered, each has what it was sent. */
  const roundTrips = (...sockets: Array<{ roundTrip: () => Promise<void> }>) =>
    Promise.all(sockets.map((s) => s.roundTrip()));
  /** The other workspace's screens heard nothing but their greeting; then every socket closes. */
  const nothingElsewhere = async (p: Awaited<ReturnType<typeof people>>) => {
    await roundTrips(p.otherIn, p.otherAdminIn);
    expect(p.otherIn.received.map((m) => m.type)).toEqual(['connected']);
    expect(p.otherAdminIn.received.map((m) => m.type)).toEqual(['connected']);
    p.close();
  };
  const newDevice = (cookie: string, authCode: string, name = 'TV Vitrine') =>
    t.app.inject({
      method: 'POST',
      url: '/api/devices',
      headers: { cookie },
      payload: { name, location: 'Loja', resolution: '1920x1080', authCode },
    });

  it("announces a device created, edited and removed, with the device itself, to its workspace's screens only", async () => {
    const p = await people();
    const created = (await newDevice(p.owner.cookie, '111222')).json();
    expect((await p.ownerIn.next('device_changed', (m) => m.device.id === created.id)).device).toEqual(created);
    expect((await p.teammateIn.next('device_changed', (m) => m.device.id === created.id)).device).toEqual(created);
    expect((await p.adminIn.next('device_changed', (m) => m.device.id === created.id)).device).toEqual(created);

    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/devices/${created.id}`,
      headers: { cookie: p.teammate.cookie },
      payload: { name: 'TV Balcão', location: 'Loja', resolution: '1920x1080', authCode: '111222' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    await p.ownerIn.next('device_changed', (m) => m.device.name === 'TV Balcão');

    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/devices/${created.id}`, headers: { cookie: p.owner.cookie } }))
        .statusCode,
    ).toBe(204);
    expect(await p.ownerIn.next('device_removed')).toEqual({ type: 'device_removed', deviceId: created.id });
    await p.adminIn.next('device_removed');
    await roundTrips(p.otherIn, p.otherAdminIn);
    expect(p.otherIn.received.filter((m) => m.type.startsWith('device_'))).toEqual([]);
    expect(p.otherAdminIn.received.filter((m) => m.type.startsWith('device_'))).toEqual([]);
    p.close();
  });

  it('announces groups, media and a removed playlist', async () => {
    const p = await people();
    const headers = { cookie: p.owner.cookie };
    const group = (
      await t.app.inject({ method: 'POST', url: '/api/device-groups', headers, payload: { name: 'Lojas' } })
    ).json();
    expect(await p.ownerIn.next('device_group_update')).toEqual({ type: 'device_group_update', groupId: group.id });
    await t.app.inject({
      method: 'PATCH',
      url: `/api/device-groups/${group.id}`,
      headers,
      payload: { name: 'Filiais' },
    });
    await t.app.inject({ method: 'DELETE', url: `/api/device-groups/${group.id}`, headers });
    expect(await p.adminIn.next('device_group_removed')).toEqual({ type: 'device_group_removed', groupId: group.id });

    const image = (
      await upload(t.app, p.owner.cookie, {
        content: await noisePng(32, 24),
        filename: 'a.png',
        contentType: 'image/png',
      })
    ).json();
    expect(await p.ownerIn.next('media_update')).toEqual({ type: 'media_update', mediaId: image.id });
    const playlist = (
      await t.app.inject({
        method: 'POST',
        url: '/api/playlists',
        headers,
        payload: { name: 'P', items: [{ mediaId: image.id, duration: 5 }] },
      })
    ).json();
    await t.app.inject({ method: 'DELETE', url: `/api/playlists/${playlist.id}`, headers });
    expect(await p.adminIn.next('playlist_removed')).toEqual({ type: 'playlist_removed', playlistId: playlist.id });
    await t.app.inject({ method: 'DELETE', url: `/api/media/${image.id}`, headers });
    expect(await p.ownerIn.next('media_removed')).toEqual({ type: 'media_removed', mediaId: image.id });
    await p.teammateIn.next('media_removed');

    await nothingElsewhere(p);
  });

  it('announces each campaign change as campaign_update or campaign_removed with its id, never as playlist_update', async () => {
    const p = await people();
    const playlist = await makePlaylist(t, { owner: p.owner });
    await p.ownerIn.next('playlist_update', (m) => m.playlistId === playlist.id);
    await roundTrips(p.ownerIn, p.teammateIn, p.adminIn);
    for (const screen of [p.ownerIn, p.teammateIn, p.adminIn]) screen.received.length = 0;

    const client = injectClient(t.app, p.teammate.cookie);
    const campaign = await makeCampaign(t, { owner: p.owner, playlistId: playlist.id, allDevices: true });
    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/campaigns/${campaign.id}`,
      headers: { cookie: p.teammate.cookie },
      payload: { name: 'Verão', playlistId: playlist.id, allDevices: true },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    await api.setCampaignStatus(client, campaign.id, 'published');
    await api.endCampaign(client, campaign.id);
    const emergency = await api.createEmergency(client, { playlistId: playlist.id, allDevices: true });
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: `/api/campaigns/${campaign.id}`,
          headers: { cookie: p.admin.cookie },
        })
      ).statusCode,
    ).toBe(204);

    const update = (campaignId: number) => ({ type: 'campaign_update', campaignId });
    const expected = [
      update(campaign.id), // created
      update(campaign.id), // edited
      update(campaign.id), // published
      update(campaign.id), // ended
      update(emergency.id),
      { type: 'campaign_removed', campaignId: campaign.id },
    ];
    await roundTrips(p.ownerIn, p.teammateIn, p.adminIn);
    for (const screen of [p.ownerIn, p.teammateIn, p.adminIn])
      expect(screen.received.filter((m) => m.type.startsWith('campaign_') || m.type.startsWith('playlist_'))).toEqual(
        expected,
      );
    await nothingElsewhere(p);
  });

  it('tells the history of entries no other message tells of (users, API keys, sign-ins), to the workspace only', async () => {
    const p = await people();
    const headers = { cookie: p.admin.cookie };
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers,
      payload: { username: 'bia', email: 'bia@exemplo.com.br', password: 'senha-segura-123', role: 'user' },
    });
    expect(created.statusCode, created.body).toBe(201);
    await p.ownerIn.next('history_update');
    p.ownerIn.received.length = 0;
    const key = await t.app.inject({
      method: 'POST',
      url: '/api/api-keys',
      headers,
      payload: { name: 'Integração', permissions: { devices: 'read' } },
    });
    expect(key.statusCode, key.body).toBe(201);
    await p.ownerIn.next('history_update');
    p.ownerIn.received.length = 0;
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'bia@exemplo.com.br', password: 'senha-segura-123' },
    });
    expect(login.statusCode, login.body).toBe(200);
    expect(await p.teammateIn.next('history_update')).toEqual({ type: 'history_update' });
    await p.ownerIn.next('history_update');

    await nothingElsewhere(p);
  });

  it("announces a change of the workspace's time zone to its screens only", async () => {
    const p = await people();
    const changed = await t.app.inject({
      method: 'PATCH',
      url: '/api/workspace',
      headers: { cookie: p.admin.cookie },
      payload: { timeZone: 'America/Manaus' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    for (const screen of [p.ownerIn, p.teammateIn, p.adminIn])
      expect(await screen.next('workspace_update')).toEqual({ type: 'workspace_update' });
    await nothingElsewhere(p);
  });

  it("sends heartbeats as one batch per flush, each socket only its workspace's devices", async () => {
    const p = await people();
    const pair = async (cookie: string, code: string) => {
      const device = (await newDevice(cookie, code)).json();
      const { token } = (await t.app.inject({ method: 'POST', url: '/api/tv/authenticate', payload: { code } })).json();
      return { id: device.id as number, token: token as string };
    };
    const mine = [await pair(p.owner.cookie, '300001'), await pair(p.owner.cookie, '300002')];
    const theirs = await pair(p.other.cookie, '300003');
    await roundTrips(p.ownerIn, p.teammateIn, p.adminIn, p.otherIn, p.otherAdminIn);
    const batchesOf = (c: { received: AdminServerMessage[] }) =>
      c.received.flatMap((m) => (m.type === 'device_heartbeats' ? [m.beats] : []));
    const before = {
      owner: batchesOf(p.ownerIn).length,
      teammate: batchesOf(p.teammateIn).length,
      other: batchesOf(p.otherIn).length,
      admin: batchesOf(p.adminIn).length,
      otherAdmin: batchesOf(p.otherAdminIn).length,
    };
    const idsAfter = (c: { received: AdminServerMessage[] }, from: number) =>
      [
        ...new Set(
          batchesOf(c)
            .slice(from)
            .flat()
            .map((b) => b.deviceId),
        ),
      ].sort();

    // Nine heartbeats at once: they land in one flush (or straddle two at most).
    await Promise.all(
      [...mine, theirs, ...mine, theirs, ...mine, theirs].map((d) =>
        t.app.inject({ method: 'POST', url: '/api/tv/heartbeat', headers: tvHeaders(d.token) }),
      ),
    );
    const sorted = (ids: number[]) => [...ids].sort();
    const arrived = () =>
      idsAfter(p.adminIn, before.admin).length === 2 && idsAfter(p.otherAdminIn, before.otherAdmin).length === 1;
    await eventually(arrived, 'the heartbeat batches of both workspaces', 3000);
    expect(idsAfter(p.adminIn, before.admin)).toEqual(sorted(mine.map((d) => d.id)));
    await roundTrips(p.ownerIn, p.teammateIn, p.adminIn, p.otherIn, p.otherAdminIn);
    expect(idsAfter(p.ownerIn, before.owner)).toEqual(sorted(mine.map((d) => d.id)));
    expect(idsAfter(p.teammateIn, before.teammate)).toEqual(sorted(mine.map((d) => d.id)));
    expect(idsAfter(p.adminIn, before.admin)).toEqual(sorted(mine.map((d) => d.id)));
    expect(idsAfter(p.otherIn, before.other)).toEqual([theirs.id]);
    expect(idsAfter(p.otherAdminIn, before.otherAdmin)).toEqual([theirs.id]);
    // Batched: the workspace's six beats came in a few messages (one per flush the beats
    // straddled on a busy machine), not one each.
    expect(batchesOf(p.ownerIn).length - before.owner).toBeLessThan(6);
    expect(batchesOf(p.adminIn).length - before.admin).toBeLessThan(6);
    expect(
      batchesOf(p.adminIn)
        .flat()
        .every((b) => !Number.isNaN(Date.parse(b.timestamp))),
    ).toBe(true);
    expect([...p.ownerIn.received, ...p.adminIn.received].some((m) => m.type === 'device_heartbeat')).toBe(false);
    p.close();
  });
});
