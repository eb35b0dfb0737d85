import { expect, test, type APIRequestContext, type Browser, type BrowserContext, type Page } from '@playwright/test';
import {
  apiSignIn,
  assignPlaylists,
  createCampaign,
  createDevice,
  createEmergency,
  createPlaylist,
  endCampaign,
  uploadImage,
} from './api';
import { SCREEN_LOG_SCRIPT, screenLog, sources, type ScreenEntry } from './player-screen';
import { createIsolatedUser, unique } from './support';

/**
 * Issue 14 with the real player: paired TVs switch to a campaign at its start and back at its end
 * by themselves (the manifest carries it ahead, the player decides on the server's clock), and an
 * emergency takes the whole screen of two TVs until it is ended. Each test has a pool workspace of
 * its own, so "every screen" means its screens only. What the screen shows is read from the
 * player's data attributes (`data-source`, `data-campaign-id`, `data-full-screen`), logged in the
 * page on every change, so the tests assert the order of what happened, not how long it took.
 */

const SCREEN_SIZE = { width: 320, height: 180 };

async function workspaceApi(request: APIRequestContext) {
  const user = await createIsolatedUser(request);
  await apiSignIn(request, user);
  return request;
}

/** A player paired with `code`, and the campaign ids its status reports told the server (repeats merged). */
async function pairedPlayer(
  browser: Browser,
  code: string,
): Promise<{ context: BrowserContext; page: Page; reported: Array<number | null> }> {
  const context = await browser.newContext({ viewport: { width: 960, height: 540 } });
  const page = await context.newPage();
  await page.addInitScript(SCREEN_LOG_SCRIPT);
  const reported: Array<number | null> = [];
  page.on('request', (request) => {
    if (request.method() !== 'POST' || !request.url().endsWith('/api/tv/status')) return;
    const campaignId = (request.postDataJSON() as { campaignId: number | null }).campaignId;
    if (reported.at(-1) !== campaignId) reported.push(campaignId);
  });
  await page.goto('/player');
  await expect(page.getByRole('heading', { name: 'Conecte esta TV' })).toBeVisible();
  await page.keyboard.type(code);
  await page.keyboard.press('Enter');
  await expect(page.locator('main.player')).toHaveAttribute('data-state', 'playing', { timeout: 15_000 });
  return { context, page, reported };
}

