import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { CampaignInput } from '../src/contract/campaigns';
import * as factories from '../src/server/test/api-factories';
import { expectNoA11yViolations } from './a11y';
import { apiSignIn, client, createCampaign, createDevice, createPlaylist, uploadImage } from './api';
import { createIsolatedUser, signIn, toast, unique } from './support';

/**
 * The campaigns page (issue 14) against the real server, in a pool workspace of its own: the form
 * with its pt-BR validation, publish / pause / end / remove from the list, the state badge (ticking
 * on the page's fake clock), the week view, and an emergency started and ended from the UI.
 */

type Setup = { playlist: string; playlistId: number; device: string; deviceId: number; group: string; groupId: number };

/** A pool user with a playlist, a device showing it and a group holding that device, made over the API. */
async function setUp(request: APIRequestContext): Promise<{ user: { email: string; password: string } } & Setup> {
  const user = await createIsolatedUser(request);
  const tag = unique('cp');
  await apiSignIn(request, user);
  const playlist = `Vitrine ${tag}`;
  const { id: playlistId } = await createPlaylist(request, playlist, [(await uploadImage(request, `${tag}.png`)).id]);
  const group = `Lojas ${tag}`;
  const { id: groupId } = await factories.createGroup(client(request), { name: group });
  const device = `Balcão ${tag}`;
  const { id: deviceId } = await createDevice(request, { name: device, groupId });
  await factories.assignPlaylists(client(request), deviceId, playlistId);
  await request.post('/api/auth/logout');
  return { user, playlist, playlistId, device, deviceId, group, groupId };
}

async function apiCampaign(
  request: APIRequestContext,
  user: { email: string; password: string },
  fields: Partial<CampaignInput> & { playlistId: number },
) {
  await apiSignIn(request, user);
  const campaign = await createCampaign(request, fields);
  await request.post('/api/auth/logout');
  return campaign;
}

const row = (page: Page, name: string) =>
  page.getByRole('listitem').filter({ has: page.getByRole('heading', { name, exact: true }) });
const state = (page: Page, name: string) => row(page, name).getByTestId('campaign-state');

