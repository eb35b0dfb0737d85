import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { tvHeaders } from '../src/server/test/api-factories';
import { createCampaign, createDevice, createPlaylist, pairTv, uploadImage } from './api';
import { putDevice } from './player-screen';
import { createIsolatedUser, mainNav, signIn, toast, unique } from './support';

const DAY = 24 * 60 * 60 * 1000;

/** The month before this one in São Paulo (the workspace's zone), `yyyy-mm`. */
function previousMonth(): string {
  const [year, month] = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/Sao_Paulo',
    year: 'numeric',
    month: '2-digit',
  })
    .format(new Date())
    .split('-')
    .map(Number) as [number, number];
  return month === 1 ? `${year - 1}-12` : `${year}-${String(month - 1).padStart(2, '0')}`;
}

// docs/ads.md#commissions: the partner's month on the page, against the real server; the rules
// themselves (rounding, freezing, the moves refused) are the API tests'
// (src/server/features/ads/partner-commissions.test.ts).
test('an admin opens a partner’s commissions, sees last month’s figures, closes the month and marks it paid', async ({
  page,
  request,
}) => {
  const admin = await createIsolatedUser(request, 'admin');
  await signIn(page, admin.email, admin.password);
  const api = page.request;

  const partnerName = unique('Shopping ');
  const partner = await (
    await api.post('/api/partners', {
      data: { name: partnerName, document: '11222333000181', commissionPercent: 12.5 },
    })
  ).json();
  const advertiser = await (await api.post('/api/advertisers', { data: { name: 'Padaria' } })).json();
  const image = await uploadImage(api, 'pao.png');
  const playlist = await createPlaylist(api, unique('Anúncio '), [{ mediaId: image.id, duration: 10 }]);
  const device = await createDevice(api, { name: 'TV Entrada' });
  const sold = await putDevice(api, device, { partnerId: partner.id, pricePerPlayCents: 150, audiencePerPlay: 10 });
  expect(sold.status(), await sold.text()).toBe(200);
  const token = await pairTv(api, device.authCode);
  const campaign = await createCampaign(api, {
    name: 'Pão de queijo',
    type: 'ad',
    advertiserId: advertiser.id,
    playlistId: playlist.id,
    deviceIds: [device.id],
    status: 'published',
    startDate: new Date(Date.now() - 70 * DAY).toISOString(),
    endDate: new Date(Date.now() + DAY).toISOString(),
    goalKind: 'flight',
    goalPlays: 1000,
    capPerHour: 60,
  });
  // Three counted plays last month, sent as the TV sends them: R$ 4,50 gross, 56,25 → R$ 0,56.
  const month = previousMonth();
  const plays = [0, 1, 2].map((i) => ({
    clientId: randomUUID(),
    mediaId: image.id,
    playlistId: playlist.id,
    campaignId: campaign.id,
    window: 0,
    startedAt: new Date(Date.parse(`${month}-10T15:00:00Z`) + i * 60_000).toISOString(),
    durationMs: 10_000,
    completed: true,
  }));
  const sent = await api.post('/api/tv/plays', { headers: tvHeaders(token), data: { plays } });
  expect(await sent.json()).toEqual({ accepted: 3, duplicates: 0 });

  await mainNav(page).getByRole('link', { name: 'Parceiros' }).click();
  await page.getByRole('link', { name: `Comissões de ${partnerName}` }).click();
  await expect(page).toHaveURL(new RegExp(`/partners/${partner.id}/commissions$`));
  await expect(page.getByRole('heading', { name: `Comissões — ${partnerName}`, level: 1 })).toBeVisible();
  // The month picker opens on last month.
  await expect(page.getByLabel('Mês')).toHaveValue(month);
  const table = page.getByRole('table', { name: 'Comissões por tela' });
  await expect(table.getByRole('row', { name: /TV Entrada/ })).toContainText(/3\s*R\$ 4,50\s*R\$ 0,56/);
  await expect(page.getByTestId('commission-totals')).toContainText(/Total\s*3\s*R\$ 4,50\s*R\$ 0,56/);
  await expect(page.getByTestId('commission-status')).toContainText('12,5 %');
  await expect(page.getByTestId('commission-status')).toContainText('Aberto');

  const pdf = await api.get(await page.getByTestId('commission-pdf').getAttribute('href').then(String));
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');

  await page.getByRole('button', { name: 'Fechar mês' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('ficam congelados');
  await confirm.getByRole('button', { name: 'Fechar mês' }).click();
  await expect(toast(page, 'Mês fechado.')).toBeVisible();
  await expect(page.getByTestId('commission-status')).toContainText(`Fechado por ${admin.username} em`);

  await page.getByRole('button', { name: 'Marcar como pago' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Marcar como pago' }).click();
  await expect(toast(page, 'Mês marcado como pago.')).toBeVisible();
  await expect(page.getByTestId('commission-status')).toContainText(`Pago por ${admin.username} em`);
  await expect(page.getByRole('button', { name: /Fechar mês|Marcar como pago/ })).toHaveCount(0);

  // What the page showed is what the server keeps.
  const statement = await (await api.get(`/api/partners/${partner.id}/commissions/${month}`)).json();
  expect(statement).toMatchObject({ status: 'pago', totals: { plays: 3, grossCents: 450, commissionCents: 56 } });
});
