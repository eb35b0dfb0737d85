import { expect, test, type Page } from '@playwright/test';
import { WebSocket } from 'ws';
import type { Device } from '../src/contract/devices';
import { SCREENSHOT_WAIT_MS } from '../src/contract/screens';
import {
  apiSignIn,
  assignPlaylists,
  createCampaign,
  createDevice,
  createPlaylist,
  pairTv,
  tvCall,
  uploadImage,
} from './api';
import { pairedPlayer } from './player-screen';
import { createIsolatedUser, mainNav, signIn, toast, unique } from './support';

/**
 * The screens seen from afar (issue 15 item 4) with a real player beside the admin page, on the
 * shared server in a pool workspace of the test's own: the card's "No ar agora" says what the TV
 * reports, "Capturar tela" shows the picture the player took of its red screen, "Recarregar"
 * reloads the player page, and an offline device's menu offers neither. Then the dialog's three
 * failures, with a TV spoken for over the TV protocol.
 */

const deviceList = (page: Page) => page.getByRole('list', { name: 'Lista de dispositivos' });
const deviceCard = (page: Page, name: string) => deviceList(page).getByRole('listitem').filter({ hasText: name });

async function openMenu(page: Page, deviceName: string) {
  await page.getByRole('button', { name: `Ações de ${deviceName}`, exact: true }).click();
  return page.getByRole('menu');
}

/** The colour at the middle of a loaded `<img>`, read through a canvas (the picture is same-origin). */
const middlePixel = (img: HTMLImageElement) => {
  const canvas = document.createElement('canvas');
  canvas.width = img.naturalWidth;
  canvas.height = img.naturalHeight;
  const context = canvas.getContext('2d')!;
  context.drawImage(img, 0, 0);
  return [
    ...context.getImageData(Math.floor(img.naturalWidth / 2), Math.floor(img.naturalHeight / 2), 1, 1).data,
  ].slice(0, 3);
};

