import { describe, expect, it } from 'vitest';
import type { Manifest } from '../../../contract/tv';
import { eventually as poll } from '../../test/eventually';
import {
  adCampaignInput,
  makeAdPlays,
  makeAdvertiser,
  makeCampaign,
  makeMedia,
  makePairedDevice,
  makePlaylist,
  signedInUser,
} from '../../test/factories';
import { useTestApp } from '../../test/test-app';
import { openTvSocket } from '../../test/tv-socket';
import { paceAds } from './ad-pacing';

const eventually = (condition: () => boolean | Promise<boolean>, what?: string) => poll(condition, what, 15_000);
const HOUR = 60 * 60 * 1000;

/** docs/ads.md#manifest: a TV's manifest carries its ads apart from its campaigns, with cap and allowance. */
describe('ads in the TV manifest', () => {
  const t = useTestApp({
    tv: {
      flushIntervalMs: 1000,
      offlineAfterMs: 45_000,
      pairing: { perAddressPerMinute: 1000, globalPerMinute: 1000, failureDelayMs: 0 },
    },
  });

  it('carries the ads aimed at the screen in `ads` (never in `campaigns`), and a new allowance reaches it', async () => {
    const admin = await signedInUser(t.app, t.database, 'admin');
    const advertiser = await makeAdvertiser(t, { owner: admin });
    const image = await makeMedia(t, { owner: admin });
    const fallback = await makePlaylist(t, { owner: admin, name: 'Padrão', items: [image.id] });
    const creatives = await makePlaylist(t, { owner: admin, name: 'Pão de queijo', items: [image.id] });
    const screen = async () => {
      const { device, token } = await makePairedDevice(t, { owner: admin, playlists: [fallback.id] });
      const tv = await openTvSocket<Manifest>(t.app, token);
      return { device, ...tv, manifest: async () => (await tv.content()).json() as Manifest };
    };
    const aimed = await screen();
    const other = await screen();
    const now = Date.now();
    const ad = await makeCampaign(t, {
      owner: admin,
      ...adCampaignInput(
        advertiser.id,
        creatives.id,
        { deviceIds: [aimed.device.id], goalPlays: 1050, capPerHour: 12, zones: ['principal'] },
        // The flight: from an hour ago for 100 hours.
        now + 49 * HOUR,
      ),
    });
    const regular = await makeCampaign(t, { owner: admin, status: 'published', allDevices: true });

    await eventually(async () => {
      const { ads, campaigns } = await aimed.manifest();
      return !!ads && campaigns.length > 0;
    }, 'the ad and the campaign in the manifest');
    const manifest = await aimed.manifest();
    expect(manifest.campaigns.map((c) => c.id)).toEqual([regular.id]);
    // 1,050 plays over 99 to 101 hours left (by the minute) on one screen: 11 this hour, within the cap of 12.
    expect(manifest.ads).toEqual([
      expect.objectContaining({
        id: ad.id,
        name: 'Pão de queijo',
        status: 'published',
        zones: ['principal'],
        capPerHour: 12,
        allowance: 11,
        playlist: expect.objectContaining({
          playlistId: creatives.id,
          items: [expect.objectContaining({ mediaId: image.id })],
        }),
      }),
    ]);
    expect(manifest.ads![0]!.playlist.items[0]!.url).toContain(`device=${aimed.device.id}&`);
    expect((await other.manifest()).ads).toBeUndefined();

    // Far ahead (150 left): the next hourly plan allows 2, and the TV is told.
    const since = aimed.pushes().length;
    await makeAdPlays(t.database, {
      campaignId: ad.id,
      count: 900,
      deviceIds: [aimed.device.id],
      startedAt: new Date(now - HOUR / 2),
    });
    expect(await paceAds({ db: t.database.db, bus: t.bus })).toEqual([ad.id]);
    await eventually(
      () =>
        aimed
          .pushes()
          .slice(since)
          .some((m) => m.type === 'manifest' && m.manifest?.ads?.[0]?.allowance === 2),
      'the new allowance pushed',
    );
    for (const tv of [aimed, other]) tv.socket.terminate();
  });
});
