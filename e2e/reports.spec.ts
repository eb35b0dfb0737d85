import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import type { PlayRecord } from '../src/contract/plays';
import { apiSignIn, createDevice, createPlaylist, pairTv, tvCall, uploadImage } from './api';
import { createIsolatedUser, mainNav, signIn, unique } from './support';

/**
 * /reports (issue 15) against the real server, in a pool workspace of its own: two TVs paired over
 * the API send their plays to `POST /api/tv/plays` as a player does (one with zones, one as a
 * player before zones); the page shows today's totals, the chart, the table per media and per zone,
 * narrows by a screen, and downloads the CSV.
 */

let sequence = 0;
/** A play that started `agoMs` before now (the server refuses starts in its future). */
function play(mediaId: number, playlistId: number, durationMs: number, agoMs: number, zone?: string): PlayRecord {
  return {
    clientId: `e2e-${Date.now().toString(36)}-${(sequence++).toString(36)}`,
    mediaId,
    playlistId,
    campaignId: null,
    window: zone === 'rodape' ? 1 : 0,
    ...(zone ? { zone } : {}),
    startedAt: new Date(Date.now() - agoMs).toISOString(),
    durationMs,
    completed: true,
  };
}

const totals = (page: Page) => ({
  plays: page.getByTestId('report-total-plays'),
  duration: page.getByTestId('report-total-duration'),
  screens: page.getByTestId('report-total-screens'),
});

