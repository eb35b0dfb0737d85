import { expect, test, type Page } from '@playwright/test';
import { expectNoA11yViolations } from './a11y';
import { createIsolatedUser, signIn, toast, unique } from './support';

/**
 * Content items in the panel (docs/content.md#in-the-panel) against the real server: "Novo
 * conteúdo" makes a ticker through its form (checked by the contract's schema, previewed live),
 * a bad web page address is refused in pt-BR with nothing saved, the ticker is edited with PUT,
 * an item made elsewhere (the API) appears by itself, and the ticker goes into a playlist.
 */

const dialog = (page: Page) => page.getByRole('dialog');
const card = (page: Page, name: string) =>
  page.getByRole('list', { name: 'Lista de mídias' }).getByRole('listitem').filter({ hasText: name });

/** The strip's horizontal offset now (its CSS animation moves it). */
const stripOffset = (page: Page) =>
  dialog(page)
    .getByTestId('ticker-strip')
    .evaluate((element) => new DOMMatrix(getComputedStyle(element).transform).m41);

test('a ticker made, previewed, edited and played in a playlist; a bad web page address saves nothing', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const user = await createIsolatedUser(request);
  const tag = unique('lt');
  const name = `Avisos ${tag}`;
  await signIn(page, user.email, user.password);
  await page.goto('/gallery');
  await expect(page.getByText('Nenhuma mídia enviada')).toBeVisible();

  // The kinds first, then the ticker's form.
  await page.getByRole('button', { name: 'Novo conteúdo' }).click();
  await expect(dialog(page).getByRole('heading', { name: 'Novo conteúdo' })).toBeVisible();
  for (const kind of ['Página web', 'Texto', 'Letreiro', 'Feed RSS/Atom', 'Relógio', 'QR code'])
    await expect(dialog(page).getByRole('button', { name: new RegExp(`^${kind}`) })).toBeVisible();
  await expectNoA11yViolations(page);
  await dialog(page)
    .getByRole('button', { name: /^Letreiro/ })
    .click();
  await expect(dialog(page).getByRole('heading', { name: 'Novo conteúdo: Letreiro' })).toBeVisible();

  // Nothing typed: the schema's own pt-BR messages, and no request.
  let posts = 0;
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith('/api/media/content')) posts += 1;
  });
  await dialog(page).getByRole('button', { name: 'Salvar' }).click();
  await expect(dialog(page).getByText('Informe um nome para o conteúdo')).toBeVisible();
  await expect(dialog(page).getByText('O letreiro precisa de ao menos uma linha')).toBeVisible();
  expect(posts).toBe(0);

  await dialog(page).getByLabel('Nome').fill(name);
  // Blank rows are dropped before sending.
  await dialog(page)
    .getByLabel('Frases')
    .fill('Promoção de verão: açaí em dobro\n\n   \nAtenção: horário especial às sextas');
  await dialog(page).getByLabel('Velocidade').fill('300');
  const preview = dialog(page).getByTestId('content-preview-ticker');
  await expect(preview).toContainText('Promoção de verão: açaí em dobro');
  await expect(preview).toContainText('•');
  await expect(preview).toContainText('Atenção: horário especial às sextas');
  // The strip scrolls: its offset changes over time.
  const first = await stripOffset(page);
  await expect.poll(() => stripOffset(page)).not.toBe(first);
  await expectNoA11yViolations(page);

  const created = page.waitForResponse(
    (r) => r.url().endsWith('/api/media/content') && r.request().method() === 'POST',
  );
  await dialog(page).getByRole('button', { name: 'Salvar' }).click();
  const response = await created;
  expect(response.status()).toBe(201);
  expect(response.request().postDataJSON()).toMatchObject({
    kind: 'ticker',
    name,
    options: { lines: ['Promoção de verão: açaí em dobro', 'Atenção: horário especial às sextas'], speed: 300 },
  });
  await expect(toast(page, 'Conteúdo criado.')).toBeVisible();
  await expect(dialog(page)).toHaveCount(0);
  await expect(card(page, name)).toContainText('Letreiro');
  await expect(page.getByRole('tab', { name: 'Conteúdos (1)' })).toBeVisible();

  // A web page with a bad address: the pt-BR message, nothing saved.
  await page.getByRole('button', { name: 'Novo conteúdo' }).click();
  await dialog(page)
    .getByRole('button', { name: /^Página web/ })
    .click();
  await dialog(page).getByLabel('Nome').fill(`Site ${tag}`);
  await dialog(page).getByLabel('Endereço (URL)').fill('javascript:alert(1)');
  const before = posts;
  await dialog(page).getByRole('button', { name: 'Salvar' }).click();
  await expect(dialog(page).getByText('Endereço inválido: use um endereço http:// ou https://')).toBeVisible();
  expect(posts).toBe(before);
  // A good address: the sandboxed frame (or, should a policy refuse it, the address with the note),
  // never an empty box.
  await dialog(page).getByLabel('Endereço (URL)').fill('https://exemplo.com.br/cardapio');
  const site = dialog(page).getByTestId('content-preview-webpage');
  await expect(site.locator('iframe').or(site.getByText('https://exemplo.com.br/cardapio'))).toBeVisible();
  await dialog(page).getByRole('button', { name: 'Cancelar' }).click();
  await expect(dialog(page)).toHaveCount(0);
  const list = await page.request.get('/api/media');
  expect((await list.json()) as unknown[]).toHaveLength(1);

  // Edit: the same form, filled in; PUT with the whole options.
  await card(page, name)
    .getByRole('button', { name: `Editar ${name}` })
    .click();
  await expect(dialog(page).getByRole('heading', { name: 'Editar letreiro' })).toBeVisible();
  await expect(dialog(page).getByLabel('Nome')).toHaveValue(name);
  await expect(dialog(page).getByLabel('Frases')).toHaveValue(
    'Promoção de verão: açaí em dobro\nAtenção: horário especial às sextas',
  );
  await dialog(page).getByLabel('Frases').fill('Só hoje: pão de queijo quentinho');
  const updated = page.waitForResponse((r) => r.request().method() === 'PUT' && /\/api\/media\/\d+$/.test(r.url()));
  await dialog(page).getByRole('button', { name: 'Salvar' }).click();
  expect((await updated).status()).toBe(200);
  await expect(toast(page, 'Conteúdo atualizado.')).toBeVisible();
  await card(page, name)
    .getByRole('button', { name: `Visualizar ${name}` })
    .click();
  await expect(dialog(page).getByTestId('content-preview-ticker')).toContainText('Só hoje: pão de queijo quentinho');
  await page.keyboard.press('Escape');

  // Made elsewhere (the API, another tab): the realtime media_update brings it in without a reload.
  const clock = await page.request.post('/api/media/content', {
    data: { kind: 'clock', name: `Relógio ${tag}`, options: { style: 'analog' } },
  });
  expect(clock.status(), await clock.text()).toBe(201);
  await expect(card(page, `Relógio ${tag}`)).toContainText('Relógio');

  // In a playlist, like any media: its kind label, a duration, the preview draws it.
  await page.goto('/playlists/create');
  await page.getByLabel('Nome da playlist').fill(`Recepção ${tag}`);
  await page.getByRole('button', { name: 'Próximo', exact: true }).click();
  const available = page.getByRole('list', { name: 'Mídias disponíveis' }).getByRole('listitem');
  await page.getByLabel('Buscar mídias por nome ou tipo').fill('letreiro');
  await expect(available).toHaveCount(1);
  await expect(available.first()).toContainText('Letreiro');
  await page.getByRole('checkbox', { name }).check();
  await page.getByLabel(`Duração de ${name} (segundos)`).fill('12');
  await page.getByRole('button', { name: 'Próximo', exact: true }).click();
  await expect(page.getByTestId('content-preview-ticker')).toContainText('Só hoje: pão de queijo quentinho');
  await page.getByRole('button', { name: 'Criar Playlist' }).click();
  await expect(toast(page, 'Playlist criada')).toBeVisible();
  const playlists = (await (await page.request.get('/api/playlists')).json()) as Array<{ id: number; name: string }>;
  const playlist = playlists.find((p) => p.name === `Recepção ${tag}`);
  const detail = (await (await page.request.get(`/api/playlists/${playlist!.id}`)).json()) as {
    items: Array<{ duration: number; media: { originalName: string; mimeType: string } }>;
  };
  expect(detail.items).toEqual([
    expect.objectContaining({
      duration: 12,
      media: expect.objectContaining({ originalName: name, mimeType: 'application/vnd.sinalize.ticker+json' }),
    }),
  ]);
});
