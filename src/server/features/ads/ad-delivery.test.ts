import { describe, expect, it } from 'vitest';
import {
  adCampaignInput,
  makeAdPlays,
  makeAdvertiser,
  makeDevice,
  makePlaylist,
  makeWorkspace,
  signedInUser,
} from '../../test/factories';
import { useTestApp } from '../../test/test-app';

const HOUR = 60 * 60 * 1000;

/** docs/ads.md#delivery: an ad's answer carries its plays against the goal and a projection. */
describe('ad delivery (GET /api/campaigns, /api/campaigns/{id})', () => {
  const t = useTestApp();

  it('counts, the goal, and the projection at the last 24 hours’ rate; null on a regular campaign', async () => {
    const admin = await signedInUser(t.app, t.database, 'admin');
    const headers = { cookie: admin.cookie };
    const advertiser = await makeAdvertiser(t, { owner: admin });
    const playlist = await makePlaylist(t, { owner: admin });
    const screens = [await makeDevice(t, { owner: admin }), await makeDevice(t, { owner: admin })];
    const now = Date.now();
    const ad = (
      await t.app.inject({
        method: 'POST',
        url: '/api/campaigns',
        headers,
        payload: adCampaignInput(advertiser.id, playlist.id, { deviceIds: screens.map((d) => d.id) }, now),
      })
    ).json<{ id: number; delivery: unknown }>();
    expect(ad.delivery).toEqual({ counted: 0, goal: 1000, projection: 0, allowancePerScreen: 8 });
    const regular = (
      await t.app.inject({
        method: 'POST',
        url: '/api/campaigns',
        headers,
        payload: { name: 'Natal', playlistId: playlist.id, allDevices: true },
      })
    ).json<{ id: number; delivery: unknown }>();
    expect(regular.delivery).toBeNull();

    // 100 plays two days ago, 200 in the last 24 hours: 200 / 24 an hour over the ~50 hours left.
    await makeAdPlays(t.database, {
      campaignId: ad.id,
      count: 300,
      deviceIds: screens.map((d) => d.id),
      startedAt: (i) => new Date(now - (i < 100 ? 48 : 1) * HOUR),
    });
    const read = await t.app.inject({ method: 'GET', url: `/api/campaigns/${ad.id}`, headers });
    const { delivery } = read.json<{ delivery: { counted: number; goal: number; projection: number } }>();
    expect(delivery).toMatchObject({ counted: 300, goal: 1000 });
    expect(delivery.projection).toBeGreaterThanOrEqual(300 + Math.floor((200 / 24) * 49.5));
    expect(delivery.projection).toBeLessThanOrEqual(300 + Math.ceil((200 / 24) * 50.25));
    const list = (await t.app.inject({ method: 'GET', url: '/api/campaigns', headers })).json<
      Array<{ id: number; delivery: unknown }>
    >();
    expect(list.find((c) => c.id === ad.id)!.delivery).toEqual(delivery);
    expect(list.find((c) => c.id === regular.id)!.delivery).toBeNull();

    // 401 without a session; another workspace reads neither.
    expect((await t.app.inject({ method: 'GET', url: `/api/campaigns/${ad.id}` })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/campaigns' })).statusCode).toBe(401);
    const stranger = await signedInUser(t.app, t.database, 'admin', await makeWorkspace(t.database));
    const foreign = await t.app.inject({
      method: 'GET',
      url: `/api/campaigns/${ad.id}`,
      headers: { cookie: stranger.cookie },
    });
    expect(foreign.statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/campaigns', headers: { cookie: stranger.cookie } })).json(),
    ).toEqual([]);
  });

  it('an hourly goal makes the flight’s goal: plays per hour × the hours it plays', async () => {
    const admin = await signedInUser(t.app, t.database, 'admin');
    const headers = { cookie: admin.cookie };
    const advertiser = await makeAdvertiser(t, { owner: admin });
    const playlist = await makePlaylist(t, { owner: admin });
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/campaigns',
      headers,
      payload: adCampaignInput(advertiser.id, playlist.id, {
        allDevices: true,
        startDate: '2026-12-01T00:00:00-03:00',
        endDate: '2026-12-03T00:00:00-03:00',
        schedule: { weekdays: [0, 1, 2, 3, 4, 5, 6], startTime: '08:00', endTime: '12:00' },
        goalKind: 'per_hour',
        goalPlays: 30,
        capPerHour: 5,
      }),
    });
    expect(created.json().delivery).toMatchObject({ counted: 0, goal: 30 * 8, projection: 0 });
  });
});
