import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { formatCents, formatCountBr } from '../src/contract/ad-statement-format';
import type { AdLinkCreated, AdStatement } from '../src/contract/ad-statements';
import type { Campaign } from '../src/contract/campaigns';
import type { CommissionStatement } from '../src/contract/partner-commissions';
import type { Device } from '../src/contract/devices';
import type { PlayRecord } from '../src/contract/plays';
import { apiSignIn, assignPlaylists, createCampaign, createDevice, createPlaylist, uploadImage } from './api';
import { AD_LOG_SCRIPT, deviceSocketUp, pairedPlayer, putDevice, shownLog } from './player-screen';
import { createIsolatedUser, unique } from './support';

/**
 * Issue 27, done when (docs/ads.md): an ad with a goal of 40 plays over a short flight on two paired
 * players reaches its goal and stops; the screens' price changes mid-flight and the earlier plays
 * keep the old one; the advertiser's statement and the partner's commission show the exact figures.
 */

const SIZE = { width: 320, height: 180 };
const GOAL = 40;
const OLD_PRICE = 150;
const NEW_PRICE = 300;

/** A PDF's text as poppler's pdftotext reads it. */
async function pdfText(pdf: Buffer): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'sinalize-e2e-pdf-'));
  try {
    await writeFile(path.join(dir, 'extrato.pdf'), pdf);
    return (await promisify(execFile)('pdftotext', ['-layout', path.join(dir, 'extrato.pdf'), '-'])).stdout;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Every play a context's pages sent, as sent. */
function sentPlays(context: BrowserContext) {
  const sent: PlayRecord[] = [];
  context.on('request', (req) => {
    if (req.method() === 'POST' && req.url().endsWith('/api/tv/plays'))
      sent.push(...(req.postDataJSON() as { plays: PlayRecord[] }).plays);
  });
  return sent;
}

/** A page of an already paired context: the player resumes from what the context stored. */
async function reopen(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  const socketUp = deviceSocketUp(page);
  await page.goto('/player');
  await expect(page.locator('main.player')).toHaveAttribute('data-state', 'playing', { timeout: 15_000 });
  await socketUp;
  return page;
}

test('an ad of 40 plays on two players reaches its goal and stops; earlier plays keep their price', async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(180_000);
  await apiSignIn(request, await createIsolatedUser(request, 'admin'));
  const tag = unique('meta');
  const partner = await request.post('/api/partners', {
    data: { name: `Padaria ${tag}`, document: '11.222.333/0001-81', commissionPercent: 12.5 },
  });
  expect(partner.status(), await partner.text()).toBe(201);
  const partnerId = ((await partner.json()) as { id: number }).id;
  const advertiser = await request.post('/api/advertisers', { data: { name: `Café ${tag}` } });
  expect(advertiser.status(), await advertiser.text()).toBe(201);
  const advertiserId = ((await advertiser.json()) as { id: number }).id;

  const red = await uploadImage(request, `${tag}-vermelho.png`, '#dc2626', SIZE);
  const blue = await uploadImage(request, `${tag}-azul.png`, '#1d4ed8', SIZE);
  const green = await uploadImage(request, `${tag}-verde.png`, '#16a34a', SIZE);
  const own = await createPlaylist(request, `Loja ${tag}`, [
    { mediaId: red.id, duration: 1 },
    { mediaId: blue.id, duration: 1 },
  ]);
  const creatives = await createPlaylist(request, `Anúncio ${tag}`, [{ mediaId: green.id, duration: 1 }]);
  const screens: Device[] = [];
  for (const name of ['Balcão', 'Vitrine']) {
    const device = await createDevice(request, { name: `${name} ${tag}`, location: 'Padaria' });
    const priced = await putDevice(request, device, { partnerId, pricePerPlayCents: OLD_PRICE, audiencePerPlay: 20 });
    expect(priced.status(), await priced.text()).toBe(200);
    await assignPlaylists(request, device.id, own.id);
    screens.push(device);
  }
  // A flight begun a minute ago and ending in three minutes: the pacing spreads the 40 plays over
  // its four minutes (300 a screen an hour), so the ad is due after each of the screens' items,
  // whatever the minute. Begun hours ago, a flight crossing the hour's turn is paced from the hour's
  // start: 20 a screen, no play to spare for one cut short by a closing page before the next hour
  // (docs/ads.md#pacing; this test failed so when run at minute 57).
  const now = Date.now();
  const ad = await createCampaign(request, {
    name: `Café da manhã ${tag}`,
    type: 'ad',
    advertiserId,
    goalKind: 'flight',
    goalPlays: GOAL,
    capPerHour: 3600,
    playlistId: creatives.id,
    deviceIds: screens.map((d) => d.id),
    startDate: new Date(now - 60_000).toISOString(),
    endDate: new Date(now + 3 * 60_000).toISOString(),
    status: 'published',
  });
  const adEntry = `${green.id}:${ad.id}`;
  const adsShown = async (page: Page) => (await shownLog(page)).filter((e) => e === adEntry).length;

  const players = [];
  for (const screen of screens) {
    const player = await pairedPlayer(browser, screen.authCode, SIZE, { initScript: AD_LOG_SCRIPT });
    players.push({ ...player, sent: sentPlays(player.context) });
  }
  // Both play the ad a few times, then go dark: what they did not send yet stays stored.
  for (const { page } of players)
    await expect.poll(() => adsShown(page), { timeout: 30_000 }).toBeGreaterThanOrEqual(3);
  for (const player of players) await player.page.close();

  // Mid-flight, the first screen's price doubles; then both play on until the goal.
  const changedAt = Date.now();
  const put = await putDevice(request, screens[0]!, { pricePerPlayCents: NEW_PRICE });
  expect(put.status(), await put.text()).toBe(200);
  const pages = [];
  for (const player of players) pages.push(await reopen(player.context));
  await expect(pages[0]!.locator('[data-window="0"]')).toHaveAttribute('data-ad-id', String(ad.id), {
    timeout: 15_000,
  });

  // The goal reached, the ad ends: its state, and no TV shows it any more. Recarregar every 10 s:
  // the players send what they stored as they reconnect, not at the next 30 s round.
  const campaign = async () => (await (await request.get(`/api/campaigns/${ad.id}`)).json()) as Campaign;
  const flush = async () => {
    for (const screen of screens) {
      const reload = await request.post(`/api/devices/${screen.id}/reload`);
      expect(reload.status(), await reload.text()).toBe(202);
    }
  };
  let flushedAt = 0;
  await expect
    .poll(
      async () => {
        const c = await campaign();
        if ((c.delivery?.counted ?? 0) >= GOAL && Date.parse(c.endDate!) <= Date.now()) return true;
        if (Date.now() - flushedAt > 10_000) [flushedAt] = [Date.now(), await flush()];
        return false;
      },
      { timeout: 90_000, message: 'the ad reaches its goal and ends' },
    )
    .toBe(true);
  for (const page of pages) {
    const before = (await shownLog(page)).length;
    await expect
      .poll(
        async () => {
          const log = await shownLog(page);
          return log.length >= before + 6 && log.slice(-4).every((e) => e !== adEntry);
        },
        { timeout: 20_000, message: 'the ad no longer plays' },
      )
      .toBe(true);
  }

  // Every play sent reaches the server; those that ran whole within the flight are counted.
  await flush();
  const flightEnd = Date.parse((await campaign()).endDate!);
  const countable = (sent: PlayRecord[]) =>
    sent.filter(
      (p) =>
        p.campaignId === ad.id &&
        p.completed &&
        Math.abs(p.durationMs - 1000) <= 500 &&
        Date.parse(p.startedAt) < flightEnd,
    );
  const distinct = (plays: PlayRecord[]) => [...new Map(plays.map((p) => [p.clientId, p])).values()];
  await expect
    .poll(async () => (await campaign()).delivery?.counted, { timeout: 30_000 })
    .toBe(players.reduce((n, p) => n + distinct(countable(p.sent)).length, 0));
  const first = distinct(countable(players[0]!.sent));
  const before = first.filter((p) => Date.parse(p.startedAt) < changedAt).length;
  expect(before).toBeGreaterThan(0);
  const second = distinct(countable(players[1]!.sent)).length;
  const expected = {
    first: before * OLD_PRICE + (first.length - before) * NEW_PRICE,
    second: second * OLD_PRICE,
  };
  expect(expected.first).toBeGreaterThan(0);
  for (const { context } of players) await context.close();
  const total = { plays: first.length + second, amountCents: expected.first + expected.second };

  // The advertiser's statement over the workspace's last two days: each screen's plays at the
  // price each kept (docs/ads.md#statements).
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
  const yesterday = new Date(Date.parse(`${today}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
  const period = `from=${yesterday}&to=${today}`;
  const statement = (await (
    await request.get(`/api/advertisers/${advertiserId}/statement?${period}`)
  ).json()) as AdStatement;
  expect(statement.totals).toMatchObject(total);
  const amountOf = (device: Device) => statement.screens.find((s) => s.id === device.id)?.amountCents;
  expect([amountOf(screens[0]!), amountOf(screens[1]!)]).toEqual([expected.first, expected.second]);

  // Its link, opened with no account, shows the plays.
  const link = await request.post(`/api/advertisers/${advertiserId}/links`, {
    data: { from: yesterday, to: today, days: 1 },
  });
  expect(link.status(), await link.text()).toBe(201);
  const visitor = await browser.newContext({ baseURL });
  const publicPage = await visitor.newPage();
  await publicPage.goto(new URL(((await link.json()) as AdLinkCreated).url).pathname);
  await expect(publicPage.getByTestId('statement-total-plays')).toHaveText(formatCountBr(total.plays));
  await expect(publicPage.getByTestId('statement-total-amount')).toHaveText(formatCents(total.amountCents));
  await expect(publicPage.getByRole('table', { name: 'Exibições por tela e dia' })).toContainText(screens[0]!.name);
  await visitor.close();

  // Its PDF, read back by pdftotext, shows the totals.
  const pdf = await request.get(`/api/advertisers/${advertiserId}/statement.pdf?${period}`);
  expect(pdf.status()).toBe(200);
  const text = await pdfText(await pdf.body());
  expect(text).toContain(formatCents(total.amountCents));
  expect(text).toMatch(new RegExp(`Exibições\\s+${formatCountBr(total.plays)}\\b`));

  // The partner's month: 12,5 % of each screen's amount, rounded half to even to the cent
  // (docs/ads.md#commissions), worked out here apart from the server's code.
  const halfEven = (eighths: number) => {
    const whole = Math.floor(eighths / 8);
    const rest = eighths % 8;
    return rest > 4 || (rest === 4 && whole % 2 === 1) ? whole + 1 : whole;
  };
  const month = today.slice(0, 7);
  const commission = (await (
    await request.get(`/api/partners/${partnerId}/commissions/${month}`)
  ).json()) as CommissionStatement;
  expect(commission.totals).toMatchObject({
    plays: total.plays,
    grossCents: total.amountCents,
    commissionCents: halfEven(expected.first) + halfEven(expected.second),
  });
});
