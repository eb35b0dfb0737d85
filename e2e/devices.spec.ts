import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiSignIn, createDevice, createPlaylist, pairTv, tvCall, uploadImage } from './api';
import { createIsolatedUser, mainNav, signIn, toast, unique } from './support';

/**
 * Devices, device groups, playlist assignment and the dashboard against the real server. Every
 * test signs in as a fresh regular user, so the counts (cards, dashboard, sidebar badge) are its own.
 */

async function newUser(page: Page, request: APIRequestContext) {
  const user = await createIsolatedUser(request);
  await apiSignIn(request, user);
  await signIn(page, user.email, user.password);
  return user;
}

/** Closes the toast, if one is showing: at the bottom right it may cover the form's buttons. */
async function closeToast(page: Page) {
  const close = page.getByRole('button', { name: 'Fechar notificação' });
  if (await close.count()) await close.click();
  await expect(close).toHaveCount(0);
}

const deviceList = (page: Page) => page.getByRole('list', { name: 'Lista de dispositivos' });
const deviceCard = (page: Page, name: string) => deviceList(page).getByRole('listitem').filter({ hasText: name });
/** The TV's own actions (issue 15) on an offline device: disabled, saying why. */
const OFFLINE_CAPTURE = 'Capturar telaDisponível com a TV online';
const OFFLINE_RELOAD = 'RecarregarDisponível com a TV online';
const badge = (page: Page) => mainNav(page).getByTestId('device-count-badge');

async function openMenu(page: Page, deviceName: string) {
  await page.getByRole('button', { name: `Ações de ${deviceName}`, exact: true }).click();
  return page.getByRole('menu');
}

