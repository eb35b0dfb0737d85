import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { Campaign, CampaignInput } from '../src/contract/campaigns';
import type { DeviceGroup } from '../src/contract/devices';
import { DEFAULT_TIME_ZONE, localTime } from '../src/contract/schedule';
import { apiSignIn, createDevice, createPlaylist, pairTv, tvCall, uploadImage } from './api';
import { createIsolatedUser, createUserViaApi, signIn, toast, unique } from './support';

/**
 * Groups as a fleet tool and what is on air (issue 14): the group on the cards, the filter by group,
 * a playlist for a whole group, the dashboard per group, "No ar agora" per window, and the workspace
 * time zone. Each test has a pool workspace of its own.
 */

async function newUser(page: Page, request: APIRequestContext, role: 'user' | 'admin' = 'user') {
  const user = await createIsolatedUser(request, role);
  await apiSignIn(request, user);
  await signIn(page, user.email, user.password);
  return user;
}

async function createGroup(request: APIRequestContext, name: string): Promise<DeviceGroup> {
  const res = await request.post('/api/device-groups', { data: { name } });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as DeviceGroup;
}

async function createCampaign(
  request: APIRequestContext,
  fields: Partial<CampaignInput> & { name: string; playlistId: number },
): Promise<Campaign> {
  const res = await request.post('/api/campaigns', { data: { status: 'published', ...fields } });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as Campaign;
}

async function playlistWithImage(request: APIRequestContext, name: string) {
  return createPlaylist(request, name, [(await uploadImage(request, `${name}.png`)).id]);
}

const deviceList = (page: Page) => page.getByRole('list', { name: 'Lista de dispositivos' });
const deviceCard = (page: Page, name: string) => deviceList(page).getByRole('listitem').filter({ hasText: name });
const groupFilter = (page: Page) => page.getByRole('combobox', { name: 'Filtrar por grupo' });

async function chooseGroup(page: Page, option: string) {
  await groupFilter(page).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function pickPlaylist(page: Page, label: string, playlist: string) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: playlist }).click();
}

