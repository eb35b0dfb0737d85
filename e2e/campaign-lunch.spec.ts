import {
  expect,
  request as playwrightRequest,
  test,
  type Browser,
  type BrowserContext,
  type Page,
} from '@playwright/test';
import type { Campaign } from '../src/contract/campaigns';
import { DEFAULT_TIME_ZONE, instantOf, localTime } from '../src/contract/schedule';
import * as factories from '../src/server/test/api-factories';
import { apiSignIn, assignPlaylists, client, createDevice, createPlaylist, uploadImage } from './api';
import { ownServerForSpec } from './own-server';
import { correctedTime, SCREEN_LOG_SCRIPT, screenLog, sources, type ScreenEntry } from './player-screen';
import { E2E_ADMIN, signIn, toast, unique } from './support';

/**
 * Issue 14's "done when": an admin schedules a lunch-time campaign on a group through the UI and the
 * paired players (a single and a dual layout, both in the group) switch to it at the start of the
 * daily window and back at its end by themselves, (a) with the server reachable, on real time, and
 * (b) the next day with the server stopped, on the device's own clock (Playwright's page clock,
 * installed at the real time before the player loaded, moved on while the server is down). The spec
 * has its own server so it can stop it. What each player shows is logged in the page on every change
 * with the player's corrected clock (`Date.now()` + the stored server offset), so the assertions are
 * about order and about the instant of each switch, never about how long the machine took.
 */

/** Ports 4750–4799 (other specs' own servers use 4350 and 4700), or the 50 from `LUNCH_E2E_PORT_BASE`. */
let baseURL = '';
const own = ownServerForSpec({
  name: 'lunch',
  portBase: Number(process.env.LUNCH_E2E_PORT_BASE ?? 4750),
  onStarted: (url) => (baseURL = url),
});

const SCREEN_SIZE = { width: 320, height: 180 };
const TIME_ZONE = DEFAULT_TIME_ZONE;
const MINUTE = 60_000;
/** A switch is on time when the player's corrected clock reads at most this much after the edge. */
const ON_TIME_MS = 3_000;
/** The page's own clock may differ from the server's by the latency the correction takes away. */
const RAW_CLOCK_TOLERANCE_MS = 2_000;

interface Player {
  context: BrowserContext;
  page: Page;
}

/** A player paired with `code`; its clock is Playwright's, set to the real time and running on by itself. */
async function pairedPlayer(browser: Browser, code: string): Promise<Player> {
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 960, height: 540 },
    locale: 'pt-BR',
    timezoneId: TIME_ZONE,
  });
  const page = await context.newPage();
  await page.addInitScript(SCREEN_LOG_SCRIPT);
  await page.clock.install({ time: Date.now() });
  await page.goto('/player');
  await expect(page.getByRole('heading', { name: 'Conecte esta TV' })).toBeVisible({ timeout: 15_000 });
  await page.keyboard.type(code);
  await page.keyboard.press('Enter');
  await expect(page.locator('main.player')).toHaveAttribute('data-state', 'playing', { timeout: 15_000 });
  return { context, page };
}

const two = (n: number) => String(n).padStart(2, '0');
const hhmm = (minutes: number) => `${two(Math.floor(minutes / 60) % 24)}:${two(minutes % 60)}`;

/**
 * Today's window: the next whole minute to the one after (one minute later when less than 30 s are
 * left, so the admin has time to fill in the form), on the workspace's wall clock; and the same
 * window the next day.
 */
function lunchWindow(now: number) {
  let start = Math.ceil(now / MINUTE) * MINUTE;
  if (start - now < 30_000) start += MINUTE;
  const local = localTime(new Date(start), TIME_ZONE);
  const next = new Date(Date.UTC(local.year, local.month - 1, local.day + 1));
  const tomorrow = instantOf(
    { year: next.getUTCFullYear(), month: next.getUTCMonth() + 1, day: next.getUTCDate() },
    local.minutes,
    TIME_ZONE,
  ).getTime();
  return {
    startTime: hhmm(local.minutes),
    endTime: hhmm(local.minutes + 1),
    /** The start's weekday (0 = Sunday) and the next day's. */
    weekdays: [local.weekday, (local.weekday + 1) % 7],
    today: { start, end: start + MINUTE },
    tomorrow: { start: tomorrow, end: tomorrow + MINUTE },
  };
}

/** The log's entries where the screen switched to the campaign and back, checked against the window's edges. */
function expectOnTime(log: ScreenEntry[], campaignId: number, edges: { start: number; end: number }, label: string) {
  const switched = log.findIndex((e) => e.campaignId === String(campaignId));
  const back = log.findIndex((e, i) => i > switched && e.campaignId === '');
  expect(switched, `${label}: switched to the campaign`).toBeGreaterThan(-1);
  expect(back, `${label}: back to the playlists`).toBeGreaterThan(switched);
  // The manifest brought the campaign before its window: the player switched by itself.
  const held = log.findIndex((e) => e.campaigns === '1');
  expect(held, `${label}: the campaign was in the manifest before it started`).toBeGreaterThan(-1);
  expect(held).toBeLessThan(switched);
  for (const [entry, edge, what] of [
    [log[switched]!, edges.start, 'start'],
    [log[back]!, edges.end, 'end'],
  ] as const) {
    // Never early on the clock the player decides by, and on time; its raw clock agrees to a second or two.
    expect(correctedTime(entry), `${label}: ${what} not before the edge`).toBeGreaterThanOrEqual(edge);
    expect(correctedTime(entry), `${label}: ${what} on time`).toBeLessThanOrEqual(edge + ON_TIME_MS);
    expect(entry.t, `${label}: ${what} on the device's raw clock`).toBeGreaterThanOrEqual(
      edge - RAW_CLOCK_TOLERANCE_MS,
    );
  }
}