test.describe('devices', () => {
  test('empty states, creating a device with its generated code, a duplicate code, and the counts', async ({
    page,
    request,
  }) => {
    await newUser(page, request);

    // Dashboard with nothing yet: zeros, both empty messages, and no sidebar badge.
    await expect(page.getByTestId('summary-total')).toContainText('0');
    await expect(page.getByText('Nenhum dispositivo online')).toBeVisible();
    await expect(page.getByText('Todos os dispositivos estão online!')).toBeVisible();
    await expect(badge(page)).toHaveCount(0);

    await mainNav(page).getByRole('link', { name: 'Dispositivos' }).click();
    await expect(page).toHaveURL(/\/devices$/);
    await expect(page.getByText('Nenhum dispositivo cadastrado')).toBeVisible();
    await expect(page.getByText('Adicione seu primeiro dispositivo para começar')).toBeVisible();
    await page.getByRole('link', { name: 'Adicionar Dispositivo' }).first().click();
    await expect(page).toHaveURL(/\/devices\/add$/);

    // Validation messages of docs/product.md#validation.
    const code = page.getByLabel('Código de autenticação');
    await expect(code).toHaveAttribute('maxlength', '6');
    await expect(code).toHaveAttribute('inputmode', 'numeric');
    const generated = await code.inputValue();
    expect(generated).toMatch(/^\d{6}$/);
    await code.fill('12a');
    await page.getByRole('button', { name: 'Criar Dispositivo' }).click();
    await expect(page.getByText('Nome do dispositivo é obrigatório')).toBeVisible();
    await expect(page.getByText('Localização é obrigatória')).toBeVisible();
    await expect(page.getByText('Código deve conter exatamente 6 dígitos')).toBeVisible();

    // "Gerar Novo" puts a fresh code in; the defaults are horizontal, single, Full HD, no group.
    await page.getByRole('button', { name: 'Gerar Novo' }).click();
    await expect(code).toHaveValue(/^\d{6}$/);
    await expect(page.getByText('Código deve conter exatamente 6 dígitos')).toBeHidden();
    await expect(page.getByRole('combobox', { name: 'Orientação' })).toHaveText(/Horizontal/);
    await expect(page.getByRole('combobox', { name: 'Layout' })).toHaveText(/Tela Única/);
    await expect(page.getByRole('combobox', { name: 'Resolução' })).toHaveText(/1920x1080 \(Full HD\)/);
    await expect(page.getByRole('combobox', { name: 'Grupo' })).toHaveText(/Nenhum grupo/);

    const first = unique('TV Recepção ');
    await page.getByLabel('Nome do dispositivo').fill(first);
    await page.getByLabel('Localização').fill('Loja Centro');
    await page.getByRole('combobox', { name: 'Resolução' }).click();
    await page.getByRole('option', { name: '3840x2160 (4K)' }).click();
    const firstCode = await code.inputValue();
    await page.getByRole('button', { name: 'Criar Dispositivo' }).click();
    await expect(toast(page, 'Sucesso!')).toContainText('Dispositivo criado com sucesso.');
    await expect(page).toHaveURL(/\/devices$/);
    const card = deviceCard(page, first);
    await expect(card).toContainText('Loja Centro');
    await expect(card).toContainText('3840x2160');
    await expect(card).toContainText('1 Janela');
    await expect(card).toContainText('Horizontal');
    await expect(card).toContainText('Nenhuma');
    await expect(card).toContainText('Offline');
    await expect(card).toContainText(firstCode);
    await expect(badge(page)).toHaveText('1');

    // A second device typing the first one's code: 409 → a new code in the field and a toast.
    await page.getByRole('link', { name: 'Adicionar Dispositivo' }).first().click();
    const second = unique('Painel Vitrine ');
    await page.getByLabel('Nome do dispositivo').fill(second);
    await page.getByLabel('Localização').fill('Shopping Norte');
    await code.fill(firstCode);
    await closeToast(page);
    await page.getByRole('button', { name: 'Criar Dispositivo' }).click();
    await expect(toast(page, 'Código Duplicado')).toContainText(
      'Este código já está em uso. Um novo código foi gerado automaticamente.',
    );
    await expect(page).toHaveURL(/\/devices\/add$/);
    await expect(code).not.toHaveValue(firstCode);
    await expect(code).toHaveValue(/^\d{6}$/);
    await closeToast(page);
    await page.getByRole('button', { name: 'Criar Dispositivo' }).click();
    await expect(toast(page, 'Sucesso!')).toContainText('Dispositivo criado com sucesso.');
    await expect(page).toHaveURL(/\/devices$/);
    await expect(deviceList(page).getByRole('listitem')).toHaveCount(2);
    await expect(badge(page)).toHaveText('2');
    await expect(mainNav(page).getByRole('link', { name: 'Dispositivos 2' })).toBeVisible();

    // Cancelar on the form goes back to the list.
    await page.getByRole('link', { name: 'Adicionar Dispositivo' }).click();
    await closeToast(page);
    await page.getByRole('link', { name: 'Cancelar' }).click();
    await expect(page).toHaveURL(/\/devices$/);
  });

  test('the dashboard and the sidebar badge count the devices; offline ones offer no Desconectar', async ({
    page,
    request,
  }) => {
    await newUser(page, request);
    const first = unique('TV Recepção ');
    const second = unique('Painel Vitrine ');
    await createDevice(request, { name: first, location: 'Loja Centro', resolution: '3840x2160' });
    await createDevice(request, { name: second, location: 'Shopping Norte', layout: 'dual' });

    // The dashboard counts match: all offline, nobody online.
    await page.goto('/dashboard');
    await expect(page.getByTestId('summary-total')).toContainText('2');
    await expect(page.getByTestId('summary-online')).toContainText('0');
    await expect(page.getByTestId('summary-offline')).toContainText('2');
    await expect(page.getByText('Nenhum dispositivo online')).toBeVisible();
    await expect(page.getByTestId('dashboard-online-count')).toHaveText('0');
    await expect(page.getByTestId('dashboard-offline-count')).toHaveText('2');
    const offline = page.getByTestId('dashboard-offline').getByRole('listitem');
    await expect(offline).toHaveCount(2);
    await expect(offline.filter({ hasText: first })).toContainText('Loja Centro');
    await expect(offline.filter({ hasText: first })).toContainText('3840x2160');
    await expect(offline.filter({ hasText: first })).toContainText('Offline');
    await expect(badge(page)).toHaveText('2');
    await expect(mainNav(page).getByRole('link', { name: 'Dispositivos 2' })).toBeVisible();

    // Offline devices offer no Desconectar, and say why they cannot capture or reload (issue 15);
    // Esc gives the focus back to the menu button.
    await mainNav(page).getByRole('link', { name: 'Dispositivos' }).click();
    const menu = await openMenu(page, second);
    await expect(menu.getByRole('menuitem')).toHaveText([
      'Editar',
      'Atribuir Playlist',
      OFFLINE_CAPTURE,
      OFFLINE_RELOAD,
      'Remover',
    ]);
    await expect(menu.getByRole('menuitem', { name: /Capturar tela/ })).toBeDisabled();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('button', { name: `Ações de ${second}` })).toBeFocused();
    await expect(deviceCard(page, second)).toContainText('2 Janelas');
  });

  test('edits a device, and a missing one shows the not-found page', async ({ page, request }) => {
    await newUser(page, request);
    const name = unique('TV Caixa ');
    const device = await createDevice(request, { name, location: 'Frente de loja' });

    await page.goto('/devices');
    await (await openMenu(page, name)).getByRole('menuitem', { name: 'Editar' }).click();
    await expect(page).toHaveURL(new RegExp(`/devices/edit/${device.id}$`));
    await expect(page.getByRole('heading', { name: 'Editar Dispositivo' })).toBeVisible();
    await expect(page.getByLabel('Nome do dispositivo')).toHaveValue(name);
    await expect(page.getByLabel('Localização')).toHaveValue('Frente de loja');
    await expect(page.getByLabel('Código de autenticação')).toHaveValue(device.authCode);
    await expect(page.getByText('Desconectado')).toBeVisible();
    // No TV has used the code yet (docs/tv-protocol.md#pairing: a code pairs one TV).
    await expect(page.getByTestId('pairing-state')).toHaveText('Pareamento pendente');
    await expect(page.getByText('Ele vale para uma única TV.')).toBeVisible();
    await expect(page.getByText('Alterar o código desconecta o dispositivo')).toBeVisible();

    // Validation on edit.
    await page.getByLabel('Nome do dispositivo').fill('');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText('Nome do dispositivo é obrigatório')).toBeVisible();

    const renamed = `${name} Editada`;
    await page.getByLabel('Nome do dispositivo').fill(renamed);
    await page.getByRole('combobox', { name: 'Layout' }).click();
    await page.getByRole('option', { name: 'Tela Dupla' }).click();
    await page.getByRole('combobox', { name: 'Orientação' }).click();
    await page.getByRole('option', { name: 'Vertical' }).click();
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(toast(page, 'Sucesso!')).toContainText('Dispositivo atualizado com sucesso.');
    await expect(page).toHaveURL(/\/devices$/);
    const card = deviceCard(page, renamed);
    await expect(card).toContainText('2 Janelas');
    await expect(card).toContainText('Vertical');

    // Opening it again shows the saved values.
    await (await openMenu(page, renamed)).getByRole('menuitem', { name: 'Editar' }).click();
    await expect(page.getByLabel('Nome do dispositivo')).toHaveValue(renamed);
    await expect(page.getByRole('combobox', { name: 'Layout' })).toHaveText(/Tela Dupla/);

    // A code already used by another device: the same duplicate flow as on create.
    const other = await createDevice(request, { name: unique('Outra '), location: 'Depósito' });
    await page.getByLabel('Código de autenticação').fill(other.authCode);
    await closeToast(page);
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(toast(page, 'Código Duplicado')).toBeVisible();
    await expect(page.getByLabel('Código de autenticação')).not.toHaveValue(other.authCode);

    // Not found: a missing id and a non-numeric one.
    await page.goto('/devices/edit/987654321');
    await expect(page.getByRole('heading', { name: 'Dispositivo não encontrado' })).toBeVisible();
    await page.goto('/devices/edit/abc');
    await expect(page.getByRole('heading', { name: 'Dispositivo não encontrado' })).toBeVisible();
    await page.getByRole('link', { name: 'Voltar para Dispositivos' }).click();
    await expect(page).toHaveURL(/\/devices$/);
  });

  test('manages device groups from the dialog and puts a device in a group', async ({ page, request }) => {
    await newUser(page, request);
    await page.goto('/devices/add');
    await page.getByRole('button', { name: 'Gerenciar grupos' }).click();
    const dialog = page.getByRole('dialog', { name: 'Grupos de Dispositivos' });
    await expect(dialog.getByText('Nenhum grupo criado')).toBeVisible();

    // Create the first group; the name is required.
    await dialog.getByRole('button', { name: 'Criar Primeiro Grupo' }).click();
    const form = page.getByRole('dialog', { name: 'Novo Grupo' });
    await form.getByRole('button', { name: 'Criar Grupo' }).click();
    await expect(form.getByText('Nome do grupo é obrigatório')).toBeVisible();
    const groupA = unique('Lojas Centro ');
    await form.getByLabel('Nome do grupo').fill(groupA);
    await form.getByLabel('Descrição').fill('Telas das lojas do centro');
    await form.getByRole('button', { name: 'Criar Grupo' }).click();
    await expect(toast(page, 'Sucesso!')).toContainText('Grupo criado com sucesso.');
    const groups = dialog.getByRole('list', { name: 'Lista de grupos' }).getByRole('listitem');
    const rowA = groups.filter({ hasText: groupA });
    await expect(rowA).toContainText('Telas das lojas do centro');
    await expect(rowA).toContainText(/Criado em \d{2}\/\d{2}\/\d{4}/);

    // A second one without a description, through "Novo Grupo".
    await dialog.getByRole('button', { name: 'Novo Grupo' }).click();
    const groupB = unique('Quiosques ');
    await page.getByLabel('Nome do grupo').fill(groupB);
    await page.getByRole('button', { name: 'Criar Grupo' }).click();
    await expect(toast(page, 'Sucesso!')).toContainText('Grupo criado com sucesso.');
    await expect(groups).toHaveCount(2);
    await expect(groups.filter({ hasText: groupB })).toContainText('Sem descrição');

    // Edit: prefilled; Voltar and Cancelar go back to the list without saving.
    await dialog.getByRole('button', { name: `Editar grupo ${groupA}` }).click();
    await expect(page.getByLabel('Nome do grupo')).toHaveValue(groupA);
    await page.getByRole('button', { name: 'Voltar' }).click();
    await expect(groups).toHaveCount(2);
    await dialog.getByRole('button', { name: `Editar grupo ${groupA}` }).click();
    await page.getByRole('button', { name: 'Cancelar' }).click();
    await expect(groups).toHaveCount(2);
    await dialog.getByRole('button', { name: `Editar grupo ${groupA}` }).click();
    const renamedA = `${groupA} Sul`;
    await page.getByLabel('Nome do grupo').fill(renamedA);
    await page.getByRole('button', { name: 'Atualizar Grupo' }).click();
    await expect(toast(page, 'Sucesso!')).toContainText('Grupo atualizado com sucesso.');
    await expect(groups.filter({ hasText: renamedA })).toHaveCount(1);

    // Closing from the form view and opening again starts on the list.
    await dialog.getByRole('button', { name: 'Novo Grupo' }).click();
    await page.getByRole('dialog', { name: 'Novo Grupo' }).getByRole('button', { name: 'Fechar' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await page.getByRole('button', { name: 'Gerenciar grupos' }).click();
    await expect(dialog.getByRole('list', { name: 'Lista de grupos' })).toBeVisible();

    // Delete with the confirmation.
    await dialog.getByRole('button', { name: `Remover grupo ${groupB}` }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText(
      'Tem certeza que deseja remover este grupo? Os dispositivos associados não serão removidos.',
    );
    await confirm.getByRole('button', { name: 'Remover' }).click();
    await expect(toast(page, 'Sucesso!')).toContainText('Grupo removido com sucesso.');
    await expect(groups).toHaveCount(1);
    await dialog.getByRole('button', { name: 'Fechar' }).click();

    // The form's select lists the remaining group; the device is created in it.
    await page.getByRole('combobox', { name: 'Grupo' }).click();
    await expect(page.getByRole('option')).toHaveText(['Nenhum grupo', renamedA]);
    await page.getByRole('option', { name: renamedA }).click();
    const name = unique('TV Agrupada ');
    await page.getByLabel('Nome do dispositivo').fill(name);
    await page.getByLabel('Localização').fill('Centro');
    await closeToast(page);
    await page.getByRole('button', { name: 'Criar Dispositivo' }).click();
    await expect(toast(page, 'Sucesso!')).toContainText('Dispositivo criado com sucesso.');
    await (await openMenu(page, name)).getByRole('menuitem', { name: 'Editar' }).click();
    await expect(page.getByRole('combobox', { name: 'Grupo' })).toHaveText(new RegExp(renamedA));

    // Removing the group from the edit form leaves the device with no group.
    await page.getByRole('button', { name: 'Gerenciar grupos' }).click();
    await dialog.getByRole('button', { name: `Remover grupo ${renamedA}` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Remover' }).click();
    await expect(toast(page, 'Sucesso!')).toContainText('Grupo removido com sucesso.');
    await expect(dialog.getByText('Nenhum grupo criado')).toBeVisible();
    await dialog.getByRole('button', { name: 'Fechar' }).click();
    await expect(page.getByRole('combobox', { name: 'Grupo' })).toHaveText(/Nenhum grupo/);
    await closeToast(page);
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(toast(page, 'Sucesso!')).toContainText('Dispositivo atualizado com sucesso.');
  });

  test('assigns playlists to a single and a dual device', async ({ page, request }) => {
    await newUser(page, request);
    const promo = unique('Promoções ');
    const inst = unique('Institucional ');
    await createPlaylist(request, promo, [(await uploadImage(request, `${promo}.png`)).id]);
    await createPlaylist(request, inst, [(await uploadImage(request, `${inst}.png`)).id]);
    const single = unique('TV Única ');
    const dual = unique('TV Dupla ');
    await createDevice(request, { name: single, location: 'Balcão' });
    await createDevice(request, { name: dual, location: 'Vitrine', layout: 'dual' });

    await page.goto('/devices');
    await expect(deviceCard(page, single)).toContainText('Nenhuma');

    // Single window: one picker with "Nenhuma playlist", searchable.
    await (await openMenu(page, single)).getByRole('menuitem', { name: 'Atribuir Playlist' }).click();
    const dialog = page.getByRole('dialog', { name: 'Atribuir Playlist' });
    await expect(dialog).toContainText('Selecione uma playlist para atribuir ao dispositivo.');
    await expect(dialog).toContainText(single);
    await expect(dialog).toContainText('1 Janela');
    const picker = dialog.getByRole('combobox', { name: 'Playlist', exact: true });
    await expect(picker).toHaveText(/Nenhuma playlist/);
    await picker.click();
    const search = page.getByPlaceholder('Buscar playlist...');
    await expect(search).toBeFocused();
    await search.fill('nada-com-esse-nome');
    await expect(page.getByText('Nenhuma playlist encontrada')).toBeVisible();
    await search.fill(promo.slice(0, 6).toUpperCase());
    await expect(page.getByRole('option')).toHaveText([promo]);
    await page.getByRole('option', { name: promo }).click();
    await expect(picker).toHaveText(new RegExp(promo));
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await expect(toast(page, 'Playlist atribuída')).toContainText(
      'A playlist foi atribuída ao dispositivo com sucesso.',
    );
    await expect(dialog).toBeHidden();
    await expect(deviceCard(page, single)).toContainText(promo);
    await expect(page.getByRole('button', { name: `Ações de ${single}` })).toBeFocused();

    // Dual window: two pickers; one missing → the error toast and no request.
    await (await openMenu(page, dual)).getByRole('menuitem', { name: 'Atribuir Playlist' }).click();
    await expect(dialog).toContainText('Selecione duas playlists para as janelas do dispositivo.');
    await expect(dialog).toContainText('2 Janelas');
    const w1 = dialog.getByRole('combobox', { name: 'Playlist Janela 1' });
    const w2 = dialog.getByRole('combobox', { name: 'Playlist Janela 2' });
    await w1.click();
    await expect(page.getByRole('option', { name: 'Nenhuma playlist' })).toHaveCount(0);
    // Keyboard: type, then Enter picks the first match.
    await page.getByPlaceholder('Buscar playlist...').fill(promo);
    await page.keyboard.press('Enter');
    await expect(w1).toHaveText(new RegExp(promo));
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await expect(toast(page, 'Erro')).toContainText(
      'Dispositivos com 2 janelas devem ter duas playlists selecionadas.',
    );
    await expect(dialog).toBeVisible();
    await w2.click();
    await page.getByRole('option', { name: inst }).click();
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await expect(toast(page, 'Playlist atribuída')).toBeVisible();
    const dualCard = deviceCard(page, dual);
    await expect(dualCard).toContainText(`J1: ${promo}`);
    await expect(dualCard).toContainText(`J2: ${inst}`);

    // Reopening preselects the current playlists; Cancelar leaves them as they are.
    await (await openMenu(page, dual)).getByRole('menuitem', { name: 'Atribuir Playlist' }).click();
    await expect(w1).toHaveText(new RegExp(promo));
    await expect(w2).toHaveText(new RegExp(inst));
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await expect(dialog).toBeHidden();

    // Back to no playlist on the single device.
    await (await openMenu(page, single)).getByRole('menuitem', { name: 'Atribuir Playlist' }).click();
    await picker.click();
    await page.getByRole('option', { name: 'Nenhuma playlist' }).click();
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await expect(toast(page, 'Playlist atribuída')).toBeVisible();
    await expect(deviceCard(page, single)).not.toContainText(promo);
    await expect(deviceCard(page, single)).toContainText('Nenhuma');
  });

  test('searches the list and removes a device after the confirmation', async ({ page, request }) => {
    await newUser(page, request);
    const lobby = unique('TV Recepção ');
    const shelf = unique('Painel Gôndola ');
    const menuBoard = unique('Cardápio ');
    const removed = await createDevice(request, { name: lobby, location: 'Matriz Campinas' });
    await createDevice(request, { name: shelf, location: 'Filial Santos' });
    await createDevice(request, { name: menuBoard, location: 'Praça de Alimentação' });

    await page.goto('/devices');
    const cards = deviceList(page).getByRole('listitem');
    await expect(cards).toHaveCount(3);
    await expect(badge(page)).toHaveText('3');

    const search = page.getByPlaceholder('Buscar dispositivos...');
    await search.fill('GÔNDOLA');
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toContainText(shelf);
    await search.fill('campinas');
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toContainText(lobby);
    await search.fill('ninguém-tem-esse-nome');
    await expect(page.getByText('Nenhum dispositivo encontrado')).toBeVisible();
    await expect(page.getByText('Tente ajustar os termos de busca.')).toBeVisible();
    await search.fill('');
    await expect(cards).toHaveCount(3);

    // The confirmation: what is removed and what happens; Cancelar keeps the device.
    await (await openMenu(page, lobby)).getByRole('menuitem', { name: 'Remover' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Remover Dispositivo' });
    await expect(confirm).toContainText('Esta ação não pode ser desfeita.');
    await expect(confirm).toContainText(lobby);
    await expect(confirm).toContainText('Matriz Campinas');
    await expect(confirm).toContainText('Desconectado');
    await expect(confirm).toContainText(removed.authCode);
    await expect(confirm).toContainText('Ele será desconectado imediatamente.');
    await expect(confirm).toContainText('Todas as configurações serão perdidas.');
    await expect(confirm).toContainText('O histórico de atividades será mantido.');
    await expect(confirm).toContainText('As playlists atribuídas serão desvinculadas.');
    await confirm.getByRole('button', { name: 'Cancelar' }).click();
    await expect(confirm).toBeHidden();
    await expect(cards).toHaveCount(3);

    await (await openMenu(page, lobby)).getByRole('menuitem', { name: 'Remover' }).click();
    await confirm.getByRole('button', { name: 'Remover Dispositivo' }).click();
    await expect(toast(page, 'Dispositivo removido')).toContainText('O dispositivo foi removido com sucesso.');
    await expect(confirm).toBeHidden();
    await expect(cards).toHaveCount(2);
    await expect(deviceCard(page, lobby)).toHaveCount(0);
    await expect(badge(page)).toHaveText('2');

    await mainNav(page).getByRole('link', { name: 'Dashboard' }).click();
    await expect(page.getByTestId('summary-total')).toContainText('2');
    await expect(page.getByTestId('summary-offline')).toContainText('2');
  });

  test('online devices: states, Desconectar, the dashboard lists and the connection on the forms', async ({
    page,
    request,
  }) => {
    await newUser(page, request);
    const running = unique('TV Executando ');
    const waiting = unique('TV Aguardando ');
    const idle = unique('TV Desligada ');
    const runningDevice = await createDevice(request, { name: running, location: 'Hall', layout: 'dual' });
    const waitingDevice = await createDevice(request, { name: waiting, location: 'Corredor' });
    const idleDevice = await createDevice(request, { name: idle, location: 'Depósito' });

    // Real TVs through the TV protocol: one plays, one waits, one paired and then disconnected.
    const runningToken = await pairTv(request, runningDevice.authCode);
    await tvCall(request, '/api/tv/status', runningToken, { state: 'playing' });
    await pairTv(request, waitingDevice.authCode);
    await pairTv(request, idleDevice.authCode);
    expect((await request.post(`/api/devices/${idleDevice.id}/disconnect`)).ok()).toBeTruthy();

    await page.goto('/dashboard');
    await expect(page.getByTestId('summary-total')).toContainText('3');
    await expect(page.getByTestId('summary-online')).toContainText('2');
    await expect(page.getByTestId('summary-offline')).toContainText('1');
    const online = page.getByTestId('dashboard-online').getByRole('listitem');
    await expect(online).toHaveCount(2);
    await expect(online.filter({ hasText: running })).toContainText('2 Janelas');
    await expect(online.filter({ hasText: running })).toContainText('Online');
    await expect(online.filter({ hasText: waiting })).toContainText('1 Janela');
    const offline = page.getByTestId('dashboard-offline').getByRole('listitem');
    await expect(offline).toHaveText([new RegExp(idle)]);
    await expect(offline).toContainText('Agora mesmo');

    await mainNav(page).getByRole('link', { name: 'Dispositivos' }).click();
    await expect(deviceCard(page, running)).toContainText('Executando');
    await expect(deviceCard(page, waiting)).toContainText('Aguardando');
    await expect(deviceCard(page, idle)).toContainText('Offline');
    // Which codes a TV holds (spent) and which wait for one (re-armed by Desconectar).
    await expect(deviceCard(page, running).getByTestId('pairing-state')).toHaveText('Código em uso por uma TV');
    await expect(deviceCard(page, waiting).getByTestId('pairing-state')).toHaveText('Código em uso por uma TV');
    await expect(deviceCard(page, idle).getByTestId('pairing-state')).toHaveText('Pareamento pendente');

    // Desconectar: only on online (or paired) devices. A device removed elsewhere meanwhile leaves the
    // open page at once (issue 12: no stale card to act on); then a real disconnect succeeds.
    await expect((await openMenu(page, running)).getByRole('menuitem')).toHaveText([
      'Editar',
      'Atribuir Playlist',
      'Capturar tela',
      'Recarregar',
      'Desconectar',
      'Remover',
    ]);
    await page.keyboard.press('Escape');
    await expect((await openMenu(page, idle)).getByRole('menuitem')).toHaveText([
      'Editar',
      'Atribuir Playlist',
      OFFLINE_CAPTURE,
      OFFLINE_RELOAD,
      'Remover',
    ]);
    await page.keyboard.press('Escape');
    const goner = await createDevice(request, { name: unique('TV Removida '), location: 'Loja' });
    await pairTv(request, goner.authCode);
    await page.reload();
    await expect(deviceCard(page, goner.name)).toContainText('Aguardando');
    expect((await request.delete(`/api/devices/${goner.id}`)).status()).toBe(204);
    await expect(deviceCard(page, goner.name)).toHaveCount(0);
    await (await openMenu(page, waiting)).getByRole('menuitem', { name: 'Desconectar' }).click();
    await expect(toast(page, 'Dispositivo desconectado')).toContainText('O dispositivo foi desconectado com sucesso.');
    await expect(deviceCard(page, waiting)).toContainText('Offline');
    await expect(deviceCard(page, waiting).getByTestId('pairing-state')).toHaveText('Pareamento pendente');

    // The removal confirmation and the edit form show the connection.
    await (await openMenu(page, running)).getByRole('menuitem', { name: 'Remover' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Remover Dispositivo' });
    await expect(confirm).toContainText('Conectado');
    await expect(confirm).toContainText('Executando');
    await confirm.getByRole('button', { name: 'Cancelar' }).click();
    await page.goto(`/devices/edit/${runningDevice.id}`);
    await expect(page.getByText('Conectado', { exact: true })).toBeVisible();
    await expect(page.getByText('Executando', { exact: true })).toBeVisible();
    await expect(page.getByTestId('pairing-state')).toHaveText('Código em uso por uma TV');
    await expect(page.getByText('outra TV não consegue usá-lo')).toBeVisible();
  });
});
