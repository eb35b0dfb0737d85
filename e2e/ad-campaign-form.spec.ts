import { expect, test, type Page } from '@playwright/test';
import { expectNoA11yViolations } from './a11y';
import type { Campaign } from '../src/contract/campaigns';
import { apiSignIn, createCampaign, createDevice, createPlaylist, pairTv, tvCall, uploadImage } from './api';
import { createIsolatedUser, signIn, toast, unique } from './support';

/**
 * docs/ads.md#ad-campaigns and #delivery: an admin makes an ad through the campaign form, against
 * the real server, in a pool workspace of its own; a goal of 0 is refused in pt-BR and saves nothing,
 * and the list shows the ad's badge and its delivery against the goal.
 */

const row = (page: Page, name: string) =>
  page.getByRole('listitem').filter({ has: page.getByRole('heading', { name, exact: true }) });

async function choose(page: Page, combobox: string, option: string) {
  await page.getByRole('combobox', { name: combobox }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function closeToast(page: Page) {
  const close = page.getByRole('button', { name: 'Fechar notificação' });
  if (await close.count()) await close.click();
  await expect(close).toHaveCount(0);
}

test.describe('ad campaign form', () => {
  test('an admin creates an ad (a goal of 0 refused first) and sees it listed with its delivery', async ({
    page,
    request,
  }) => {
    test.setTimeout(60_000);
    const admin = await createIsolatedUser(request, 'admin');
    const tag = unique('ad');
    await apiSignIn(request, admin);
    const advertiser = `Ótica ${tag}`;
    const created = await request.post('/api/advertisers', { data: { name: advertiser } });
    expect(created.status(), await created.text()).toBe(201);
    const playlist = `Vitrine ${tag}`;
    await createPlaylist(request, playlist, [(await uploadImage(request, `${tag}.png`)).id]);
    await request.post('/api/auth/logout');

    await signIn(page, admin.email, admin.password);
    await page.goto('/campaigns/new');
    const name = `Pão de queijo ${tag}`;
    await page.getByRole('textbox', { name: 'Nome', exact: true }).fill(name);
    await choose(page, 'Playlist', playlist);
    await page.getByRole('checkbox', { name: 'Todas as telas' }).check();
    await page.getByRole('radio', { name: 'Anúncio' }).check();
    await choose(page, 'Anunciante', advertiser);
    await expect(page.getByRole('combobox', { name: 'Meta' })).toHaveText('Exibições no período');
    await page.getByLabel('Número de exibições').fill('0');
    await page.getByLabel('Limite por tela por hora').fill('4');
    await page.getByLabel('Início', { exact: true }).fill('2030-01-07T08:00');
    await page.getByLabel('Término', { exact: true }).fill('2030-01-31T22:00');
    await page.getByRole('button', { name: 'Publicar' }).click();
    await expect(page.getByText('Meta inválida: informe um número de exibições maior que zero')).toBeVisible();
    await expect(page.getByLabel('Número de exibições')).toHaveAttribute('aria-invalid', 'true');
    await expectNoA11yViolations(page);
    expect(await (await page.request.get('/api/campaigns')).json()).toEqual([]);

    await page.getByLabel('Número de exibições').fill('40');
    await page.getByRole('button', { name: 'Publicar' }).click();
    await expect(toast(page, 'Campanha criada com sucesso.')).toBeVisible();
    await expect(page).toHaveURL(/\/campaigns$/);
    await expect(row(page, name).getByTestId('campaign-type')).toHaveText('Anúncio');
    await expect(row(page, name).getByTestId('campaign-state')).toHaveText('Agendada');
    await expect(row(page, name).getByTestId('ad-delivery-plays')).toHaveText('0 de 40 exibições');
    await expect(row(page, name).getByRole('progressbar', { name: `Entrega de ${name}` })).toBeVisible();
    await expect(row(page, name)).toContainText(`Anunciante: ${advertiser}`);
    // The toaster's list holds the toast's status role, which axe refuses (as in devices.spec.ts): closed first.
    await closeToast(page);
    await expectNoA11yViolations(page);
    const [saved] = (await (await page.request.get('/api/campaigns')).json()) as Campaign[];
    expect(saved).toMatchObject({
      name,
      type: 'ad',
      goalKind: 'flight',
      goalPlays: 40,
      capPerHour: 4,
      status: 'published',
      delivery: { counted: 0, goal: 40 },
    });

    // Changed elsewhere: the admin socket's campaign_update brings the new goal, no reload.
    const { id, createdAt: _c, updatedAt: _u, userId: _id, delivery: _d, ...input } = saved!;
    const changed = await page.request.put(`/api/campaigns/${id}`, { data: { ...input, goalPlays: 80 } });
    expect(changed.status(), await changed.text()).toBe(200);
    await expect(row(page, name).getByTestId('ad-delivery-plays')).toHaveText('0 de 80 exibições');
  });

  test("an ad on the air counts a TV's play in the open list, read again each minute", async ({ page, request }) => {
    test.setTimeout(60_000);
    const admin = await createIsolatedUser(request, 'admin');
    const tag = unique('ad');
    await apiSignIn(request, admin);
    const created = await request.post('/api/advertisers', { data: { name: `Padaria ${tag}` } });
    expect(created.status(), await created.text()).toBe(201);
    const advertiser = (await created.json()) as { id: number };
    const image = await uploadImage(request, `${tag}.png`);
    const playlist = await createPlaylist(request, `Vitrine ${tag}`, [image.id]);
    const device = await createDevice(request, { name: `Balcão ${tag}` });
    const token = await pairTv(request, device.authCode);
    const now = Date.now();
    const name = `Café ${tag}`;
    const ad = await createCampaign(request, {
      name,
      playlistId: playlist.id,
      deviceIds: [device.id],
      status: 'published',
      startDate: new Date(now - 3_600_000).toISOString(),
      endDate: new Date(now + 86_400_000).toISOString(),
      type: 'ad',
      advertiserId: advertiser.id,
      goalKind: 'flight',
      goalPlays: 40,
      capPerHour: 4,
    });
    await request.post('/api/auth/logout');

    await signIn(page, admin.email, admin.password);
    await page.clock.install({ time: Date.now() });
    await page.goto('/campaigns');
    await expect(row(page, name).getByTestId('campaign-state')).toHaveText('No ar agora');
    await expect(row(page, name).getByTestId('ad-delivery-plays')).toHaveText('0 de 40 exibições');
    // A play as the player reports it (8 s, the item's length): counted, with no campaign event.
    await tvCall(request, '/api/tv/plays', token, {
      plays: [
        {
          clientId: `e2e-${tag}`,
          mediaId: image.id,
          playlistId: playlist.id,
          campaignId: ad.id,
          window: 0,
          startedAt: new Date(Date.now() - 20_000).toISOString(),
          durationMs: 8000,
          completed: true,
        },
      ],
    });
    await expect(row(page, name).getByTestId('ad-delivery-plays')).toHaveText('0 de 40 exibições');
    await page.clock.runFor(61_000);
    await expect(row(page, name).getByTestId('ad-delivery-plays')).toHaveText('1 de 40 exibições');
  });
});