test("reports: today's plays of two paired TVs, per media, the chart, a screen filter and the CSV", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const user = await createIsolatedUser(request);
  await apiSignIn(request, user);
  const tag = unique('rp');
  const promo = await uploadImage(request, `Promo ${tag}.png`, '#dc2626');
  const menu = await uploadImage(request, `Cardápio ${tag}.png`, '#16a34a');
  const playlist = await createPlaylist(request, `Vitrine ${tag}`, [promo.id, menu.id]);
  const first = await createDevice(request, { name: `Balcão ${tag}` });
  const second = await createDevice(request, { name: `Entrada ${tag}` });
  const firstToken = await pairTv(request, first.authCode);
  const secondToken = await pairTv(request, second.authCode);
  // Seconds ago: today in the workspace's time zone, as the page's "Hoje" reads it.
  // The first TV shows a layout of two zones (Principal + rodapé); the second is a player before zones (window 1).
  await tvCall(request, '/api/tv/plays', firstToken, {
    plays: [
      play(promo.id, playlist.id, 8000, 40_000, 'principal'),
      play(menu.id, playlist.id, 5000, 32_000, 'rodape'),
      play(promo.id, playlist.id, 8000, 27_000, 'principal'),
      play(promo.id, playlist.id, 8000, 19_000, 'principal'),
    ],
  });
  await tvCall(request, '/api/tv/plays', secondToken, {
    plays: [play(promo.id, playlist.id, 8000, 30_000), play(promo.id, playlist.id, 8000, 22_000)],
  });
  await request.post('/api/auth/logout');

  await signIn(page, user.email, user.password);
  await mainNav(page).getByRole('link', { name: 'Relatórios', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Relatórios', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Hoje', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Hoje', exact: true })).toHaveAttribute('aria-pressed', 'true');

  const t = totals(page);
  await expect(t.plays).toContainText('6');
  await expect(t.duration).toContainText('45 s');
  await expect(t.screens).toContainText('2');
  await expect(page.getByTestId('report-chart').locator('.uplot canvas')).toBeVisible();

  const mediaTable = page.getByTestId('report-table-media');
  await expect(mediaTable.getByRole('row', { name: `Promo ${tag}.png` })).toHaveText(
    new RegExp(`Promo ${tag}\\.png\\s*Imagem\\s*5\\s*0:00:40\\s*2`),
  );
  await expect(mediaTable.getByRole('row', { name: `Cardápio ${tag}.png` })).toHaveText(
    new RegExp(`Cardápio ${tag}\\.png\\s*Imagem\\s*1\\s*0:00:05\\s*1`),
  );

  // The CSV of the open tab (Mídias), as a pt-BR spreadsheet reads it.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Exportar CSV' }).click(),
  ]);
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
  expect(download.suggestedFilename()).toBe(`relatorio-media-${today}-a-${today}.csv`);
  const bytes = await readFile((await download.path())!);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes.subarray(3).toString('utf8').split('\r\n');
  expect(lines[0]).toBe('Mídia;Tipo;Exibições;Tempo na tela (h:mm:ss);Telas');
  expect(lines).toContain(`Promo ${tag}.png;Imagem;5;0:00:40;2`);
  expect(lines).toContain(`Cardápio ${tag}.png;Imagem;1;0:00:05;1`);

  // Per zone: the first TV's two zones; the second TV's plays, without a zone, are its window 1's.
  await page.getByRole('tab', { name: 'Por zona' }).click();
  const zoneTable = page.getByTestId('report-table-zone');
  await expect(zoneTable.getByRole('row')).toHaveCount(4);
  await expect(zoneTable.getByRole('row', { name: 'Principal' })).toHaveText(/Principal\s*3\s*0:00:24\s*1/);
  await expect(zoneTable.getByRole('row', { name: 'Rodapé' })).toHaveText(/Rodapé\s*1\s*0:00:05\s*1/);
  await expect(zoneTable.getByRole('row', { name: 'Janela 1' })).toHaveText(/Janela 1\s*2\s*0:00:16\s*1/);
  const [zoneCsv] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Exportar CSV' }).click(),
  ]);
  expect(zoneCsv.suggestedFilename()).toBe(`relatorio-zone-${today}-a-${today}.csv`);
  const zoneLines = (await readFile((await zoneCsv.path())!)).subarray(3).toString('utf8').split('\r\n');
  expect(zoneLines.slice(0, 4)).toEqual([
    'Zona;Exibições;Tempo na tela (h:mm:ss);Telas',
    'Principal;3;0:00:24;1',
    'Janela 1;2;0:00:16;1',
    'Rodapé;1;0:00:05;1',
  ]);
  await page.getByRole('tab', { name: 'Mídias' }).click();

  // One screen: its plays only.
  await page.getByRole('combobox', { name: 'Telas' }).click();
  await page.getByRole('option', { name: `Entrada ${tag}`, exact: true }).click();
  await expect(t.plays).toContainText('2');
  await expect(t.screens).toContainText('1');
  await expect(mediaTable.getByRole('row', { name: `Promo ${tag}.png` })).toHaveText(
    new RegExp(`Promo ${tag}\\.png\\s*Imagem\\s*2\\s*0:00:16\\s*1`),
  );
  await expect(mediaTable.getByRole('row', { name: `Cardápio ${tag}.png` })).toHaveCount(0);
  await page.getByRole('tab', { name: 'Dispositivos' }).click();
  await expect(page.getByTestId('report-table-device').getByRole('row', { name: `Entrada ${tag}` })).toBeVisible();
  await expect(page.getByTestId('report-table-device').getByRole('row', { name: `Balcão ${tag}` })).toHaveCount(0);

  // The address holds the period, the filter and the open table: a reload (or the link, shared) shows the same report.
  await expect(page).toHaveURL(
    new RegExp(`/reports\\?from=${today}&to=${today}&deviceId=${second.id}&dimension=device$`),
  );
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Dispositivos' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('combobox', { name: 'Telas' })).toHaveText(`Entrada ${tag}`);
  await expect(page.getByRole('button', { name: 'Hoje', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(t.plays).toContainText('2');

  // On a phone the page does not scroll sideways (the six tabs scroll within their bar).
  await page.setViewportSize({ width: 360, height: 800 });
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth))
    .toBe(0);
  await page.setViewportSize({ width: 1280, height: 720 });

  // A period without plays: the empty state.
  await page.getByLabel('De', { exact: true }).fill('2020-01-01');
  await page.getByLabel('Até', { exact: true }).fill('2020-01-02');
  await expect(page.getByTestId('report-empty')).toContainText('Nenhuma exibição no período');
});
