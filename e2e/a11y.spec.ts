import { expect, test, type Page } from '@playwright/test';
import * as factories from '../src/server/test/api-factories';
import { expectNoA11yViolations } from './a11y';
import { apiSignIn, client, createCampaign, createDevice, createPlaylist, pairTv, uploadImage } from './api';
import { createIsolatedUser, unique } from './support';

/**
 * Every page of the app, once, through axe-core's WCAG 2 A/AA rules (`a11y.ts`): the public site,
 * the TV player's pairing screen, and each signed-in page with something on it (a device in a
 * group, an image, a playlist, a campaign, an API key, an alert webhook, an advertiser, a partner), in a
 * pool workspace of its own.
 */

/** The page has drawn its data: its h1 is shown and no "Carregando…" region is left. */
async function settled(page: Page) {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.getByRole('status', { name: /^Carregando/ })).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: /^Carregando/ })).toHaveCount(0);
}

async function check(page: Page, path: string, shown?: (page: Page) => Promise<void>) {
  await test.step(path, async () => {
    await page.goto(path);
    await settled(page);
    await shown?.(page);
    await expectNoA11yViolations(page);
  });
}

test.describe('accessibility (axe-core, WCAG 2 A/AA)', () => {
  test('the public pages and the player', async ({ page }) => {
    await check(page, '/');
    await check(page, '/login');
    await check(page, '/privacy-policy');
    await check(page, '/terms-of-service');
    await check(page, '/download-app', async (p) => {
      await expect(p.getByRole('region', { name: 'Requisitos técnicos' })).toBeVisible();
    });
    await page.goto('/player');
    await expect(page.getByRole('heading', { name: 'Conecte esta TV' })).toBeVisible();
    await expectNoA11yViolations(page);
  });

  test('every signed-in page', async ({ page }) => {
    // 23 pages (19 took 36 s on a 2-core machine at a load average of 20).
    test.setTimeout(150_000);
    const user = await createIsolatedUser(page.request, 'admin');
    // page.request shares the browser's cookies: this signs the page in too.
    await apiSignIn(page.request, user);
    const tag = unique('a11y');
    const image = await uploadImage(page.request, `${tag}.png`);
    const playlist = await createPlaylist(page.request, `Vitrine ${tag}`, [image.id]);
    const group = await factories.createGroup(client(page.request), { name: `Lojas ${tag}` });
    const device = await createDevice(page.request, { name: `Balcão ${tag}`, groupId: group.id });
    await factories.assignPlaylists(client(page.request), device.id, playlist.id);
    const campaign = await createCampaign(page.request, { playlistId: playlist.id, name: `Almoço ${tag}` });
    await factories.createApiKey(client(page.request), { name: `ERP ${tag}` });
    // A TV's health report (docs/screen-health.md), flagged: the device page shows its values and the notice.
    const tvToken = await pairTv(page.request, device.authCode);
    const health = await page.request.post('/api/tv/health', {
      headers: { authorization: `Bearer ${tvToken}` },
      data: {
        playerVersion: '0.0.1',
        appVersion: null,
        platform: 'TV de teste',
        resolution: '1920x1080',
        freeStorageBytes: 1024,
        cacheBytes: null,
        memoryBytes: null,
        uptimeSeconds: 90,
        localIp: null,
        lastError: { message: 'Não foi possível carregar a imagem', at: new Date().toISOString() },
      },
    });
    expect(health.status(), await health.text()).toBe(204);
    const hook = await page.request.post('/api/alerts/webhooks', { data: { url: `https://exemplo.com.br/${tag}` } });
    expect(hook.status(), await hook.text()).toBe(201);
    const advertiser = await page.request.post('/api/advertisers', {
      data: { name: `Ótica ${tag}`, document: '11222333000181' },
    });
    expect(advertiser.status(), await advertiser.text()).toBe(201);
    const partner = await page.request.post('/api/partners', {
      data: { name: `Shopping ${tag}`, document: '52998224725', commissionPercent: 12.5 },
    });
    expect(partner.status(), await partner.text()).toBe(201);

    const text = (value: string) => async (p: Page) => {
      await expect(p.getByText(value).first()).toBeVisible();
    };
    await check(page, '/dashboard', text(device.name));
    await check(page, '/devices', text(device.name));
    await check(page, '/devices/add');
    await check(page, `/devices/edit/${device.id}`, async (p) => {
      await expect(p.getByLabel('Nome do dispositivo')).toHaveValue(device.name);
      await expect(p.getByRole('region', { name: 'Saúde da tela' }).getByRole('status')).toContainText('Pouco espaço');
    });
    await check(page, '/gallery', text(image.originalName));
    await check(page, '/playlists', text(playlist.name));
    await check(page, '/playlists/create');
    await check(page, `/playlists/edit/${playlist.id}`, async (p) => {
      await expect(p.getByLabel('Nome da playlist')).toHaveValue(playlist.name);
    });
    await check(page, '/campaigns', text(campaign.name));
    await check(page, '/campaigns/semana', async (p) => {
      await p.getByRole('combobox', { name: 'Tela ou grupo' }).click();
      await p.getByRole('option', { name: device.name, exact: true }).click();
      await expect(p.getByRole('table', { name: `Programação da semana de ${device.name}` })).toBeVisible();
    });
    await check(page, '/campaigns/new');
    await check(page, `/campaigns/${campaign.id}/edit`, async (p) => {
      await expect(p.locator('#campaign-name')).toHaveValue(campaign.name);
    });
    await check(page, '/layouts', text('Quatro quadrantes'));
    await check(page, '/reports');
    await check(page, '/users', text(user.email));
    await check(page, '/api-keys', text(`ERP ${tag}`));
    await check(page, '/alerts', text(`https://exemplo.com.br/${tag}`));
    await check(page, '/advertisers', text(`Ótica ${tag}`));
    await check(page, '/partners', text(`Shopping ${tag}`));
    // docs/ads.md#statements: the advertiser's Extrato, and its public link's page (no shell).
    const advertiserId = ((await advertiser.json()) as { id: number }).id;
    await check(page, `/advertisers/${advertiserId}/statement`, text('Links para o anunciante'));
    const link = await page.request.post(`/api/advertisers/${advertiserId}/links`, {
      data: { from: '2026-01-01', to: '2026-12-31' },
    });
    await check(page, new URL(((await link.json()) as { url: string }).url).pathname, text(`Ótica ${tag}`));
    await check(page, '/history', text(device.name));
    await check(page, '/profile', text(user.email));
    await check(page, '/pagina-que-nao-existe');
  });
});
