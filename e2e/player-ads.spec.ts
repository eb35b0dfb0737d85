import { expect, test } from '@playwright/test';
import type { Campaign } from '../src/contract/campaigns';
import type { PlayRecord } from '../src/contract/plays';
import { apiSignIn, assignPlaylists, createCampaign, createDevice, createPlaylist, uploadImage } from './api';
import { AD_LOG_SCRIPT, pairedPlayer, shownLog as shown } from './player-screen';
import { createIsolatedUser, unique } from './support';

/**
 * Issue 27 with the real player (docs/ads.md#placement): a paired TV places a published ad in its
 * zone's loop, after its own items and never instead of them, and the server counts the ad's
 * completed plays (`delivery.counted`). What the window shows is logged in the page on every
 * change of `data-media-id` / `data-ad-id`, so the test asserts the order of what played.
 */

const SIZE = { width: 320, height: 180 };

test('a paired player plays an ad between its own items and the server counts its plays', async ({
  browser,
  request,
}) => {
  test.setTimeout(60_000);
  await apiSignIn(request, await createIsolatedUser(request, 'admin'));
  const tag = unique('ad');
  const red = await uploadImage(request, `${tag}-vermelho.png`, '#dc2626', SIZE);
  const blue = await uploadImage(request, `${tag}-azul.png`, '#1d4ed8', SIZE);
  const green = await uploadImage(request, `${tag}-verde.png`, '#16a34a', SIZE);
  const own = await createPlaylist(request, `Loja ${tag}`, [
    { mediaId: red.id, duration: 2 },
    { mediaId: blue.id, duration: 2 },
  ]);
  const creatives = await createPlaylist(request, `Anúncio ${tag}`, [{ mediaId: green.id, duration: 2 }]);
  const device = await createDevice(request, { name: `TV Anúncio ${tag}`, location: 'Loja' });
  await assignPlaylists(request, device.id, own.id);
  const advertiser = await request.post('/api/advertisers', { data: { name: `Padaria ${tag}` } });
  expect(advertiser.status(), await advertiser.text()).toBe(201);
  // A flight begun a minute ago, a goal far above what the test plays and the highest cap: the
  // pacing allows about one play a second, so the ad is due after each of the screen's items.
  const second = Math.floor(Date.now() / 1000) * 1000;
  const ad = await createCampaign(request, {
    name: `Pão de queijo ${tag}`,
    type: 'ad',
    advertiserId: ((await advertiser.json()) as { id: number }).id,
    goalKind: 'flight',
    goalPlays: 10_000,
    capPerHour: 3600,
    playlistId: creatives.id,
    deviceIds: [device.id],
    startDate: new Date(second - 60_000).toISOString(),
    endDate: new Date(second + 2 * 3_600_000).toISOString(),
    status: 'published',
  });

  const { context, page } = await pairedPlayer(browser, device.authCode, SIZE, { initScript: AD_LOG_SCRIPT });
  const sent: PlayRecord[] = [];
  page.on('request', (req) => {
    if (req.method() === 'POST' && req.url().endsWith('/api/tv/plays'))
      sent.push(...(req.postDataJSON() as { plays: PlayRecord[] }).plays);
  });
  const win = page.locator('[data-window="0"]');
  // The ad's creative on screen, in the zone of the screen's own playlist (not taken over).
  await expect(win).toHaveAttribute('data-ad-id', String(ad.id), { timeout: 15_000 });
  await expect(win).toHaveAttribute('data-media-id', String(green.id));
  await expect(win).toHaveAttribute('data-source', 'playlist');
  // Two ads played whole: each between two of the screen's items, which go on in their order.
  const adEntry = `${green.id}:${ad.id}`;
  await expect
    .poll(async () => (await shown(page)).filter((e) => e === adEntry).length, { timeout: 20_000 })
    .toBeGreaterThanOrEqual(3);
  const log = await shown(page);
  const order = log.map((e) => (e === adEntry ? 'ad' : e === `${red.id}:` ? 'red' : e === `${blue.id}:` ? 'blue' : e));
  const firstAd = order.indexOf('ad');
  expect(firstAd).toBeGreaterThan(0);
  const around = order.slice(firstAd - 1, firstAd + 4);
  expect([
    ['red', 'ad', 'blue', 'ad', 'red'],
    ['blue', 'ad', 'red', 'ad', 'blue'],
  ]).toContainEqual(around);

  // Recarregar: the player stores what it showed, reloads and sends it as it connects (not at the
  // next 30 s round); the server counts the ad's completed plays of its creative's duration.
  const reload = await request.post(`/api/devices/${device.id}/reload`);
  expect(reload.status(), await reload.text()).toBe(202);
  const counted = async () =>
    ((await (await request.get(`/api/campaigns/${ad.id}`)).json()) as Campaign).delivery?.counted ?? 0;
  await expect.poll(counted, { timeout: 20_000 }).toBeGreaterThanOrEqual(2);
  const adPlays = sent.filter((p) => p.campaignId === ad.id);
  for (const play of adPlays) expect(play).toMatchObject({ mediaId: green.id, playlistId: creatives.id, window: 0 });
  const whole = adPlays.filter((p) => p.completed && Math.abs(p.durationMs - 2000) <= 500);
  expect(await counted()).toBe(whole.length);
  // The screen's own items are sent as before: no campaign.
  expect(sent.filter((p) => p.mediaId !== green.id).every((p) => p.campaignId === null)).toBe(true);
  await context.close();
});