/** Moves a player's clock on (its timers due meanwhile fire once) to `lead` ms before `instant` on its corrected clock. */
async function fastForwardTo(page: Page, instant: number, lead: number) {
  const { now, offset } = await page.evaluate(() => ({
    now: Date.now(),
    offset: Number(localStorage.getItem('sinalize.player.clockOffset') ?? 0),
  }));
  const by = instant - lead - (now + offset);
  expect(by, 'the page clock is still before the target').toBeGreaterThan(0);
  await page.clock.fastForward(by);
}

test('an admin schedules a lunch-time campaign on a group: both players switch at its start and back at its end, server reachable or not', async ({
  browser,
}, testInfo) => {
  test.setTimeout(6 * MINUTE);
  const api = await playwrightRequest.newContext({ baseURL });
  await apiSignIn(api, E2E_ADMIN);
  const tag = unique('almoco');
  const red = await uploadImage(api, `${tag}-vermelho.png`, '#dc2626', SCREEN_SIZE);
  const blue = await uploadImage(api, `${tag}-azul.png`, '#1d4ed8', SCREEN_SIZE);
  const green = await uploadImage(api, `${tag}-verde.png`, '#16a34a', SCREEN_SIZE);
  const showcase = await createPlaylist(api, `Vitrine ${tag}`, [{ mediaId: red.id, duration: 5 }]);
  const offers = await createPlaylist(api, `Ofertas ${tag}`, [{ mediaId: blue.id, duration: 5 }]);
  const menu = await createPlaylist(api, `Cardápio ${tag}`, [{ mediaId: green.id, duration: 5 }]);
  const group = await factories.createGroup(client(api), { name: `Praça de alimentação ${tag}` });
  const single = await createDevice(api, {
    name: `TV Balcão ${tag}`,
    location: 'Praça de alimentação',
    groupId: group.id,
  });
  const dual = await createDevice(api, {
    name: `TV Dupla ${tag}`,
    location: 'Praça de alimentação',
    layout: 'dual',
    groupId: group.id,
  });
  await assignPlaylists(api, single.id, showcase.id);
  await assignPlaylists(api, dual.id, showcase.id, offers.id);

  const tvs = [await pairedPlayer(browser, single.authCode), await pairedPlayer(browser, dual.authCode)];
  await expect(tvs[0]!.page.locator('[data-window="0"]')).toHaveAttribute('data-media-id', String(red.id));
  await expect(tvs[1]!.page.locator('[data-window="0"]')).toHaveAttribute('data-media-id', String(red.id));
  await expect(tvs[1]!.page.locator('[data-window="1"]')).toHaveAttribute('data-media-id', String(blue.id));

  // ---------- the admin schedules it in the UI ----------
  const adminContext = await browser.newContext({ baseURL, locale: 'pt-BR', timezoneId: TIME_ZONE });
  const admin = await adminContext.newPage();
  await signIn(admin, E2E_ADMIN.email, E2E_ADMIN.password);
  await admin.goto('/campaigns/new');
  await expect(admin.getByRole('heading', { level: 1, name: 'Nova Campanha' })).toBeVisible();
  await expect(admin.getByRole('checkbox', { name: group.name })).toBeVisible();
  const lunch = lunchWindow(Date.now());
  const name = `Almoço ${tag}`;
  await admin.getByRole('textbox', { name: 'Nome', exact: true }).fill(name);
  await admin.getByRole('combobox', { name: 'Playlist' }).click();
  await admin.getByRole('option', { name: menu.name, exact: true }).click();
  await admin.getByRole('checkbox', { name: group.name }).check();
  // Every day is chosen at first: keep the window's day and the next one (part b).
  const weekdays = admin.getByRole('group', { name: 'Dias da semana' });
  for (const [day, label] of ['Domingo', 'Segunda', 'Terça', 'Quarta', 'Quinta', 'Sexta', 'Sábado'].entries()) {
    if (!lunch.weekdays.includes(day)) await weekdays.getByRole('button', { name: label, exact: true }).click();
    await expect(weekdays.getByRole('button', { name: label, exact: true })).toHaveAttribute(
      'aria-pressed',
      String(lunch.weekdays.includes(day)),
    );
  }
  await admin.getByLabel('Das', { exact: true }).fill(lunch.startTime);
  await admin.getByLabel('Até', { exact: true }).fill(lunch.endTime);
  await admin.getByRole('button', { name: 'Publicar' }).click();
  await expect(toast(admin, 'Campanha criada com sucesso.')).toBeVisible();
  await expect(admin).toHaveURL(/\/campaigns$/);
  const row = admin.getByRole('listitem').filter({ has: admin.getByRole('heading', { name, exact: true }) });
  await expect(row).toContainText(`${lunch.startTime}–${lunch.endTime}`);
  await expect(row).toContainText('1 grupo');
  const campaigns = (await (await api.get('/api/campaigns')).json()) as Campaign[];
  const campaign = campaigns.find((c) => c.name === name)!;
  expect(campaign).toMatchObject({
    status: 'published',
    groupIds: [group.id],
    deviceIds: [],
    allDevices: false,
    schedule: { startTime: lunch.startTime, endTime: lunch.endTime },
  });
  expect([...campaign.schedule.weekdays].sort()).toEqual([...lunch.weekdays].sort());

  const before = [`playlist::${showcase.id}`, `playlist::${showcase.id} | playlist::${offers.id}`];
  const on = `campaign:${campaign.id}:${menu.id}`;
  const during = [on, `${on} | ${on}`];

  // ---------- (a) server reachable: real time, nobody touches anything ----------
  for (const [i, tv] of tvs.entries()) {
    await expect
      .poll(async () => sources(await screenLog(tv.page)), {
        timeout: lunch.today.end - Date.now() + 60_000,
        intervals: [1_000],
      })
      .toEqual([before[i], during[i], before[i]]);
  }
  for (const [i, tv] of tvs.entries()) {
    const log = await screenLog(tv.page);
    testInfo.annotations.push({
      type: `reachable ${i}`,
      description: JSON.stringify(log.map((e) => [correctedTime(e) - lunch.today.start, e.campaignId, e.connection])),
    });
    expectOnTime(log, campaign.id, lunch.today, `reachable, ${i === 0 ? 'single' : 'dual'}`);
    expect(log.every((e) => e.connection !== 'offline')).toBe(true);
  }
  await expect(tvs[1]!.page.locator('[data-window="1"]')).toHaveAttribute('data-media-id', String(blue.id));

  // ---------- (b) the next day, server unreachable ----------
  // Everything the next window needs is on the device: the manifest and every file, the campaign's included.
  for (const [tv, files] of [
    [tvs[0]!, 2],
    [tvs[1]!, 3],
  ] as const) {
    const main = tv.page.locator('main.player');
    await expect(main).toHaveAttribute('data-sw', 'controlled', { timeout: 15_000 });
    await expect(main).toHaveAttribute('data-cache-cached', String(files), { timeout: 15_000 });
    await expect(main).toHaveAttribute('data-cache-missing', '0');
  }
  await adminContext.close();
  await own.stop();
  await expect(fetch(`${baseURL}/api/health`)).rejects.toThrow();
  const offlineFrom: number[] = [];
  for (const tv of tvs) {
    await expect(tv.page.locator('main.player')).toHaveAttribute('data-connection', 'offline', { timeout: 30_000 });
    // From the first entry seen offline on: what the player showed when it lost the server, then alone.
    offlineFrom.push((await screenLog(tv.page)).findIndex((e) => e.connection === 'offline'));
    expect(offlineFrom.at(-1)).toBeGreaterThan(-1);
  }
  const lead = 5_000;
  for (const tv of tvs) await fastForwardTo(tv.page, lunch.tomorrow.start, lead);
  for (const [i, tv] of tvs.entries()) {
    await expect
      .poll(async () => sources((await screenLog(tv.page)).slice(offlineFrom[i])), {
        timeout: 60_000,
        intervals: [500],
      })
      .toEqual([before[i], during[i]]);
  }
  for (const tv of tvs) await fastForwardTo(tv.page, lunch.tomorrow.end, lead);
  for (const [i, tv] of tvs.entries()) {
    await expect
      .poll(async () => sources((await screenLog(tv.page)).slice(offlineFrom[i])), {
        timeout: 60_000,
        intervals: [500],
      })
      .toEqual([before[i], during[i], before[i]]);
  }
  for (const [i, tv] of tvs.entries()) {
    const log = (await screenLog(tv.page)).slice(offlineFrom[i]);
    testInfo.annotations.push({
      type: `unreachable ${i}`,
      description: JSON.stringify(
        log.map((e) => [correctedTime(e) - lunch.tomorrow.start, e.campaignId, e.connection]),
      ),
    });
    // Still offline: the server never came back, the players decided alone.
    expect(log.every((e) => e.connection === 'offline')).toBe(true);
    expectOnTime(log, campaign.id, lunch.tomorrow, `unreachable, ${i === 0 ? 'single' : 'dual'}`);
    await expect(tv.page.locator('[data-window="0"]')).toHaveAttribute('data-media-id', String(red.id));
  }
  await expect(tvs[1]!.page.locator('[data-window="1"]')).toHaveAttribute('data-media-id', String(blue.id));
  await expect(fetch(`${baseURL}/api/health`)).rejects.toThrow();
  for (const tv of tvs) await tv.context.close();
  await api.dispose();
});
