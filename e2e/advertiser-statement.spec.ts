import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext } from '@playwright/test';
import type { PlayRecord } from '../src/contract/plays';
import { createCampaign, createDevice, createPlaylist, pairTv, uploadImage } from './api';
import { putDevice } from './player-screen';
import { createIsolatedUser, signIn, toast, unique } from './support';

const HOUR = 60 * 60 * 1000;

/** Whole plays of the ad's image, starting now, sent by the paired TV (`POST /api/tv/plays`): each counts. */
async function sendPlays(
  request: APIRequestContext,
  token: string,
  ad: { campaignId: number; playlistId: number; mediaId: number },
  count: number,
) {
  const plays: PlayRecord[] = Array.from({ length: count }, () => ({
    clientId: randomUUID(),
    ...ad,
    window: 0,
    // Now: after the screen's price in force (docs/ads.md#price-history), which each play keeps.
    startedAt: new Date().toISOString(),
    durationMs: 10_000,
    completed: true,
  }));
  const res = await request.post('/api/tv/plays', { headers: { authorization: `Bearer ${token}` }, data: { plays } });
  expect(res.status(), await res.text()).toBe(200);
}

// docs/ads.md#statement-links: the admin's Extrato page makes a read-only link; whoever opens it,
// without an account, sees the advertiser's plays, live, until the admin revokes it. The rules
// themselves are the API tests' (src/server/features/ads/advertiser-*.test.ts).
test('an admin shares a statement link; a visitor without a session sees the plays, then "Link expirado" once revoked', async ({
  page,
  browser,
  baseURL,
}) => {
  const admin = await createIsolatedUser(page.request, 'admin');
  await signIn(page, admin.email, admin.password);
  const api = page.request;
  const partner = await (
    await api.post('/api/partners', { data: { name: 'Shopping', document: '11222333000181' } })
  ).json();
  const advertiserName = unique('Padaria ');
  const advertiser = await (await api.post('/api/advertisers', { data: { name: advertiserName } })).json();
  const image = await uploadImage(api, 'oferta.png');
  const playlist = await createPlaylist(api, unique('Anúncio '), [{ mediaId: image.id, duration: 10 }]);
  const screenName = unique('Recepção ');
  const device = await createDevice(api, { name: screenName });
  // The screen sells plays at R$ 1,50 to 20 viewers (docs/ads.md#api).
  const priced = await putDevice(api, device, { partnerId: partner.id, pricePerPlayCents: 150, audiencePerPlay: 20 });
  expect(priced.status(), await priced.text()).toBe(200);
  const token = await pairTv(api, device.authCode);
  const campaign = await createCampaign(api, {
    name: 'Pão de queijo',
    type: 'ad',
    advertiserId: advertiser.id,
    playlistId: playlist.id,
    deviceIds: [device.id],
    status: 'published',
    startDate: new Date(Date.now() - 24 * HOUR).toISOString(),
    endDate: new Date(Date.now() + 24 * HOUR).toISOString(),
    goalKind: 'flight',
    goalPlays: 100,
    capPerHour: 60,
  });
  const ad = { campaignId: campaign.id, playlistId: playlist.id, mediaId: image.id };
  await sendPlays(api, token, ad, 2);

  // The admin opens the advertiser's Extrato from Anunciantes: this month's plays.
  await page.goto('/advertisers');
  await page.getByRole('link', { name: `Extrato de ${advertiserName}` }).click();
  await expect(page).toHaveURL(new RegExp(`/advertisers/${advertiser.id}/statement$`));
  await expect(page.getByRole('heading', { name: `Extrato de ${advertiserName}`, level: 1 })).toBeVisible();
  await expect(page.getByTestId('statement-total-plays')).toHaveText('2');
  await expect(page.getByTestId('statement-total-amount')).toHaveText('R$ 3,00');
  await expect(page.getByRole('table', { name: 'Exibições por tela e dia' })).toContainText(screenName);
  await expect(page.getByRole('link', { name: 'Baixar PDF' })).toHaveAttribute('href', /statement\.pdf\?from=/);

  await page.getByRole('button', { name: 'Criar link' }).click();
  await expect(toast(page, 'Link criado.')).toBeVisible();
  const url = await page.getByTestId('statement-link-url').inputValue();
  expect(url).toMatch(/\/anunciante\/[A-Za-z0-9_-]{43}$/);
  const links = page.getByRole('table', { name: 'Links do extrato' });
  await expect(links.getByRole('row')).toHaveCount(2);
  await expect(links.getByRole('row').nth(1)).toContainText('Ativo');

  // A visitor with no session (a fresh browser context), on a clock the test moves.
  const visitor = await browser.newContext({ baseURL, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
  const publicPage = await visitor.newPage();
  await publicPage.clock.install({ time: Date.now() });
  await publicPage.goto(new URL(url).pathname);
  await expect(publicPage.getByTestId('statement-advertiser')).toHaveText(advertiserName);
  await expect(publicPage.getByTestId('statement-total-plays')).toHaveText('2');
  await expect(publicPage.getByRole('table', { name: 'Exibições por tela e dia' })).toContainText(screenName);
  // Live: a play counted now is on the page at its next refresh, 30 s later.
  await sendPlays(api, token, ad, 1);
  await publicPage.clock.runFor(30_000);
  await expect(publicPage.getByTestId('statement-total-plays')).toHaveText('3');
  await expect(publicPage.getByTestId('statement-total-amount')).toHaveText('R$ 4,50');

  // The admin revokes it: the next refresh, and any later visit, show "Link expirado" and no figure.
  await links.getByRole('button', { name: /^Revogar o link/ }).click();
  await expect(toast(page, 'Link revogado.')).toBeVisible();
  await expect(links.getByRole('row').nth(1)).toContainText('Revogado');
  await publicPage.clock.runFor(30_000);
  await expect(publicPage.getByRole('heading', { name: 'Link expirado' })).toBeVisible();
  await expect(publicPage.getByTestId('statement-total-plays')).toHaveCount(0);
  await expect(publicPage.getByText(screenName)).toHaveCount(0);
  await publicPage.reload();
  await expect(publicPage.getByRole('heading', { name: 'Link expirado' })).toBeVisible();
  await expect(publicPage.getByText(advertiserName)).toHaveCount(0);
  await visitor.close();
});