test.describe('groups and what is on air', () => {
  test('group badges, the filter by group, a playlist for a whole group and the counts per group', async ({
    page,
    request,
  }) => {
    await newUser(page, request);
    const lojas = await createGroup(request, unique('Lojas '));
    const hall = await createGroup(request, unique('Hall '));
    const promo = unique('Promo ');
    const menu = unique('Cardápio ');
    await playlistWithImage(request, promo);
    await playlistWithImage(request, menu);
    const single = await createDevice(request, { name: unique('TV Caixa '), location: 'Loja 1', groupId: lojas.id });
    const dual = await createDevice(request, {
      name: unique('TV Vitrine '),
      location: 'Loja 2',
      groupId: lojas.id,
      layout: 'dual',
    });
    const lobby = await createDevice(request, { name: unique('TV Entrada '), location: 'Hall', groupId: hall.id });
    const loose = await createDevice(request, { name: unique('TV Depósito '), location: 'Fundos' });
    // Two screens online (a TV paired with each code), two offline.
    await pairTv(request, single.authCode);
    await pairTv(request, loose.authCode);

    // Dashboard: online and offline per group, from the device list.
    await page.goto('/dashboard');
    const groups = page.getByTestId('dashboard-groups');
    await expect(groups.getByTestId(`group-count-${lojas.id}`)).toHaveText(new RegExp(`${lojas.name}\\s*1\\s*1`));
    await expect(groups.getByTestId(`group-count-${hall.id}`)).toHaveText(new RegExp(`${hall.name}\\s*0\\s*1`));
    await expect(groups.getByTestId('group-count-none')).toHaveText(/Sem grupo\s*1\s*0/);

    // The group's name on each card; none on the device without a group.
    await page.goto('/devices');
    await expect(deviceCard(page, single.name).getByTestId('device-group')).toHaveText(`Grupo: ${lojas.name}`);
    await expect(deviceCard(page, dual.name).getByTestId('device-group')).toHaveText(`Grupo: ${lojas.name}`);
    await expect(deviceCard(page, lobby.name).getByTestId('device-group')).toHaveText(`Grupo: ${hall.name}`);
    await expect(deviceCard(page, loose.name).getByTestId('device-group')).toHaveCount(0);

    // The filter beside the search, alone and with a search.
    await expect(groupFilter(page)).toHaveText('Todos os grupos');
    await chooseGroup(page, hall.name);
    await expect(deviceList(page).getByRole('listitem')).toHaveCount(1);
    await expect(deviceCard(page, lobby.name)).toBeVisible();
    await chooseGroup(page, 'Sem grupo');
    await expect(deviceList(page).getByRole('listitem')).toHaveText([new RegExp(loose.name)]);
    await chooseGroup(page, lojas.name);
    await expect(deviceList(page).getByRole('listitem')).toHaveCount(2);
    await page.getByLabel('Buscar dispositivos por nome ou localização').fill('Loja 2');
    await expect(deviceList(page).getByRole('listitem')).toHaveText([new RegExp(dual.name)]);
    await page.getByLabel('Buscar dispositivos por nome ou localização').fill('Hall');
    await expect(page.getByText('Nenhum dispositivo encontrado')).toBeVisible();
    await page.getByLabel('Buscar dispositivos por nome ou localização').fill('');
    await chooseGroup(page, 'Todos os grupos');
    await expect(deviceList(page).getByRole('listitem')).toHaveCount(4);

    // A playlist for the whole group: it has a dual-layout device, so both windows are required.
    await page.getByRole('button', { name: 'Grupos', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: `Atribuir playlist ao grupo ${lojas.name}` }).click();
    await expect(dialog.getByRole('heading', { name: 'Atribuir Playlist ao Grupo' })).toBeVisible();
    await expect(dialog.getByTestId('group-assign-count')).toHaveText('2 dispositivos (1 com 2 janelas)');
    await pickPlaylist(page, 'Playlist Janela 1', promo);
    await dialog.getByRole('button', { name: 'Atribuir', exact: true }).click();
    await expect(toast(page, 'Erro')).toContainText(
      'Dispositivos com 2 janelas devem ter duas playlists selecionadas.',
    );
    await pickPlaylist(page, 'Playlist Janela 2', menu);
    await dialog.getByRole('button', { name: 'Atribuir', exact: true }).click();
    await expect(toast(page, 'Playlist atribuída')).toContainText(
      'A playlist foi atribuída aos 2 dispositivos do grupo.',
    );
    // Back on the list: a single-window group needs one playlist only.
    await dialog.getByRole('button', { name: `Atribuir playlist ao grupo ${hall.name}` }).click();
    await expect(dialog.getByTestId('group-assign-count')).toHaveText('1 dispositivo');
    await expect(dialog.getByRole('combobox', { name: 'Playlist Janela 2' })).toHaveCount(0);
    await pickPlaylist(page, 'Playlist', menu);
    await dialog.getByRole('button', { name: 'Atribuir', exact: true }).click();
    await expect(toast(page, 'Playlist atribuída')).toContainText('A playlist foi atribuída ao dispositivo do grupo.');
    await dialog.getByRole('button', { name: 'Fechar' }).click();
    await expect(dialog).toBeHidden();

    // The devices follow: the dual one got both windows, the single one window 1.
    await expect(deviceCard(page, dual.name)).toContainText(`J1: ${promo}`);
    await expect(deviceCard(page, dual.name)).toContainText(`J2: ${menu}`);
    await expect(deviceCard(page, single.name).getByTestId('device-on-air')).toHaveText(`Janela 1: ${promo}`);
    await expect(deviceCard(page, lobby.name).getByTestId('device-on-air')).toHaveText(`Janela 1: ${menu}`);
    await expect(deviceCard(page, loose.name).getByTestId('device-on-air')).toHaveText('Janela 1: Nenhuma');
  });

  test('on air now: a campaign on a group takes every window at its start, an emergency the whole screen', async ({
    page,
    request,
  }) => {
    // The page's clock is real time, under the test's control: the campaign opens two minutes from
    // now on the workspace's clock (America/Sao_Paulo), and the page gets there without waiting.
    const now = Date.now();
    const opens = Math.ceil(now / 60_000) * 60_000 + 60_000;
    const hhmm = (at: number) => {
      const minutes = localTime(new Date(at), DEFAULT_TIME_ZONE).minutes;
      return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
    };
    await page.clock.install({ time: now });
    await newUser(page, request);
    const lojas = await createGroup(request, unique('Lojas '));
    const base = unique('Padrão ');
    const lunch = unique('Almoço ');
    const basePlaylist = await playlistWithImage(request, base);
    const lunchPlaylist = await playlistWithImage(request, unique('Pratos '));
    const screen = await createDevice(request, {
      name: unique('TV Vitrine '),
      location: 'Loja',
      groupId: lojas.id,
      layout: 'dual',
    });
    const other = await createDevice(request, { name: unique('TV Fora '), location: 'Outra' });
    expect(
      (
        await request.patch(`/api/devices/${screen.id}`, {
          data: { assignedPlaylistId1: basePlaylist.id, assignedPlaylistId2: basePlaylist.id },
        })
      ).ok(),
    ).toBeTruthy();
    await createCampaign(request, {
      name: lunch,
      playlistId: lunchPlaylist.id,
      groupIds: [lojas.id],
      schedule: { weekdays: [0, 1, 2, 3, 4, 5, 6], startTime: hhmm(opens), endTime: hhmm(opens + 30 * 60_000) },
    });
    await createCampaign(request, {
      name: unique('Rascunho '),
      playlistId: lunchPlaylist.id,
      allDevices: true,
      status: 'draft',
    });

    await page.goto('/devices');
    const onAir = deviceCard(page, screen.name).getByTestId('device-on-air');
    await expect(onAir).toHaveText(`Janela 1: ${base}Janela 2: ${base}`);
    await expect(deviceCard(page, other.name).getByTestId('device-on-air')).toHaveText('Janela 1: Nenhuma');

    // The window opens: the cards move on at that minute's turn, by themselves.
    await page.clock.runFor(opens + 1_000 - (await page.evaluate(() => Date.now())));
    await expect(onAir).toHaveText(`Janela 1: ${lunch} (campanha)Janela 2: ${lunch} (campanha)`);
    await expect(deviceCard(page, other.name).getByTestId('device-on-air')).toHaveText('Janela 1: Nenhuma');

    // The dashboard's online list says the same.
    const token = await pairTv(request, screen.authCode);
    await tvCall(request, '/api/tv/heartbeat', token);
    await page.goto('/dashboard');
    const row = page.getByTestId('dashboard-online').getByRole('listitem').filter({ hasText: screen.name });
    await expect(row.getByTestId('device-on-air')).toHaveText(
      `No ar agora:Janela 1: ${lunch} (campanha)Janela 2: ${lunch} (campanha)`,
    );

    // An emergency to every screen takes the whole screen; ended, the screen goes back to the campaign.
    const alarm = unique('Evacuação ');
    const res = await request.post('/api/campaigns/emergency', {
      data: { name: alarm, playlistId: basePlaylist.id, allDevices: true },
    });
    expect(res.status(), await res.text()).toBe(201);
    const emergency = (await res.json()) as Campaign;
    await tvCall(request, '/api/tv/heartbeat', token);
    await page.reload();
    await expect(row.getByTestId('device-on-air')).toHaveText(`No ar agora:Emergência: ${alarm}`);
    expect((await request.post(`/api/campaigns/${emergency.id}/end`)).ok()).toBeTruthy();
    await tvCall(request, '/api/tv/heartbeat', token);
    await page.reload();
    await expect(row.getByTestId('device-on-air')).toContainText(`Janela 1: ${lunch} (campanha)`);
  });

  test('the time zone of the campaigns: admins choose it, users see it', async ({ page, request, browser }) => {
    const admin = await newUser(page, request, 'admin');
    await page.goto('/profile');
    const card = page.getByTestId('workspace-time-zone');
    const select = card.getByRole('combobox', { name: 'Fuso horário das campanhas' });
    await expect(select).toHaveText('America/Sao_Paulo');
    await expect(card.getByRole('button', { name: 'Salvar fuso horário' })).toBeDisabled();
    await select.click();
    await page.getByRole('option', { name: 'America/Manaus', exact: true }).click();
    await card.getByRole('button', { name: 'Salvar fuso horário' }).click();
    await expect(toast(page, 'Sucesso!')).toContainText('Fuso horário das campanhas atualizado com sucesso.');
    await page.reload();
    await expect(select).toHaveText('America/Manaus');

    // A user of the same workspace reads it, with no way to change it.
    const member = await createUserViaApi(request, 'user', admin);
    const context = await browser.newContext();
    const other = await context.newPage();
    await signIn(other, member.email, member.password);
    await other.goto('/profile');
    await expect(other.getByTestId('workspace-time-zone-value')).toHaveText('America/Manaus');
    await expect(other.getByTestId('workspace-time-zone').getByRole('combobox')).toHaveCount(0);
    await context.close();
  });
});
