import { asc } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adPlays, plays } from '../../db/schema';
import { makeAdScene, makeWorkspace } from '../../test/factories';
import { useTestApp } from '../../test/test-app';

const HOUR = 60 * 60 * 1000;

/** docs/ads.md#counted-plays: a play counts for an ad when it ran to its end, priced as it was then. */
describe('counted plays of ad campaigns (POST /api/tv/plays)', () => {
  const t = useTestApp();

  const setup = (workspaceId?: number) => makeAdScene(t, workspaceId);
  const counted = () => t.database.db.select().from(adPlays).orderBy(asc(adPlays.startedAt));

  it('counts a play that ran to its end within 0.5 s, once, with the partner, price and audience of then', async () => {
    const s = await setup();
    const full = [
      s.play({ mediaId: s.video.id, durationMs: 15_400, startedAt: new Date(Date.now() - 50 * 60_000).toISOString() }),
      s.play({ durationMs: 9_600, startedAt: new Date(Date.now() - 40 * 60_000).toISOString() }),
    ];
    const cut = [
      s.play({ completed: false }),
      s.play({ mediaId: s.video.id, durationMs: 8_000 }),
      s.play({ durationMs: 10_600 }),
      s.play({ durationMs: 9_000 }),
    ];
    expect((await s.send([...full, ...cut])).json()).toEqual({ accepted: 6, duplicates: 0 });
    // Sent again (the answer lost): nothing counts twice.
    expect((await s.send(full)).json()).toEqual({ accepted: 0, duplicates: 2 });
    const first = await counted();
    expect(first).toHaveLength(2);
    expect(first[0]).toMatchObject({
      campaignId: s.campaign.id,
      advertiserId: s.advertiser.id,
      deviceId: s.tv.device.id,
      partnerId: s.partner.id,
      priceCents: 150,
      audience: 20,
      startedAt: new Date(full[0]!.startedAt),
    });

    // The price changes mid-flight: later plays pay the new one, earlier ones keep theirs.
    const changed = await s.priced(300, 35);
    expect(changed.statusCode).toBe(200);
    await s.send([s.play({})]);
    expect((await counted()).map((r) => [r.priceCents, r.audience])).toEqual([
      [150, 20],
      [150, 20],
      [300, 35],
    ]);
  });

  it("reads a video's length as stored, in whole seconds: half a second more either way; a paused ad counts nothing", async () => {
    const s = await setup();
    // 15 s stored is 14.5–15.5 s of real video, so 15.9 s may be a whole play (15.5 s + 0.4 s late).
    await s.send([
      s.play({ mediaId: s.video.id, durationMs: 15_900 }),
      s.play({ mediaId: s.video.id, durationMs: 16_100 }),
    ]);
    expect((await counted()).map((r) => r.campaignId)).toEqual([s.campaign.id]);
    const paused = await s.inject('PATCH', `/api/campaigns/${s.campaign.id}/status`, { status: 'paused' });
    expect(paused.statusCode, paused.body).toBe(200);
    await s.send([s.play({})]);
    expect(await counted()).toHaveLength(1);
  });

  it("does not count a regular campaign's play, another workspace's ad named in a play, nor a play outside the flight", async () => {
    const mine = await setup();
    const theirs = await setup(await makeWorkspace(t.database));
    const regular = (
      await mine.inject('POST', '/api/campaigns', { name: 'Natal', playlistId: mine.playlist.id, allDevices: true })
    ).json<{ id: number }>();
    const sent = await mine.send([
      mine.play({ campaignId: regular.id }),
      mine.play({ campaignId: theirs.campaign.id, playlistId: theirs.playlist.id, mediaId: theirs.image.id }),
      mine.play({ campaignId: theirs.campaign.id }),
      mine.play({ startedAt: new Date(Date.now() - 25 * HOUR).toISOString() }),
    ]);
    expect(sent.json()).toEqual({ accepted: 4, duplicates: 0 });
    expect(await t.database.db.select().from(plays)).toHaveLength(4);
    expect(await counted()).toEqual([]);
  });
});
