import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import sharp from 'sharp';
import { formatBytes } from '../src/web/lib/format';
import { apiSignIn, uploadMedia } from './api';
import { createIsolatedUser, signIn, toast, unique } from './support';

/**
 * Playlists against the real server: media uploaded through the real API, then the whole wizard
 * (validation, selection, keyboard and mouse reordering, durations, the auto-advancing preview),
 * the list, editing and the removal confirmation.
 */

type Uploaded = { id: number; originalName: string; size: number };

/** Three small, distinct PNGs (noise makes them a few KB, so the size shows in KB). */
async function makePng(background: string): Promise<Buffer> {
  return sharp({
    create: { width: 48, height: 27, channels: 3, background, noise: { type: 'gaussian', mean: 128, sigma: 50 } },
  })
    .png()
    .toBuffer();
}

/** Signs the request context in as `user` and uploads each file through POST /api/media/upload. */
async function uploadImages(
  request: APIRequestContext,
  user: { email: string; password: string },
  names: string[],
): Promise<Uploaded[]> {
  await apiSignIn(request, user);
  const colors = ['#1d4ed8', '#16a34a', '#dc2626'];
  const uploaded: Uploaded[] = [];
  for (const [i, name] of names.entries()) {
    const media = await uploadMedia(request, name, 'image/png', await makePng(colors[i % colors.length]!));
    uploaded.push({ id: media.id, originalName: media.originalName, size: media.size });
  }
  await request.post('/api/auth/logout');
  return uploaded;
}

const nextButton = (page: Page) => page.getByRole('button', { name: 'Próximo', exact: true });
const selectedList = (page: Page) => page.getByRole('list', { name: 'Mídias selecionadas, em ordem de reprodução' });
const playbackOrder = (page: Page) => page.getByTestId('playback-order').getByRole('listitem');

/** The names of the selected items, in order (each row's remove button names its media). */
async function selectedNames(page: Page): Promise<string[]> {
  const labels = await selectedList(page)
    .getByRole('button', { name: /^Remover .* da playlist$/ })
    .evaluateAll((els) => els.map((el) => el.getAttribute('aria-label') ?? ''));
  return labels.map((label) => label.replace(/^Remover /, '').replace(/ da playlist$/, ''));
}

async function expectStep(page: Page, step: 1 | 2 | 3, title: string) {
  await expect(page.getByText(`Passo ${step} de 3`)).toBeVisible();
  await expect(page.getByTestId('wizard-percent')).toHaveText(`${[33, 67, 100][step - 1]}%`);
  await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();
}

/** Drags a row by its handle onto another row with real mouse events (dnd-kit's pointer sensor). */
async function dragHandle(page: Page, handle: Locator, target: Locator) {
  const from = (await handle.boundingBox())!;
  const to = (await target.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 + 8, { steps: 4 });
  await page.mouse.move(from.x + from.width / 2, to.y + to.height / 2 + 4, { steps: 15 });
  await page.mouse.up();
}

