import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adCampaignMessages } from '../../../contract/ad-campaigns';
import { campaignMessages } from '../../../contract/campaigns';
import { campaigns } from '../../db/schema';
import { makeDevice, makePlaylist, makeWorkspace, signedInUser } from '../../test/factories';
import { useTestApp } from '../../test/test-app';

/** docs/ads.md#ad-campaigns: an ad goes through /api/campaigns with `type: "ad"`. */
describe('ad campaigns (/api/campaigns, type "ad")', () => {
  const t = useTestApp();

  async function setup(workspaceId?: number) {
    const admin = await signedInUser(t.app, t.database, 'admin', workspaceId);
    const headers = { cookie: admin.cookie };
    const advertiser = (
      await t.app.inject({ method: 'POST', url: '/api/advertisers', headers, payload: { name: 'Padaria' } })
    ).json<{ id: number }>();
    const playlist = await makePlaylist(t, { owner: admin });
    const device = await makeDevice(t, { owner: admin });
    const ad = {
      name: 'Pão de queijo',
      type: 'ad',
      advertiserId: advertiser.id,
      playlistId: playlist.id,
      deviceIds: [device.id],
      startDate: '2026-12-01T00:00:00-03:00',
      endDate: '2026-12-31T00:00:00-03:00',
      goalKind: 'flight',
      goalPlays: 1000,
      capPerHour: 4,
      zones: ['principal'],
    };
    return { admin, headers, advertiser, playlist, device, ad };
  }
  const post = (headers: Record<string, string>, payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/campaigns', headers, payload });

  it('creates, reads and updates an ad; a regular campaign answers its ad fields null', async () => {
    const { headers, advertiser, ad } = await setup();
    const created = await post(headers, ad);
    expect(created.statusCode).toBe(201);
    const campaign = created.json();
    expect(campaign).toMatchObject({
      type: 'ad',
      advertiserId: advertiser.id,
      goalKind: 'flight',
      goalPlays: 1000,
      capPerHour: 4,
      priority: 'normal',
    });
    expect((await t.app.inject({ method: 'GET', url: `/api/campaigns/${campaign.id}`, headers })).json()).toEqual(
      campaign,
    );
    const updated = await t.app.inject({
      method: 'PUT',
      url: `/api/campaigns/${campaign.id}`,
      headers,
      payload: { ...ad, goalKind: 'per_hour', goalPlays: 30, capPerHour: 2 },
    });
    expect(updated.json()).toMatchObject({ type: 'ad', goalKind: 'per_hour', goalPlays: 30, capPerHour: 2 });

    const { advertiserId: _a, goalKind: _g, goalPlays: _p, capPerHour: _c, type: _t, ...plain } = ad;
    const regular = await post(headers, { ...plain, name: 'Natal', goalPlays: 5 });
    expect(regular.json()).toMatchObject({
      type: 'regular',
      advertiserId: null,
      goalKind: null,
      goalPlays: null,
      capPerHour: null,
    });
  });

  it('refuses bad ads with 400 and a pt-BR message on the field, saving nothing', async () => {
    const { headers, ad } = await setup();
    const cases: Array<[object, string, string]> = [
      [{ goalPlays: -5 }, 'goalPlays', adCampaignMessages.goalInvalid],
      [{ goalPlays: 0 }, 'goalPlays', adCampaignMessages.goalInvalid],
      [{ goalPlays: 2.5 }, 'goalPlays', adCampaignMessages.goalInvalid],
      [{ goalPlays: null }, 'goalPlays', adCampaignMessages.goalInvalid],
      [{ capPerHour: 0 }, 'capPerHour', adCampaignMessages.capInvalid],
      [{ capPerHour: undefined }, 'capPerHour', adCampaignMessages.capInvalid],
      [{ endDate: '2026-11-30T00:00:00-03:00' }, 'endDate', campaignMessages.endBeforeStart],
      [{ endDate: null }, 'endDate', adCampaignMessages.flightRequired],
      [{ startDate: '' }, 'startDate', adCampaignMessages.flightRequired],
      [{ advertiserId: null }, 'advertiserId', adCampaignMessages.advertiserRequired],
      [{ goalKind: 'semana' }, 'goalKind', adCampaignMessages.goalKindRequired],
      [{ priority: 'emergency', zones: null }, 'priority', adCampaignMessages.noEmergency],
      [{ type: 'banner' }, 'type', adCampaignMessages.typeInvalid],
    ];
    for (const [change, field, message] of cases) {
      const res = await post(headers, { ...ad, ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      const body = res.json();
      expect(body.code).toBe('VALIDATION_ERROR');
      expect(body.issues, JSON.stringify(change)).toContainEqual(expect.objectContaining({ path: [field], message }));
    }
    expect(await t.database.db.select().from(campaigns)).toEqual([]);
  });

  it("refuses another workspace's advertiser (400 on the field), answers 401 without a session and 404 across workspaces", async () => {
    const mine = await setup();
    const theirs = await setup(await makeWorkspace(t.database));
    const foreign = await post(mine.headers, { ...mine.ad, advertiserId: theirs.advertiser.id });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toMatchObject({
      code: 'ADVERTISER_NOT_FOUND',
      message: adCampaignMessages.advertiserNotFound,
      issues: [{ path: ['advertiserId'] }],
    });
    expect((await post({}, mine.ad)).statusCode).toBe(401);
    const created = (await post(theirs.headers, theirs.ad)).json<{ id: number }>();
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const res = await t.app.inject({
        method,
        url: `/api/campaigns/${created.id}`,
        headers: mine.headers,
        ...(method === 'PUT' ? { payload: mine.ad } : {}),
      });
      expect(res.statusCode, method).toBe(404);
    }
    // Their ad is untouched by the refused PUT and DELETE.
    const [kept] = await t.database.db.select().from(campaigns).where(eq(campaigns.id, created.id));
    expect(kept).toMatchObject({ name: theirs.ad.name, advertiserId: theirs.advertiser.id });
  });

  it('an advertiser with campaigns cannot be removed (409 naming them); without, it can', async () => {
    const { headers, advertiser, ad } = await setup();
    const campaign = (await post(headers, ad)).json<{ id: number }>();
    const refused = await t.app.inject({ method: 'DELETE', url: `/api/advertisers/${advertiser.id}`, headers });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(adCampaignMessages.advertiserHasCampaigns(['Pão de queijo']));
    await t.app.inject({ method: 'DELETE', url: `/api/campaigns/${campaign.id}`, headers });
    // Five campaigns: the first three are named, and how many more.
    const five = [];
    for (const n of [1, 2, 3, 4, 5])
      five.push((await post(headers, { ...ad, name: `Anúncio ${n}` })).json<{ id: number }>());
    const many = await t.app.inject({ method: 'DELETE', url: `/api/advertisers/${advertiser.id}`, headers });
    expect(many.json().message).toBe(
      'Este anunciante tem campanhas de anúncio (Anúncio 1, Anúncio 2, Anúncio 3 e mais 2): remova-as antes de remover o anunciante',
    );
    for (const { id } of five) await t.app.inject({ method: 'DELETE', url: `/api/campaigns/${id}`, headers });
    const removed = await t.app.inject({ method: 'DELETE', url: `/api/advertisers/${advertiser.id}`, headers });
    expect(removed.statusCode).toBe(204);
    // The API's description says so.
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(Object.keys(doc.paths['/api/advertisers/{id}'].delete.responses)).toContain('409');
    expect(Object.keys(doc.paths['/api/partners/{id}'].delete.responses)).toContain('409');
  });
});
