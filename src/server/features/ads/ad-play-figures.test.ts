import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adCampaignCounts, adPlayDays, adPlays, campaigns } from '../../db/schema';
import { eventually } from '../../test/eventually';
import { makeAdScene, makePairedDevice } from '../../test/factories';
import { useTestApp } from '../../test/test-app';
import { paceAd, paceAds } from './ad-pacing';

const MINUTE = 60_000;
const TZ = 'America/Sao_Paulo';

/**
 * What counting keeps of a play (docs/ads.md#counted-plays, #price-history, #pacing): the price in
 * force when it started, only on a screen the ad is aimed at, the daily roll-ups and running count,
 * and a flight goal reached ending the ad through the job queue.
 */
describe('counted plays: price history, aim, roll-ups, goal', () => {
  const t = useTestApp();
  const counted = () => t.database.db.select().from(adPlays).orderBy(adPlays.startedAt);

  it('prices a play sent late as when it started, not as when it arrived', async () => {
    const s = await makeAdScene(t);
    const before = new Date(Date.now() - 5 * MINUTE).toISOString();
    // Sure to be after the first price's row (the transaction's clock), before the second's.
    await t.database.db.execute(sql`update device_prices set valid_from = now() - interval '1 hour'`);
    expect((await s.priced(300, 35)).statusCode).toBe(200);
    // A TV offline across the change sends now a play of five minutes ago, and one of now.
    await s.send([s.play({ startedAt: before }), s.play({ startedAt: new Date().toISOString() })]);
    expect((await counted()).map((r) => [r.priceCents, r.audience])).toEqual([
      [150, 20],
      [300, 35],
    ]);
  });

  it("credits no partner once the screen's partner is removed", async () => {
    const s = await makeAdScene(t);
    await s.send([s.play({})]);
    const removed = await s.inject('DELETE', `/api/partners/${s.partner.id}`, {});
    expect(removed.statusCode, removed.body).toBe(204);
    await s.send([s.play({ startedAt: new Date().toISOString() })]);
    expect((await counted()).map((r) => r.partnerId)).toEqual([s.partner.id, null]);
  });

  it('counts nothing on a screen the ad is not aimed at, even when the TV names the ad', async () => {
    const s = await makeAdScene(t);
    const other = await makePairedDevice(t, { owner: s.admin });
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/tv/plays',
      headers: other.headers,
      payload: { plays: [s.play({})] },
    });
    expect(sent.json()).toEqual({ accepted: 1, duplicates: 0 });
    expect(await counted()).toEqual([]);
    await s.send([s.play({})]);
    expect(await counted()).toHaveLength(1);
  });

  it('adds counted plays to the daily roll-ups (plays, amount, audience) and the running count, once', async () => {
    const s = await makeAdScene(t);
    const batch = [s.play({}), s.play({}), s.play({ completed: false })];
    await s.send(batch);
    await s.send(batch);
    const days = await t.database.db.select().from(adPlayDays);
    expect(days).toEqual([
      expect.objectContaining({
        deviceId: s.tv.device.id,
        campaignId: s.campaign.id,
        advertiserId: s.advertiser.id,
        partnerId: s.partner.id,
        plays: 2,
        amountCents: 300,
        audience: 40,
      }),
    ]);
    const [count] = await t.database.db.select().from(adCampaignCounts);
    expect(count).toMatchObject({ campaignId: s.campaign.id, counted: 2 });
  });

  it('ends an ad as soon as its flight goal is reached, through the queue, not at the next hour', async () => {
    const s = await makeAdScene(t);
    const goal = await s.inject('PUT', `/api/campaigns/${s.campaign.id}`, { ...s.campaignBody, goalPlays: 3 });
    expect(goal.statusCode, goal.body).toBe(200);
    await s.send([s.play({}), s.play({})]);
    const row = async () => (await t.database.db.select().from(campaigns).where(eq(campaigns.id, s.campaign.id)))[0]!;
    const over = async () => (await row()).endDate!.getTime() <= Date.now();
    expect(await over()).toBe(false);
    await s.send([s.play({})]);
    await eventually(over, 'the ad ended at its goal');
    expect((await row()).adAllowance).toBe(0);
  });

  it('a save between the plan reading an ad and writing it wins: the plan does not end it on the old goal', async () => {
    const s = await makeAdScene(t);
    await s.send([s.play({}), s.play({})]);
    const row = async () => (await t.database.db.select().from(campaigns).where(eq(campaigns.id, s.campaign.id)))[0]!;
    const over = async () => (await row()).endDate!.getTime() <= Date.now();
    // The plan reads the ad at a goal of 2 (2 counted: reached); a save raises it to 50 before the plan writes.
    await t.database.db.update(campaigns).set({ goalPlays: 2 }).where(eq(campaigns.id, s.campaign.id));
    const stale = await row();
    const raised = await s.inject('PUT', `/api/campaigns/${s.campaign.id}`, { ...s.campaignBody, goalPlays: 50 });
    expect(raised.statusCode, raised.body).toBe(200);
    const bus = t.bus;
    expect(await paceAd({ db: t.database.db, bus }, stale, { counted: 2, timeZone: TZ })).toBe(false);
    expect(await over()).toBe(false);
    await paceAds({ db: t.database.db, bus });
    expect(await over()).toBe(false);
  });
});