test.describe('playlists', () => {
  test('build a playlist in the wizard, find it in the list, edit it and remove it', async ({ page, request }) => {
    test.setTimeout(90_000);
    const user = await createIsolatedUser(request);
    const tag = unique('pl');
    const [azul, verde, vermelho] = await uploadImages(request, user, [
      `${tag}-azul.png`,
      `${tag}-verde.png`,
      `${tag}-vermelho.png`,
    ]);
    const name = `Vitrine ${tag}`;

    await signIn(page, user.email, user.password);
    await page.goto('/playlists');
    await expect(page.getByText('Nenhuma playlist criada')).toBeVisible();
    await page.getByRole('link', { name: 'Nova Playlist' }).click();
    await expect(page).toHaveURL(/\/playlists\/create$/);

    // Step 1: Next stays disabled while the name is blank.
    await expectStep(page, 1, 'Informações da Playlist');
    await expect(page.getByRole('progressbar', { name: 'Progresso da playlist' })).toHaveAttribute(
      'aria-valuenow',
      '33',
    );
    await expect(nextButton(page)).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Anterior', exact: true })).toBeDisabled();
    await page.getByLabel('Nome da playlist').fill('   ');
    await expect(nextButton(page)).toBeDisabled();
    await page.getByLabel('Nome da playlist').fill(name);
    await expect(nextButton(page)).toBeEnabled();
    await page.getByLabel('Descrição').fill('Ofertas da semana na vitrine');
    await page.getByLabel('Data de início').fill('2026-05-07');
    await page.getByLabel('Duração da campanha (dias)').fill('30');
    await nextButton(page).click();

    // Step 2: Next stays disabled with no selected media.
    await expectStep(page, 2, 'Seleção de Mídias');
    await expect(nextButton(page)).toBeDisabled();
    await expect(page.getByText('Nenhuma mídia selecionada')).toBeVisible();
    const available = page.getByRole('list', { name: 'Mídias disponíveis' }).getByRole('listitem');
    await expect(available).toHaveCount(3);
    // The search matches the name or the MIME type, in any case.
    const mediaSearch = page.getByLabel('Buscar mídias por nome ou tipo');
    await mediaSearch.fill('VERDE');
    await expect(available).toHaveCount(1);
    await mediaSearch.fill('image/png');
    await expect(available).toHaveCount(3);
    await mediaSearch.fill('video/');
    await expect(page.getByText('Nenhuma mídia encontrada')).toBeVisible();
    await mediaSearch.fill('');
    for (const media of [azul, verde, vermelho])
      await page.getByRole('checkbox', { name: media!.originalName }).check();
    await expect(nextButton(page)).toBeEnabled();
    expect(await selectedNames(page)).toEqual([azul!.originalName, verde!.originalName, vermelho!.originalName]);
    await expect(page.getByText('Mídias selecionadas (3)')).toBeVisible();
    await expect(page.getByText('Duração total: 0:24')).toBeVisible();

    // Keyboard reordering: space lifts, arrows move, space drops. vermelho goes to the top. Each key
    // waits for the announcement a screen reader would read: dnd-kit listens for the arrows only
    // once the lift is rendered, and measures each move from the last one.
    const handle = (media: Uploaded) => page.getByRole('button', { name: `Reordenar ${media.originalName}` });
    const announced = page.locator('[id^="DndLiveRegion"]');
    await handle(vermelho!).focus();
    await page.keyboard.press('Space');
    await expect(announced).toHaveText(`${vermelho!.originalName} levantado, na posição 3 de 3.`);
    await page.keyboard.press('ArrowUp');
    await expect(announced).toHaveText(`${vermelho!.originalName} movido para a posição 2 de 3.`);
    await page.keyboard.press('ArrowUp');
    await expect(announced).toHaveText(`${vermelho!.originalName} movido para a posição 1 de 3.`);
    await page.keyboard.press('Space');
    await expect(announced).toHaveText(`${vermelho!.originalName} solto na posição 1 de 3.`);
    await expect
      .poll(() => selectedNames(page))
      .toEqual([vermelho!.originalName, azul!.originalName, verde!.originalName]);

    // Mouse reordering: azul dragged below verde.
    const row = (media: Uploaded) =>
      selectedList(page)
        .getByRole('listitem')
        .filter({ has: handle(media) });
    await dragHandle(page, handle(azul!), row(verde!));
    await expect
      .poll(() => selectedNames(page))
      .toEqual([vermelho!.originalName, verde!.originalName, azul!.originalName]);

    // Durations: 1 s each (a quick preview), 2 s for verde; deselecting and selecting verde again
    // keeps its 2 s (it comes back at the end of the list).
    const duration = (media: Uploaded) => page.getByLabel(`Duração de ${media.originalName} (segundos)`);
    await expect(duration(vermelho!)).toHaveValue('8');
    await duration(vermelho!).fill('1');
    await duration(azul!).fill('1');
    await duration(verde!).fill('2');
    await page.getByRole('checkbox', { name: verde!.originalName }).uncheck();
    expect(await selectedNames(page)).toEqual([vermelho!.originalName, azul!.originalName]);
    await page.getByRole('checkbox', { name: verde!.originalName }).check();
    await expect(duration(verde!)).toHaveValue('2');
    expect(await selectedNames(page)).toEqual([vermelho!.originalName, azul!.originalName, verde!.originalName]);
    await expect(page.getByText('Duração total: 0:04')).toBeVisible();
    // Minimum 1: a 0 becomes 1 when the field is left.
    await duration(azul!).fill('0');
    await duration(azul!).blur();
    await expect(duration(azul!)).toHaveValue('1');
    await nextButton(page).click();

    // Step 3: summary, playback order and the player.
    await expectStep(page, 3, 'Preview');
    await expect(nextButton(page)).toHaveCount(0);
    const totalSize = formatBytes(azul!.size + verde!.size + vermelho!.size);
    const summary = page.getByRole('region', { name: 'Resumo' });
    await expect(summary).toContainText(name);
    await expect(summary).toContainText('3 itens');
    await expect(summary).toContainText('0:04');
    await expect(summary).toContainText(totalSize);
    await expect(summary).toContainText('07/05/2026');
    await expect(summary).toContainText('30 dias');
    await expect(playbackOrder(page)).toHaveText([
      new RegExp(`${vermelho!.originalName}\\s*0:01`),
      new RegExp(`${azul!.originalName}\\s*0:01`),
      new RegExp(`${verde!.originalName}\\s*0:02`),
    ]);
    const position = page.getByTestId('preview-position');
    await expect(position).toHaveText('1 / 3');
    await expect(page.getByRole('img', { name: vermelho!.originalName })).toBeVisible();
    // Playing: it advances on its own after the item's duration (1 s), then wraps after the last.
    await page.getByRole('button', { name: 'Reproduzir' }).click();
    await expect(position).toHaveText('2 / 3', { timeout: 3_000 });
    await expect(page.getByRole('img', { name: azul!.originalName })).toBeVisible();
    await expect(position).toHaveText('3 / 3', { timeout: 3_000 });
    await expect(position).toHaveText('1 / 3', { timeout: 4_000 });
    await page.getByRole('button', { name: 'Pausar' }).click();
    await expect(page.getByRole('button', { name: 'Reproduzir' })).toBeVisible();
    const stopped = await position.textContent();
    // Page time past two items' durations, every timer due in it fired; then real time again. An
    // advance would show here or, rendered a moment later, in the manual moves below.
    await page.clock.install();
    await page.clock.runFor(2_500);
    await expect(position).toHaveText(stopped!);
    await page.clock.resume();
    // Manual previous/next wrap around too.
    await page.getByRole('button', { name: 'Item anterior' }).click();
    await page.getByRole('button', { name: 'Próximo item' }).click();
    await expect(position).toHaveText(stopped!);

    // Back keeps everything; then create.
    await page.getByRole('button', { name: 'Anterior', exact: true }).click();
    await expectStep(page, 2, 'Seleção de Mídias');
    await nextButton(page).click();
    await page.getByRole('button', { name: 'Criar Playlist' }).click();
    await expect(toast(page, 'Playlist criada')).toContainText('A playlist foi criada com sucesso.');
    await expect(page).toHaveURL(/\/playlists$/);

    // The list row.
    const rows = page.getByRole('list', { name: 'Lista de playlists' }).getByRole('listitem');
    const listRow = rows.filter({ hasText: name });
    await expect(listRow).toContainText('Ofertas da semana na vitrine');
    await expect(listRow).toContainText('3 itens');
    await expect(listRow).toContainText('0:04');
    await expect(listRow).toContainText(totalSize);
    await expect(listRow).toContainText('30 dias');
    await expect(listRow).toContainText('07/05/2026');
    // Search by name, case-insensitive.
    const search = page.getByPlaceholder('Buscar playlists...');
    await search.fill(tag.toUpperCase());
    await expect(rows).toHaveCount(1);
    await search.fill('nenhuma-playlist-assim');
    await expect(page.getByText('Nenhuma playlist encontrada')).toBeVisible();
    await search.fill('');
    await expect(rows).toHaveCount(1);
    // "View" has no behaviour (docs/product.md#screens).
    await page.getByRole('button', { name: `Visualizar ${name}` }).click();
    await expect(page).toHaveURL(/\/playlists$/);

    // Edit: prefilled, rename, drop an item, save.
    await page.getByRole('link', { name: `Editar ${name}` }).click();
    await expect(page).toHaveURL(/\/playlists\/edit\/\d+$/);
    await expect(page.getByLabel('Nome da playlist')).toHaveValue(name);
    await expect(page.getByLabel('Data de início')).toHaveValue('2026-05-07');
    await expect(page.getByLabel('Duração da campanha (dias)')).toHaveValue('30');
    const renamed = `${name} editada`;
    await page.getByLabel('Nome da playlist').fill(renamed);
    await page.getByLabel('Duração da campanha (dias)').fill('0');
    await nextButton(page).click();
    expect(await selectedNames(page)).toEqual([vermelho!.originalName, azul!.originalName, verde!.originalName]);
    await expect(duration(verde!)).toHaveValue('2');
    await page.getByRole('button', { name: `Remover ${azul!.originalName} da playlist` }).click();
    await expect(page.getByRole('checkbox', { name: azul!.originalName })).not.toBeChecked();
    await nextButton(page).click();
    await expect(summary).toContainText('2 itens');
    await expect(summary).toContainText('Infinita');
    await page.getByRole('button', { name: 'Salvar Alterações' }).click();
    await expect(toast(page, 'Sucesso!')).toContainText('Playlist atualizada com sucesso.');
    await expect(page).toHaveURL(/\/playlists$/);
    const editedRow = rows.filter({ hasText: renamed });
    await expect(editedRow).toContainText('2 itens');
    await expect(editedRow).toContainText('0:03');
    await expect(editedRow).toContainText('Infinita');
    await expect(editedRow).toContainText(formatBytes(verde!.size + vermelho!.size));

    // Remove, after the confirmation.
    await page.getByRole('button', { name: `Remover ${renamed}` }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText(renamed);
    await expect(confirm).toContainText('Ofertas da semana na vitrine');
    await expect(confirm).toContainText('2 itens');
    await expect(confirm).toContainText('0:03');
    await expect(confirm).toContainText('Infinita');
    await expect(confirm).toContainText('Ela será removida permanentemente.');
    await expect(confirm).toContainText('As mídias individuais não serão removidas da galeria.');
    await confirm.getByRole('button', { name: 'Cancelar' }).click();
    await expect(confirm).toBeHidden();
    await page.getByRole('button', { name: `Remover ${renamed}` }).click();
    await confirm.getByRole('button', { name: 'Remover Playlist' }).click();
    await expect(toast(page, 'Playlist removida')).toContainText('A playlist foi removida com sucesso.');
    await expect(confirm).toBeHidden();
    await expect(page.getByText('Nenhuma playlist criada')).toBeVisible();
  });

  test('cancel leaves the wizard; a missing playlist shows "Playlist não encontrada"', async ({ page, request }) => {
    const user = await createIsolatedUser(request);
    await signIn(page, user.email, user.password);

    await page.goto('/playlists/create');
    await page.getByLabel('Nome da playlist').fill('Rascunho');
    await page.getByRole('button', { name: 'Cancelar' }).click();
    await expect(page).toHaveURL(/\/playlists$/);
    await expect(page.getByText('Nenhuma playlist criada')).toBeVisible();

    for (const id of ['999999', 'abc']) {
      await page.goto(`/playlists/edit/${id}`);
      await expect(page.getByRole('heading', { name: 'Playlist não encontrada' })).toBeVisible();
      await expect(page.getByText('A playlist solicitada não foi encontrada ou foi removida.')).toBeVisible();
    }
    await page.getByRole('link', { name: 'Voltar para Playlists' }).click();
    await expect(page).toHaveURL(/\/playlists$/);
  });

  test('with an empty gallery, step 2 points to the gallery and Next stays disabled', async ({ page, request }) => {
    const user = await createIsolatedUser(request);
    await signIn(page, user.email, user.password);
    await page.goto('/playlists/create');
    await page.getByLabel('Nome da playlist').fill('Sem mídias');
    await page.getByLabel('Nome da playlist').press('Enter');
    await expectStep(page, 2, 'Seleção de Mídias');
    await expect(page.getByText('Nenhuma mídia na galeria')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Ir para a Galeria' })).toHaveAttribute('href', '/gallery');
    await expect(nextButton(page)).toBeDisabled();
  });
});
