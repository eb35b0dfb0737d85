import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { CampaignInput } from '../../../contract/campaigns';
import { campaignState } from '../../../contract/schedule';
import { campaigns } from '../../db/schema';
import {
  adCampaignInput,
  makeAdPlays,
  makeAdvertiser,
  makeDevice,
  makePlaylist,
  signedInUser,
} from '../../test/factories';
import { useTestApp } from '../../test/test-app';
import { paceAds } from './ad-pacing';

const HOUR = 60 * 60 * 1000;

/** docs/ads.md#pacing: planned at each save and every hour from the counted plays; ended at the goal. */
describe('ad pacing', () => {
  const t = useTestApp();

  /** A published ad of 1,000 plays over 100 hours (all day), on 2 screens, cap 8, started 50 hours ago. */
  async function setup(fields: Partial<CampaignInput> = {}) {
    const admin = await signedInUser(t.app, t.database, 'admin');
    const headers = { cookie: admin.cookie };
    const advertiser = await makeAdvertiser(t, { owner: admin });
    const playlist = await makePlaylist(t, { owner: admin });
    const screens = [await makeDevice(t, { owner: admin }), await makeDevice(t, { owner: admin })];
    const now = Date.now();
    const body = adCampaignInput(advertiser.id, playlist.id, { deviceIds: screens.map((d) => d.id), ...fields }, now);
    const created = await t.app.inject({ method: 'POST', url: '/api/campaigns', headers, payload: body });
    expect(created.statusCode).toBe(201);
    const campaign = created.json<{ id: number }>();
    const row = async () => (await t.database.db.select().from(campaigns).where(eq(campaigns.id, campaign.id)))[0]!;
    const count = (n: number) =>
      makeAdPlays(t.database, {
        campaignId: campaign.id,
        count: n,
        deviceIds: [screens[0]!.id],
        startedAt: new Date(now - HOUR),
      });
    return { headers, body, campaign, row, count, screens };
  }
  const changed = (id: number) => t.events.filter((e) => e.type === 'campaign.changed' && e.campaignId === id);

  it('plans the allowance when an ad is saved, and a regular campaign has none', async () => {
    const { row, headers, body } = await setup();
    // 1,000 plays over about 51 hours left (this one included) on 2 screens: 10 a screen, capped at 8.
    expect((await row()).adAllowance).toBe(8);
    const regular = await t.app.inject({
      method: 'POST',
      url: '/api/campaigns',
      headers,
      payload: { name: 'Natal', playlistId: body.playlistId, allDevices: true },
    });
    const [plain] = await t.database.db.select().from(campaigns).where(eq(campaigns.id, regular.json().id));
    expect(plain!.adAllowance).toBeNull();
  });

  it('re-plans hourly from the counted plays: ahead, fewer; announced only when it moves', async () => {
    const { campaign, row, count } = await setup();
    await count(900);
    const before = changed(campaign.id).length;
    expect(await paceAds({ db: t.database.db, bus: t.bus })).toEqual([campaign.id]);
    // 100 left over about 51 hours on 2 screens: 1 a screen.
    expect((await row()).adAllowance).toBe(1);
    expect(changed(campaign.id)).toHaveLength(before + 1);
    expect(await paceAds({ db: t.database.db, bus: t.bus })).toEqual([]);
    expect(changed(campaign.id)).toHaveLength(before + 1);
  });

  it('ends an ad at its goal: allowance 0, end date now, state ended', async () => {
    const { campaign, row, count } = await setup();
    await count(1000);
    const now = new Date();
    expect(await paceAds({ db: t.database.db, bus: t.bus }, now)).toEqual([campaign.id]);
    const ended = await row();
    expect(ended).toMatchObject({ adAllowance: 0, endDate: now });
    const fields = {
      ...ended,
      startDate: ended.startDate!.toISOString(),
      endDate: ended.endDate!.toISOString(),
      createdAt: ended.createdAt.toISOString(),
      schedule: { weekdays: ended.weekdays, startTime: ended.startTime, endTime: ended.endTime },
    };
    expect(campaignState(fields, new Date(now.getTime() + 1), 'America/Sao_Paulo')).toBe('ended');
    // Over: the next hour passes it by.
    expect(await paceAds({ db: t.database.db, bus: t.bus }, new Date(now.getTime() + HOUR))).toEqual([]);
  });

  it('an hourly goal is its share per screen within the cap', async () => {
    const { row } = await setup({ goalKind: 'per_hour', goalPlays: 9, capPerHour: 4 });
    expect((await row()).adAllowance).toBe(4);
  });
});