test.describe('campaigns on the TV player', () => {
  test('a campaign starts on a paired player at its start date and ends at its end date, the assigned playlist before and after', async ({
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    const api = await workspaceApi(request);
    const tag = unique('cp');
    const red = await uploadImage(api, `${tag}-vermelho.png`, '#dc2626', SCREEN_SIZE);
    const green = await uploadImage(api, `${tag}-verde.png`, '#16a34a', SCREEN_SIZE);
    const assigned = await createPlaylist(api, `Padrão ${tag}`, [{ mediaId: red.id, duration: 5 }]);
    const promo = await createPlaylist(api, `Promoção ${tag}`, [{ mediaId: green.id, duration: 5 }]);
    const device = await createDevice(api, { name: `TV Campanha ${tag}`, location: 'Loja' });
    await assignPlaylists(api, device.id, assigned.id);

    const tv = await pairedPlayer(browser, device.authCode);
    const screen = tv.page.locator('[data-window="0"]');
    await expect(screen).toHaveAttribute('data-media-id', String(red.id));
    await expect(screen).toHaveAttribute('data-source', 'playlist');

    // Whole seconds: the server stores the dates as given.
    const start = Math.ceil(Date.now() / 1000) * 1000 + 20_000;
    const end = start + 20_000;
    const campaign = await createCampaign(api, {
      name: `Relâmpago ${tag}`,
      playlistId: promo.id,
      deviceIds: [device.id],
      status: 'published',
      startDate: new Date(start).toISOString(),
      endDate: new Date(end).toISOString(),
    });

    const before = `playlist::${assigned.id}`;
    const during = `campaign:${campaign.id}:${promo.id}`;
    await expect
      .poll(async () => sources(await screenLog(tv.page)), { timeout: 80_000, intervals: [500] })
      .toEqual([before, during, before]);

    const log = await screenLog(tv.page);
    // The manifest brought the campaign before it started: the player switched by itself.
    const held = log.findIndex((e) => e.campaigns === '1');
    const switched = log.findIndex((e) => e.windows[0]!.startsWith('campaign:'));
    const back = log.findIndex((e, i) => i > switched && e.windows[0]!.startsWith('playlist:'));
    expect(held).toBeGreaterThan(-1);
    expect(held).toBeLessThan(switched);
    // Never early (the player's clock is the server's, corrected by latency: a few ms late at most).
    expect(log[switched]!.t).toBeGreaterThanOrEqual(start);
    expect(log[back]!.t).toBeGreaterThanOrEqual(end);
    // What was on screen: the assigned image before and after, the campaign's image during it.
    const mediaOf = (entries: ScreenEntry[]) => [
      ...new Set(entries.map((e) => e.windows[0]!.split(':')[3]).filter(Boolean)),
    ];
    expect(mediaOf(log.slice(0, switched))).toEqual([String(red.id)]);
    expect(mediaOf(log.slice(switched, back))).toContain(String(green.id));
    expect(mediaOf(log.slice(back)).at(-1)).toBe(String(red.id));
    await expect(screen).toHaveAttribute('data-media-id', String(red.id));
    // What it told the server it played (POST /api/tv/status), in order.
    await expect.poll(() => tv.reported).toEqual([null, campaign.id, null]);
    await tv.context.close();
  });

  test('an emergency takes the whole screen of two players (a dual one too) and, once ended, each window plays its own playlist again', async ({
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    const api = await workspaceApi(request);
    const tag = unique('em');
    const red = await uploadImage(api, `${tag}-vermelho.png`, '#dc2626', SCREEN_SIZE);
    const blue = await uploadImage(api, `${tag}-azul.png`, '#1d4ed8', SCREEN_SIZE);
    const alert = await uploadImage(api, `${tag}-alerta.png`, '#facc15', SCREEN_SIZE);
    const left = await createPlaylist(api, `Esquerda ${tag}`, [{ mediaId: red.id, duration: 5 }]);
    const right = await createPlaylist(api, `Direita ${tag}`, [{ mediaId: blue.id, duration: 5 }]);
    const warning = await createPlaylist(api, `Aviso ${tag}`, [{ mediaId: alert.id, duration: 5 }]);
    const single = await createDevice(api, { name: `TV Única ${tag}`, location: 'Recepção' });
    const dual = await createDevice(api, { name: `TV Dupla ${tag}`, location: 'Vitrine', layout: 'dual' });
    await assignPlaylists(api, single.id, left.id);
    await assignPlaylists(api, dual.id, left.id, right.id);

    const one = await pairedPlayer(browser, single.authCode);
    const two = await pairedPlayer(browser, dual.authCode);
    await expect(two.page.locator('[data-window="1"]')).toHaveAttribute('data-media-id', String(blue.id));

    const emergency = await createEmergency(api, {
      name: `Evacuação ${tag}`,
      playlistId: warning.id,
      deviceIds: [single.id, dual.id],
    });
    expect(emergency).toMatchObject({ priority: 'emergency', status: 'published', endDate: null });
    for (const tv of [one, two]) {
      const main = tv.page.locator('main.player');
      await expect(main).toHaveAttribute('data-full-screen', 'true');
      await expect(main).toHaveAttribute('data-campaign-id', String(emergency.id));
      await expect(tv.page.locator('[data-window]')).toHaveCount(1);
      await expect(tv.page.locator('[data-window="0"]')).toHaveAttribute('data-media-id', String(alert.id));
      await expect(tv.page.locator('.stage')).toHaveAttribute('data-layout', 'single');
    }

    await endCampaign(api, emergency.id);
    await expect(one.page.locator('[data-window="0"]')).toHaveAttribute('data-media-id', String(red.id));
    await expect(two.page.locator('[data-window="0"]')).toHaveAttribute('data-media-id', String(red.id));
    await expect(two.page.locator('[data-window="1"]')).toHaveAttribute('data-media-id', String(blue.id));
    await expect(two.page.locator('.stage')).toHaveAttribute('data-layout', 'dual');

    const full = `full campaign:${emergency.id}:${warning.id}`;
    expect(sources(await screenLog(one.page))).toEqual([`playlist::${left.id}`, full, `playlist::${left.id}`]);
    expect(sources(await screenLog(two.page))).toEqual([
      `playlist::${left.id} | playlist::${right.id}`,
      full,
      `playlist::${left.id} | playlist::${right.id}`,
    ]);
    for (const tv of [one, two]) await expect.poll(() => tv.reported).toEqual([null, emergency.id, null]);
    await one.context.close();
    await two.context.close();
  });
});