const SAO_PAULO = 'America/Sao_Paulo';
const dateAndTime = (iso: string) => {
  const at = new Date(iso);
  const date = new Intl.DateTimeFormat('pt-BR', {
    timeZone: SAO_PAULO,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).format(at);
  const time = new Intl.DateTimeFormat('pt-BR', {
    timeZone: SAO_PAULO,
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).format(at);
  return { date, time };
};

test('a paired TV: what it reports on air, a screenshot of its screen, a remote reload; an offline one offers neither', async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const user = await createIsolatedUser(request);
  await apiSignIn(request, user);
  const tag = unique('ds');
  const red = await uploadImage(request, `${tag}-vermelho.png`, '#dc2626', { width: 320, height: 180 });
  const green = await uploadImage(request, `${tag}-verde.png`, '#16a34a', { width: 320, height: 180 });
  const playlist = await createPlaylist(request, `Vitrine ${tag}`, [{ mediaId: red.id, duration: 5 }]);
  const promo = await createPlaylist(request, `Promoção ${tag}`, [{ mediaId: green.id, duration: 5 }]);
  const tvDevice = await createDevice(request, { name: `TV Balcão ${tag}`, location: 'Loja' });
  const offDevice = await createDevice(request, { name: `TV Depósito ${tag}`, location: 'Fundos' });
  await assignPlaylists(request, tvDevice.id, playlist.id);
  await assignPlaylists(request, offDevice.id, playlist.id);
  // Two days ahead: the TV does not play it now, but a page whose clock says three days ahead would.
  const startDate = new Date(Math.ceil(Date.now() / 1000) * 1000 + 2 * 86_400_000);
  const campaign = await createCampaign(request, {
    name: `Futura ${tag}`,
    playlistId: promo.id,
    deviceIds: [tvDevice.id, offDevice.id],
    status: 'published',
    startDate: startDate.toISOString(),
  });

  const tv = await pairedPlayer(browser, tvDevice.authCode, { width: 960, height: 540 });
  // The TV's report reaches the server.
  await expect
    .poll(async () => ((await (await request.get(`/api/devices/${tvDevice.id}`)).json()) as Device).nowPlaying, {
      timeout: 15_000,
    })
    .toEqual({ fullScreen: false, windows: [{ playlistId: playlist.id, campaignId: null }] });

  // The admin's clock is a day into the campaign: the page's own decision would say it plays, but an
  // online TV's card shows what the TV reports; the offline one keeps the page's decision.
  await page.clock.setFixedTime(startDate.getTime() + 86_400_000);
  await signIn(page, user.email, user.password);
  const onlineRow = page.getByTestId('dashboard-online').getByRole('listitem').filter({ hasText: tvDevice.name });
  await expect(onlineRow.getByTestId('device-on-air')).toHaveText(`No ar agora:Janela 1: ${playlist.name}`);
  await mainNav(page).getByRole('link', { name: 'Dispositivos' }).click();
  await expect(deviceCard(page, tvDevice.name).getByTestId('device-on-air')).toHaveText(`Janela 1: ${playlist.name}`);
  await expect(deviceCard(page, offDevice.name).getByTestId('device-on-air')).toHaveText(
    `Janela 1: ${campaign.name} (campanha)`,
  );

  // An offline device: both of the TV's actions disabled, saying why.
  const offMenu = await openMenu(page, offDevice.name);
  await expect(offMenu.getByRole('menuitem', { name: /Capturar tela/ })).toBeDisabled();
  await expect(offMenu.getByRole('menuitem', { name: /Recarregar/ })).toBeDisabled();
  await expect(offMenu).toContainText('Disponível com a TV online');
  await page.keyboard.press('Escape');

  // Capturar tela: the request is held back a moment, so the waiting state is seen for sure.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**/api/devices/${tvDevice.id}/screenshot`, async (route) => {
    if (route.request().method() === 'POST') await held;
    await route.continue();
  });
  await (await openMenu(page, tvDevice.name)).getByRole('menuitem', { name: 'Capturar tela' }).click();
  const dialog = page.getByRole('dialog', { name: tvDevice.name });
  await expect(dialog.getByRole('status')).toHaveText('Aguardando a TV…');
  await expect(dialog).toContainText('Nenhuma captura de tela desta TV ainda.');
  release();

  const picture = dialog.getByRole('img', {
    name: new RegExp(`^Tela de ${tvDevice.name} capturada às \\d{2}:\\d{2}:\\d{2}$`),
  });
  await expect(picture).toBeVisible({ timeout: 20_000 });
  await expect(dialog.getByRole('status')).toHaveText('Tela capturada.');
  await expect
    .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), { timeout: 10_000 })
    .toBeGreaterThan(0);
  const [r, g, b] = await picture.evaluate(middlePixel);
  expect(r).toBeGreaterThan(180);
  expect(g).toBeLessThan(80);
  expect(b).toBeLessThan(80);
  const { screenshotAt } = (await (await request.get(`/api/devices/${tvDevice.id}`)).json()) as Device;
  const taken = dateAndTime(screenshotAt!);
  await expect(dialog).toContainText(`Capturada em ${taken.date} às ${taken.time}`);
  await expect(picture).toHaveAttribute('alt', `Tela de ${tvDevice.name} capturada às ${taken.time}`);

  // Again: a new picture replaces the first one.
  const first = await picture.getAttribute('src');
  await dialog.getByRole('button', { name: 'Capturar de novo' }).click();
  await expect.poll(() => picture.getAttribute('src'), { timeout: 20_000 }).not.toBe(first);
  await expect(dialog.getByRole('status')).toHaveText('Tela capturada.');
  await dialog.getByRole('button', { name: 'Fechar' }).first().click();
  await expect(dialog).toHaveCount(0);

  // Recarregar: the player page is loaded again (a mark left in it is gone) and plays again.
  await tv.page.evaluate(() => ((window as unknown as { __mark: number }).__mark = 1));
  const reloaded = tv.page.waitForEvent('load');
  await (await openMenu(page, tvDevice.name)).getByRole('menuitem', { name: 'Recarregar' }).click();
  await expect(toast(page, 'Recarga enviada')).toContainText('A TV vai recarregar o player em instantes.');
  await reloaded;
  expect(await tv.page.evaluate(() => (window as unknown as { __mark?: number }).__mark)).toBeUndefined();
  await expect(tv.page.locator('[data-window="0"]')).toHaveAttribute('data-window-state', 'playing', {
    timeout: 15_000,
  });
  await expect(tv.page.locator('[data-window="0"]')).toHaveAttribute('data-media-id', String(red.id));

  await tv.context.close();
});