async function choose(page: Page, combobox: string, option: string) {
  await page.getByRole('combobox', { name: combobox }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test.describe('campaigns', () => {
  test('create with pt-BR validation, publish, edit, pause, end and remove from the list', async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const s = await setUp(request);
    await signIn(page, s.user.email, s.user.password);
    await page
      .getByRole('navigation', { name: 'Navegação principal' })
      .getByRole('link', { name: 'Campanhas' })
      .click();
    await expect(page).toHaveURL(/\/campaigns$/);
    await expect(page.getByText('Nenhuma campanha criada')).toBeVisible();

    await page.getByRole('link', { name: 'Nova Campanha' }).click();
    await expect(page).toHaveURL(/\/campaigns\/new$/);
    await page.getByRole('button', { name: 'Publicar' }).click();
    await expect(page.getByText('Nome da campanha é obrigatório')).toBeVisible();
    await expect(page.getByText('Selecione uma playlist')).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Nome', exact: true })).toHaveAttribute('aria-invalid', 'true');

    const lunch = `Almoço ${unique('')}`;
    await page.getByRole('textbox', { name: 'Nome', exact: true }).fill(lunch);
    await choose(page, 'Playlist', s.playlist);
    // Publishing needs screens; a draft does not.
    await page.getByRole('button', { name: 'Publicar' }).click();
    await expect(page.getByText('Escolha ao menos um dispositivo ou grupo, ou todas as telas')).toBeVisible();
    await page
      .getByRole('searchbox', { name: 'Buscar dispositivos por nome ou localização' })
      .fill(s.device.slice(0, 8));
    await page.getByRole('checkbox', { name: new RegExp(s.device) }).check();
    await expect(page.getByText('Escolha ao menos um dispositivo ou grupo, ou todas as telas')).toBeHidden();
    await page.getByRole('button', { name: 'Publicar' }).click();
    await expect(toast(page, 'Campanha criada com sucesso.')).toBeVisible();
    await expect(page).toHaveURL(/\/campaigns$/);
    // Every day, all day, no dates: on the air now.
    await expect(state(page, lunch)).toHaveText('No ar agora');
    await expect(row(page, lunch)).toContainText(s.playlist);
    await expect(row(page, lunch)).toContainText('1 dispositivo');
    await expect(row(page, lunch)).toContainText('Todos os dias');
    await expect(row(page, lunch)).toContainText('Sem datas definidas');

    // A draft without screens, then edited: all screens, weekdays, lunch hours, from 2030.
    const later = `Inverno ${unique('')}`;
    await page.getByRole('link', { name: 'Nova Campanha' }).click();
    await page.getByRole('textbox', { name: 'Nome', exact: true }).fill(later);
    await choose(page, 'Playlist', s.playlist);
    await page.getByRole('button', { name: 'Salvar rascunho' }).click();
    await expect(toast(page, 'Campanha criada com sucesso.')).toBeVisible();
    await expect(state(page, later)).toHaveText('Rascunho');
    await expect(row(page, later)).toContainText('Nenhuma tela');

    await row(page, later)
      .getByRole('link', { name: `Editar ${later}` })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Editar Campanha' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Nome', exact: true })).toHaveValue(later);
    await page.getByRole('checkbox', { name: 'Todas as telas' }).check();
    await page.getByRole('button', { name: 'Sábado' }).click();
    await page.getByRole('button', { name: 'Domingo' }).click();
    await expect(page.getByRole('button', { name: 'Domingo' })).toHaveAttribute('aria-pressed', 'false');
    await page.getByLabel('Das', { exact: true }).fill('11:30');
    await page.getByLabel('Até', { exact: true }).fill('14:00');
    await page.getByLabel('Início', { exact: true }).fill('2030-01-07T08:00');
    await page.getByRole('button', { name: 'Publicar' }).click();
    await expect(toast(page, 'Campanha atualizada com sucesso.')).toBeVisible();
    await expect(state(page, later)).toHaveText('Agendada');
    await expect(row(page, later)).toContainText('Todas as telas');
    await expect(row(page, later)).toContainText('Seg a Sex, 11:30–14:00');
    await expect(row(page, later)).toContainText('A partir de 07/01/2030 08:00');

    // Pause and publish again from the list.
    await row(page, later)
      .getByRole('button', { name: `Pausar ${later}` })
      .click();
    await expect(toast(page, 'Campanha pausada com sucesso.')).toBeVisible();
    await expect(state(page, later)).toHaveText('Pausada');
    await row(page, later)
      .getByRole('button', { name: `Publicar ${later}` })
      .click();
    await expect(toast(page, 'Campanha publicada com sucesso.')).toBeVisible();
    await expect(state(page, later)).toHaveText('Agendada');

    // Search by name.
    await page.getByRole('searchbox', { name: 'Buscar campanhas por nome' }).fill(later.toLowerCase());
    await expect(row(page, lunch)).toHaveCount(0);
    await expect(row(page, later)).toHaveCount(1);
    await page.getByRole('searchbox', { name: 'Buscar campanhas por nome' }).fill('');

    // End the one on the air: it stays, Encerrada.
    await row(page, lunch)
      .getByRole('button', { name: `Encerrar agora ${lunch}` })
      .click();
    const endDialog = page.getByRole('alertdialog', { name: 'Encerrar campanha' });
    await expect(endDialog).toContainText(lunch);
    await endDialog.getByRole('button', { name: 'Encerrar agora' }).click();
    await expect(toast(page, 'Campanha encerrada com sucesso.')).toBeVisible();
    await expect(state(page, lunch)).toHaveText('Encerrada');

    // Remove the other after the question.
    await row(page, later)
      .getByRole('button', { name: `Remover ${later}` })
      .click();
    const removeDialog = page.getByRole('alertdialog', { name: 'Remover Campanha' });
    await expect(removeDialog).toContainText(later);
    await removeDialog.getByRole('button', { name: 'Remover' }).click();
    await expect(toast(page, 'Campanha removida com sucesso.')).toBeVisible();
    await expect(row(page, later)).toHaveCount(0);
    await expect(row(page, lunch)).toHaveCount(1);
  });

  test('the state badge moves from Agendada to No ar agora at the start minute, page left open', async ({
    page,
    request,
  }) => {
    const s = await setUp(request);
    const now = Date.now();
    // Starts at the second whole minute from now: the page's clock is moved there, not waited for.
    const start = new Date((Math.floor(now / 60_000) + 2) * 60_000);
    const name = `Abertura ${unique('')}`;
    await apiCampaign(request, s.user, {
      name,
      playlistId: s.playlistId,
      allDevices: true,
      status: 'published',
      startDate: start.toISOString(),
    });
    await signIn(page, s.user.email, s.user.password);
    await page.clock.install({ time: now });
    await page.goto('/campaigns');
    await expect(state(page, name)).toHaveText('Agendada');
    await page.clock.runFor(start.getTime() - now + 1_000);
    await expect(state(page, name)).toHaveText('No ar agora');
  });

  test('a campaign created elsewhere appears in the open list, and leaves it when removed there', async ({
    page,
    request,
  }) => {
    const s = await setUp(request);
    await signIn(page, s.user.email, s.user.password);
    await page.goto('/campaigns');
    await expect(page.getByText('Nenhuma campanha criada')).toBeVisible();
    const name = `Vitrine ${unique('')}`;
    const campaign = await apiCampaign(request, s.user, { name, playlistId: s.playlistId, deviceIds: [s.deviceId] });
    // The admin channel's campaign_update refreshes the campaigns and says so; no reload.
    await expect(state(page, name)).toHaveText('Rascunho');
    await expect(toast(page, 'Campanhas atualizadas')).toBeVisible();
    await apiSignIn(request, s.user);
    expect((await request.delete(`/api/campaigns/${campaign.id}`)).status()).toBe(204);
    await expect(row(page, name)).toHaveCount(0);
  });

  test('the week view shows a weekday lunch campaign in its hours, for the device and for its group', async ({
    page,
    request,
  }) => {
    const s = await setUp(request);
    const name = `Almoço ${unique('')}`;
    await apiCampaign(request, s.user, {
      name,
      playlistId: s.playlistId,
      groupIds: [s.groupId],
      status: 'published',
      schedule: { weekdays: [1, 2, 3, 4, 5], startTime: '11:30', endTime: '14:00' },
    });
    await signIn(page, s.user.email, s.user.password);
    await page.goto('/campaigns');
    await page
      .getByRole('navigation', { name: 'Visualização das campanhas' })
      .getByRole('link', { name: 'Semana' })
      .click();
    await expect(page).toHaveURL(/\/campaigns\/semana$/);
    await expect(page.getByText('Escolha uma tela ou um grupo para ver a programação da semana.')).toBeVisible();

    await choose(page, 'Tela ou grupo', s.device);
    const table = page.getByRole('table', { name: `Programação da semana de ${s.device}` });
    await expect(table).toBeVisible();
    const cell = (weekday: number, hour: number) => table.getByTestId(`week-cell-${weekday}-${hour}`);
    // Monday: the playlist until 11:30, then the campaign until 14:00.
    await expect(cell(1, 10)).toHaveText(new RegExp(`Playlist padrão: ${s.playlist}`));
    await expect(cell(1, 11)).toContainText(`11:00: Playlist padrão: ${s.playlist}`);
    await expect(cell(1, 11)).toContainText(`11:30: ${name}`);
    await expect(cell(1, 12)).toContainText(name);
    await expect(cell(5, 13)).toContainText(name);
    await expect(cell(1, 14)).not.toContainText(name);
    // Not on the weekend.
    await expect(cell(0, 12)).not.toContainText(name);
    await expect(cell(6, 12)).not.toContainText(name);
    await expect(page.getByRole('region', { name: 'Legenda' })).toContainText(name);

    await choose(page, 'Tela ou grupo', s.group);
    const groupTable = page.getByRole('table', { name: `Programação da semana de ${s.group}` });
    await expect(groupTable.getByTestId('week-cell-3-12')).toContainText(name);
    await expect(groupTable.getByTestId('week-cell-3-15')).toContainText('Playlist de cada tela');
  });

  test('the week view of a screen made of zones: a band per zone, a campaign for "principal" in its zone only', async ({
    page,
    request,
  }) => {
    const s = await setUp(request);
    const tag = unique('zw');
    await apiSignIn(request, s.user);
    const footer = `Letreiro ${tag}`;
    const { id: footerId } = await createPlaylist(request, footer, [(await uploadImage(request, `${tag}.png`)).id]);
    // Principal + rodapé (-3), a playlist per zone (docs/layouts.md#devices).
    const device = `Vitrine ${tag}`;
    const { id: deviceId } = await createDevice(request, { name: device, layoutId: -3 });
    const assigned = await request.patch(`/api/devices/${deviceId}`, {
      data: { zonePlaylistIds: [s.playlistId, footerId] },
    });
    expect(assigned.status(), await assigned.text()).toBe(200);
    await request.post('/api/auth/logout');
    const name = `Almoço ${unique('')}`;
    await apiCampaign(request, s.user, {
      name,
      playlistId: s.playlistId,
      deviceIds: [deviceId],
      zones: ['principal'],
      status: 'published',
      schedule: { weekdays: [1, 2, 3, 4, 5], startTime: '11:30', endTime: '14:00' },
    });
    await signIn(page, s.user.email, s.user.password);
    await page.goto('/campaigns/semana');
    await choose(page, 'Tela ou grupo', device);
    const table = page.getByRole('table', { name: `Programação da semana de ${device}` });
    await expect(table.getByRole('columnheader', { name: 'Hora e zona' })).toBeVisible();
    const band = (hour: number, zone: string) => table.getByTestId(`week-band-1-${hour}-${zone}`);
    await expect(band(12, 'principal')).toHaveText(name);
    await expect(band(12, 'rodape')).toHaveText('');
    await expect(table.getByTestId('week-cell-1-12')).toHaveAttribute(
      'title',
      `Principal: ${name} | Rodapé: ${footer}`,
    );
    await expect(table.getByTestId('week-cell-1-10')).toHaveAttribute(
      'title',
      `Principal: ${s.playlist} | Rodapé: ${footer}`,
    );
    await expect(table.getByRole('rowheader', { name: '12h' })).toContainText('PrincipalRodapé');
    await expect(page.getByRole('region', { name: 'Legenda' })).toContainText(name);
    await expectNoA11yViolations(page);
  });

  test('an emergency is started for all screens from the dialog and ended from the banner', async ({
    page,
    request,
  }) => {
    const s = await setUp(request);
    await signIn(page, s.user.email, s.user.password);
    await page.goto('/campaigns');
    await page.getByRole('button', { name: 'Emergência', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Emergência' });
    await dialog.getByRole('button', { name: 'Iniciar emergência' }).click();
    await expect(dialog.getByText('Selecione uma playlist')).toBeVisible();
    await choose(page, 'Playlist', s.playlist);
    await dialog.getByRole('button', { name: 'Iniciar emergência' }).click();
    await expect(dialog.getByText('Escolha ao menos um dispositivo ou grupo, ou todas as telas')).toBeVisible();
    await dialog.getByRole('checkbox', { name: 'Todas as telas' }).check();
    await dialog.getByRole('button', { name: 'Iniciar emergência' }).click();
    await expect(toast(page, 'A emergência foi enviada às telas escolhidas.')).toBeVisible();
    await expect(dialog).toBeHidden();

    const banner = page.getByRole('region', { name: 'Emergência no ar: Emergência' });
    await expect(banner).toContainText('Exibida em: Todas as telas');
    await expect(state(page, 'Emergência')).toHaveText('No ar agora');
    await expect(row(page, 'Emergência').getByTestId('campaign-priority')).toHaveText('Emergência');

    await banner.getByRole('button', { name: 'Encerrar emergência' }).click();
    await expect(toast(page, 'As telas voltaram à programação normal.')).toBeVisible();
    await expect(banner).toBeHidden();
    await expect(state(page, 'Emergência')).toHaveText('Encerrada');
  });
});
