import { expect, test, type Locator, type Page } from '@playwright/test';
import type { Device } from '../src/contract/devices';
import { expectNoA11yViolations } from './a11y';
import { addZone, dragBy, press, zone } from './zone-editor';
import { apiSignIn, createDevice, createPlaylist, uploadImage } from './api';
import { createIsolatedUser, signIn, toast, unique } from './support';

/**
 * Screens made of zones (docs/layouts.md#devices), through the admin UI: a layout drawn in the
 * editor, given to a screen in the device form, a playlist per zone in the assign dialog; what the
 * server refuses (a zone without a playlist, a layout in use removed) changes nothing.
 */

async function pickPlaylist(dialog: Locator, page: Page, label: string, playlist: string) {
  await dialog.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByPlaceholder('Buscar playlist...').fill(playlist);
  await page.getByRole('option', { name: playlist }).click();
}

async function closeToast(page: Page) {
  const close = page.getByRole('button', { name: 'Fechar notificação' });
  if (await close.count()) await close.click();
  await expect(close).toHaveCount(0);
}

const card = (page: Page, name: string) =>
  page.getByRole('list', { name: 'Lista de dispositivos' }).getByRole('listitem').filter({ hasText: name });

async function openMenu(page: Page, deviceName: string) {
  await page.getByRole('button', { name: `Ações de ${deviceName}`, exact: true }).click();
  return page.getByRole('menu');
}

test('an admin draws a three-zone layout, gives it to a screen and a playlist to each zone', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const admin = await createIsolatedUser(request, 'admin');
  await apiSignIn(request, admin);
  const [main, side, strip] = [unique('Cardápio '), unique('Clima '), unique('Ofertas ')];
  for (const name of [main, side, strip])
    await createPlaylist(request, name, [(await uploadImage(request, `${name}.png`)).id]);
  const tv = await createDevice(request, { name: unique('TV Balcão '), location: 'Loja Centro' });
  const stored = async () => (await (await request.get(`/api/devices/${tv.id}`)).json()) as Device;

  await signIn(page, admin.email, admin.password);
  await toast(page, 'Login realizado').getByRole('button', { name: 'Fechar notificação' }).click();

  // The layout: the main zone drawn with the mouse, the side panel and the strip with the keyboard.
  await page.goto('/layouts/new');
  const layout = unique('Balcão ');
  await page.getByLabel('Nome do layout').fill(layout);
  await addZone(page, 'Principal');
  await dragBy(page, zone(page, 'Principal').getByTestId('resize-handle'), 45, 55);
  await expect(zone(page, 'Principal')).toHaveAccessibleName('Zona Principal: posição 0 %, 0 %, tamanho 75 % × 85 %');
  await addZone(page, 'Lateral');
  await zone(page, 'Lateral').focus();
  await press(page, 'Shift+ArrowLeft', 5);
  await press(page, 'ArrowRight', 70);
  await press(page, 'ArrowUp', 5);
  await press(page, 'Shift+ArrowDown', 70);
  await expect(zone(page, 'Lateral')).toHaveAccessibleName('Zona Lateral: posição 75 %, 0 %, tamanho 25 % × 100 %');
  await addZone(page, 'Rodapé');
  await zone(page, 'Rodapé').focus();
  await press(page, 'Shift+ArrowUp', 15);
  await press(page, 'Shift+ArrowRight', 45);
  await press(page, 'ArrowLeft', 10);
  await press(page, 'ArrowDown', 75);
  await expect(zone(page, 'Rodapé')).toHaveAccessibleName('Zona Rodapé: posição 0 %, 85 %, tamanho 75 % × 15 %');
  await page.getByRole('button', { name: 'Criar layout' }).click();
  await expect(toast(page, 'Layout criado.')).toBeVisible();
  await closeToast(page);

  // The device form: the new layout among the horizontal ones, Tela Única and Tela Dupla first.
  await page.goto('/devices');
  await (await openMenu(page, tv.name)).getByRole('menuitem', { name: 'Editar' }).click();
  const layoutField = page.getByRole('combobox', { name: 'Layout' });
  await expect(layoutField).toHaveText('Tela Única');
  await layoutField.click();
  await expect(page.getByRole('option').first()).toHaveText('Tela Única');
  await expect(page.getByRole('option').nth(1)).toHaveText('Tela Dupla');
  await page.getByRole('option', { name: layout }).click();
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(toast(page, 'Sucesso!')).toContainText('Dispositivo atualizado com sucesso.');
  await closeToast(page);
  await expect(card(page, tv.name).getByTestId('device-layout')).toHaveText(`${layout} · 3 zonas`);

  // The assign dialog: the map and a picker per zone; a zone left empty is refused, nothing saved.
  await (await openMenu(page, tv.name)).getByRole('menuitem', { name: 'Atribuir Playlist' }).click();
  const dialog = page.getByRole('dialog', { name: 'Atribuir Playlist' });
  await expect(dialog.getByRole('img', { name: `Mapa do layout ${layout}: Principal, Lateral, Rodapé` })).toBeVisible();
  await pickPlaylist(dialog, page, 'Playlist Principal', main);
  await pickPlaylist(dialog, page, 'Playlist Lateral', side);
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(toast(page, 'Erro')).toContainText(
    `Escolha uma playlist para a zona "Rodapé" de "${tv.name}": telas com várias zonas precisam de uma playlist em cada zona.`,
  );
  expect((await stored()).zonePlaylistIds).toEqual([null, null, null]);
  await closeToast(page);
  await pickPlaylist(dialog, page, 'Playlist Rodapé', strip);
  await expectNoA11yViolations(page);
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(toast(page, 'Playlist atribuída')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(card(page, tv.name).getByTestId('device-on-air')).toHaveText(
    `Principal: ${main}Lateral: ${side}Rodapé: ${strip}`,
  );
  const assigned = (await stored()).zonePlaylistIds;
  expect(assigned).toHaveLength(3);
  expect(assigned).not.toContain(null);
  await closeToast(page);

  // A layout in use is not removed: the server's 409 names the screen, and the layout stays.
  await page.goto('/layouts');
  await page.getByRole('button', { name: `Remover o layout ${layout}` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Remover' }).click();
  await expect(toast(page, 'Erro')).toContainText(
    `Este layout está em uso pela tela "${tv.name}". Escolha outro layout para ela antes de removê-lo.`,
  );
  await expect(page.getByRole('img', { name: `Mapa do layout ${layout}: Principal, Lateral, Rodapé` })).toBeVisible();
  expect((await stored()).zonePlaylistIds).toEqual(assigned);
});