/**
 * A paired TV's socket over the TV protocol, opened from the test, that answers every screenshot
 * request with `screenshot_failed` (what a player does when it has nothing it can draw).
 */
async function failingTvSocket(baseURL: string, token: string) {
  const socket = new WebSocket(`${baseURL.replace(/^http/, 'ws')}/ws/device`, {
    headers: { authorization: `Bearer ${token}` },
  });
  socket.on('error', () => undefined);
  const up = new Promise<void>((resolve) => {
    socket.on('message', (raw) => {
      const message = JSON.parse(String(raw)) as { type: string };
      if (message.type === 'heartbeat_ack') resolve();
      if (message.type === 'screenshot') socket.send(JSON.stringify({ type: 'screenshot_failed' }));
    });
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  socket.send(JSON.stringify({ type: 'heartbeat' }));
  await up;
  return socket;
}

test('the screenshot dialog says when the TV did not answer, could not capture, or is offline, each with Capturar de novo', async ({
  page,
  request,
  baseURL,
}) => {
  const user = await createIsolatedUser(request);
  await apiSignIn(request, user);
  const device = await createDevice(request, { name: unique('TV Muda '), location: 'Loja' });
  // Paired over the API, online, no socket yet: the request reaches no one and no answer comes.
  const token = await pairTv(request, device.authCode);

  await page.clock.install();
  await signIn(page, user.email, user.password);
  await mainNav(page).getByRole('link', { name: 'Dispositivos' }).click();
  // Online only while it beats: one beat now, so a slow start cannot let the sweep (45 s) flip it.
  await tvCall(request, '/api/tv/heartbeat', token);
  const asked = page.waitForResponse(
    (r) => r.request().method() === 'POST' && r.url().endsWith(`/api/devices/${device.id}/screenshot`),
  );
  await (await openMenu(page, device.name)).getByRole('menuitem', { name: 'Capturar tela' }).click();
  const dialog = page.getByRole('dialog', { name: device.name });
  await expect(dialog.getByRole('status')).toHaveText('Aguardando a TV…');
  expect((await asked).status()).toBe(202);
  await expect(dialog.getByRole('button', { name: 'Capturar de novo' })).toHaveCount(0);
  await page.clock.runFor(SCREENSHOT_WAIT_MS);
  await expect(dialog.getByRole('alert')).toHaveText(
    'A TV não respondeu. Verifique se ela está ligada e conectada e tente de novo.',
  );
  await expect(dialog.getByRole('status')).toHaveText('');

  // A TV that answers it could not capture.
  const socket = await failingTvSocket(baseURL!, token);
  await dialog.getByRole('button', { name: 'Capturar de novo' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('A TV não conseguiu capturar a tela. Tente de novo.');

  // Disconnected meanwhile: the server refuses, in its words.
  expect((await request.post(`/api/devices/${device.id}/disconnect`)).ok()).toBeTruthy();
  await expect
    .poll(async () => ((await (await request.get(`/api/devices/${device.id}`)).json()) as Device).status)
    .toBe('offline');
  await dialog.getByRole('button', { name: 'Capturar de novo' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(
    'A TV está offline. Para capturar a tela, ela precisa estar ligada e conectada.',
  );
  await expect(dialog.getByRole('button', { name: 'Capturar de novo' })).toBeVisible();
  await expect(dialog).toContainText('Nenhuma captura de tela desta TV ainda.');
  socket.close();
});
