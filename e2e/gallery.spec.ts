import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { ffmpegPath } from './own-server';
import { createIsolatedUser, signIn, toast } from './support';

/**
 * The media gallery against the real server: uploads through the dialog (real multipart requests,
 * real thumbnails and ffprobe durations), preview, download, search, tabs and delete. The files are
 * made at test time in a temp folder: nothing binary is committed.
 */

const IMAGE = 'cartaz-promocao.png';
const VIDEO = 'video-institucional.mp4';
const RAW_VIDEO = 'gravacao-camera.mov';
let dir = '';
const fixture = (name: string) => path.join(dir, name);

test.beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'sinalize-gallery-'));
  // Noise compresses badly: a ~700 KB PNG keeps the upload running long enough to watch it.
  await sharp({
    create: {
      width: 640,
      height: 360,
      channels: 3,
      background: '#1d4ed8',
      noise: { type: 'gaussian', mean: 120, sigma: 40 },
    },
  })
    .png()
    .toFile(fixture(IMAGE));
  await sharp({ create: { width: 200, height: 120, channels: 3, background: '#16a34a' } })
    .png()
    .toFile(fixture('foto-ok.png'));
  execFileSync(
    ffmpegPath(),
    [
      '-y',
      '-loglevel',
      'error',
      '-f',
      'lavfi',
      '-i',
      'testsrc=duration=3:size=320x240:rate=10',
      '-pix_fmt',
      'yuv420p',
      fixture(VIDEO),
    ],
    { stdio: 'ignore' },
  );
  // ~11 MB of raw frames in an end-indexed MOV: processed after the answer (duration, poster and
  // the index-first rewrite of every byte), long enough for the card to show it.
  execFileSync(
    ffmpegPath(),
    [
      '-y',
      '-loglevel',
      'error',
      '-f',
      'lavfi',
      '-i',
      'testsrc2=size=640x360:rate=12',
      '-frames:v',
      '24',
      '-c:v',
      'rawvideo',
      '-pix_fmt',
      'uyvy422',
      '-f',
      'mov',
      fixture(RAW_VIDEO),
    ],
    { stdio: 'ignore' },
  );
  // Named and typed like a PNG, but its bytes are text: only the server (magic bytes) can refuse it.
  writeFileSync(fixture('corrompido.png'), 'isto não é uma imagem');
});

test.afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

type ProgressLog = Record<string, number[]>;

/** Records every aria-valuenow each progress bar shows (the dialog closes as soon as all succeed). */
async function recordProgressBars(page: Page) {
  await page.evaluate(() => {
    const log: Record<string, number[]> = {};
    (window as unknown as { __progress: typeof log }).__progress = log;
    const record = (el: Element) => {
      const label = el.getAttribute('aria-label');
      const now = el.getAttribute('aria-valuenow');
      if (el.getAttribute('role') !== 'progressbar' || !label || now === null) return;
      (log[label] ??= []).push(Number(now));
    };
    new MutationObserver((mutations) => {
      for (const m of mutations) {
        if (m.type === 'attributes') record(m.target as Element);
        for (const node of m.addedNodes) {
          if (!(node instanceof Element)) continue;
          record(node);
          node.querySelectorAll('[role="progressbar"]').forEach(record);
        }
      }
    }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-valuenow'] });
  });
  return () =>
    page.evaluate(
      () => (window as unknown as { __progress: Record<string, number[]> }).__progress,
    ) as Promise<ProgressLog>;
}

const mediaList = (page: Page) => page.getByRole('list', { name: 'Lista de mídias' });
const card = (page: Page, name: string) => mediaList(page).getByRole('listitem').filter({ hasText: name });
const loadedWidth = (img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0);

test.describe('media gallery', () => {
  test('a new upload shows "Processando…" until the server has processed it, then becomes ready without a reload', async ({
    page,
    request,
  }) => {
    test.setTimeout(60_000);
    const user = await createIsolatedUser(request);
    await signIn(page, user.email, user.password);
    await page.goto('/gallery');
    await expect(page.getByText('Nenhuma mídia enviada')).toBeVisible();
    // Every state a card's status line goes through, however briefly it shows; and a mark that a reload would lose.
    await page.evaluate(() => {
      const seen: string[] = [];
      const w = window as unknown as { __statuses: string[]; __sameDocument: boolean };
      w.__statuses = seen;
      w.__sameDocument = true;
      const record = (el: Element) => {
        if (el.getAttribute('data-testid')?.startsWith('media-status-'))
          seen.push(`${el.getAttribute('data-status')}:${el.textContent}`);
      };
      new MutationObserver((mutations) => {
        for (const m of mutations) {
          for (const node of m.addedNodes) {
            if (!(node instanceof Element)) continue;
            record(node);
            node.querySelectorAll('[data-testid^="media-status-"]').forEach(record);
          }
        }
      }).observe(document.body, { subtree: true, childList: true });
    });

    await page.getByRole('button', { name: 'Enviar Arquivos' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Enviar Arquivos' });
    await dialog.locator('input[type="file"]').setInputFiles([fixture(RAW_VIDEO)]);
    const answered = page.waitForResponse((r) => r.url().endsWith('/api/media/upload'));
    await dialog.getByRole('button', { name: 'Enviar', exact: true }).click();
    // The server answered before processing: no poster, no duration yet.
    expect(await (await answered).json()).toMatchObject({ status: 'processing', duration: null, thumbnailUrl: null });
    await expect(dialog).toBeHidden();

    const videoCard = card(page, RAW_VIDEO);
    await expect(videoCard).toBeVisible();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { __statuses: string[] }).__statuses))
      .toContain('processing:Processando…');
    // Ready: the status line goes, the duration and the poster arrive, in the same document.
    await expect(videoCard.getByRole('status')).toHaveCount(0, { timeout: 30_000 });
    await expect(videoCard).toContainText('0:02');
    await expect.poll(() => videoCard.locator('img').evaluate(loadedWidth)).toBeGreaterThan(0);
    expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
  });

  test('uploads an image and a video, then previews, downloads, searches, filters and deletes them', async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const user = await createIsolatedUser(request);
    await signIn(page, user.email, user.password);
    await page.getByRole('navigation', { name: 'Navegação principal' }).getByRole('link', { name: 'Galeria' }).click();
    await expect(page).toHaveURL(/\/gallery$/);
    await expect(page.getByRole('heading', { name: 'Galeria de Mídia', level: 1 })).toBeVisible();

    // A fresh user: nothing stored yet.
    await expect(page.getByText('Nenhuma mídia enviada')).toBeVisible();
    const storage = page.getByTestId('storage-card');
    await expect(storage).toContainText('0 B de 1 GB');
    await expect(storage).toContainText('0,0% utilizado');
    await expect(storage).toContainText('0 arquivos');
    await expect(storage).toContainText('os arquivos mais antigos podem ser excluídos automaticamente');

    // The dialog: drop zone opening the picker (multiple, images and videos only).
    await page.getByRole('button', { name: 'Enviar Arquivos' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Enviar Arquivos' });
    await expect(dialog).toContainText('JPG, PNG, MP4, MOV até 100MB');
    await expect(dialog.getByRole('button', { name: 'Enviar', exact: true })).toBeDisabled();
    await expect(dialog.locator('input[type="file"]')).toHaveAttribute('accept', 'image/*,video/*,application/pdf');
    const chooserEvent = page.waitForEvent('filechooser');
    await dialog.getByRole('button', { name: /Arraste e solte os arquivos aqui/ }).click();
    const chooser = await chooserEvent;
    expect(chooser.isMultiple()).toBe(true);
    await chooser.setFiles([fixture(IMAGE), fixture(VIDEO)]);

    const rows = dialog.getByRole('listitem');
    await expect(rows).toHaveCount(2);
    await expect(rows.filter({ hasText: IMAGE })).toContainText(/\d+,\d\d MB/);
    await expect(rows.filter({ hasText: VIDEO })).toContainText(/\d+,\d\d MB/);

    // Slow the upload down so "Enviando..." and the moving bars can be seen.
    const getProgress = await recordProgressBars(page);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: 400 * 1024,
    });
    await dialog.getByRole('button', { name: 'Enviar', exact: true }).click();
    await expect(dialog.getByRole('button', { name: 'Enviando...' })).toBeDisabled();
    await expect(dialog.getByRole('progressbar', { name: `Progresso do envio de ${IMAGE}` })).toBeVisible();
    await expect(dialog.getByRole('progressbar', { name: `Progresso do envio de ${VIDEO}` })).toBeVisible();

    await expect(toast(page, 'Upload concluído')).toContainText('2 arquivo(s) enviado(s) com sucesso.', {
      timeout: 30_000,
    });
    await expect(dialog).toBeHidden();
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    const progress = await getProgress();
    for (const name of [IMAGE, VIDEO]) {
      const values = progress[`Progresso do envio de ${name}`] ?? [];
      expect(values.length, `progress of ${name}`).toBeGreaterThan(0);
      expect(Math.max(...values), `progress of ${name}`).toBe(100);
    }
    // The bigger file was seen part-way, so the bar follows the bytes sent.
    expect(progress[`Progresso do envio de ${IMAGE}`]!.some((v) => v > 0 && v < 100)).toBe(true);

    // Both cards, with their server-made thumbnails.
    const imageCard = card(page, IMAGE);
    const videoCard = card(page, VIDEO);
    await expect(imageCard).toContainText('Imagem');
    await expect(videoCard).toContainText('Vídeo');
    await expect(videoCard).toContainText('0:03');
    await expect(imageCard).toContainText(/Enviado em \d\d\/\d\d\/\d{4}/);
    await expect(imageCard).toContainText(/\d+,\d\d (KB|MB)/);
    await expect.poll(() => imageCard.locator('img').evaluate(loadedWidth)).toBeGreaterThan(0);
    await expect.poll(() => videoCard.locator('img').evaluate(loadedWidth)).toBeGreaterThan(0);
    await expect(storage).toContainText('2 arquivos');
    await expect(storage).toContainText(/\d+,\d\d (KB|MB) de 1 GB/);
    await expect(storage).toContainText(/\d+,\d% utilizado/);
    await expect(storage.getByRole('progressbar', { name: 'Espaço de armazenamento utilizado' })).toBeVisible();

    // Tabs with counts; the counts follow the search.
    const tabs = page.getByRole('tablist', { name: 'Filtrar por tipo' });
    await expect(tabs.getByRole('tab')).toHaveText(['Todos (2)', 'Imagens (1)', 'Vídeos (1)', 'Conteúdos (0)']);
    await tabs.getByRole('tab', { name: 'Vídeos (1)' }).click();
    await expect(mediaList(page).getByRole('listitem')).toHaveCount(1);
    await expect(videoCard).toBeVisible();
    await tabs.getByRole('tab', { name: 'Imagens (1)' }).click();
    await expect(mediaList(page).getByRole('listitem')).toHaveCount(1);
    await expect(imageCard).toBeVisible();

    const search = page.getByRole('searchbox', { name: 'Buscar mídias por nome do arquivo' });
    await search.fill('CARTAZ');
    await expect(tabs.getByRole('tab')).toHaveText(['Todos (1)', 'Imagens (1)', 'Vídeos (0)', 'Conteúdos (0)']);
    await tabs.getByRole('tab', { name: 'Vídeos (0)' }).click();
    await expect(page.getByText('Nenhum vídeo encontrado')).toBeVisible();
    await expect(page.getByText('Tente ajustar os termos de busca.')).toBeVisible();
    await search.fill('');
    await tabs.getByRole('tab', { name: 'Todos (2)' }).click();
    await expect(mediaList(page).getByRole('listitem')).toHaveCount(2);

    // Preview: the image itself, then the playable video.
    await page.getByRole('button', { name: `Visualizar ${IMAGE}` }).click();
    const preview = page.getByRole('dialog', { name: IMAGE });
    const previewImage = preview.getByRole('img', { name: IMAGE });
    await expect(previewImage).toBeVisible();
    await expect.poll(() => previewImage.evaluate(loadedWidth)).toBe(640);
    await expect(preview).toContainText('Imagem · PNG');
    await expect(preview.getByRole('link', { name: 'Baixar' })).toHaveAttribute('download', IMAGE);
    await page.keyboard.press('Escape');
    await expect(preview).toBeHidden();

    await page.getByRole('button', { name: `Visualizar ${VIDEO}` }).click();
    const videoPreview = page.getByRole('dialog', { name: VIDEO });
    const video = videoPreview.locator('video');
    await expect(video).toHaveAttribute('src', /^\/api\/media\/\d+\/file$/);
    await expect(video).toHaveAttribute('controls', '');
    await expect(video).toContainText('Seu navegador não suporta a reprodução de vídeo.');
    await expect(videoPreview).toContainText('0:03');
    await page.keyboard.press('Escape');

    // Download keeps the original name.
    const downloadEvent = page.waitForEvent('download');
    await page.getByRole('link', { name: `Baixar ${IMAGE}` }).click();
    expect((await downloadEvent).suggestedFilename()).toBe(IMAGE);

    // Delete after a confirmation quoting the name.
    await page.getByRole('button', { name: `Excluir ${VIDEO}` }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText(`Tem certeza que deseja excluir "${VIDEO}"?`);
    await confirm.getByRole('button', { name: 'Cancelar' }).click();
    await expect(videoCard).toBeVisible();
    await page.getByRole('button', { name: `Excluir ${VIDEO}` }).click();
    await confirm.getByRole('button', { name: 'Excluir' }).click();
    await expect(toast(page, 'Arquivo excluído')).toContainText('O arquivo foi excluído com sucesso.');
    await expect(videoCard).toHaveCount(0);
    await expect(tabs.getByRole('tab')).toHaveText(['Todos (1)', 'Imagens (1)', 'Vídeos (0)', 'Conteúdos (0)']);
    await expect(storage).toContainText('1 arquivo');

    // ...and from the preview, which closes with it.
    await page.getByRole('button', { name: `Visualizar ${IMAGE}` }).click();
    await page.getByRole('dialog', { name: IMAGE }).getByRole('button', { name: 'Excluir' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Excluir' }).click();
    await expect(toast(page, 'Arquivo excluído')).toBeVisible();
    await expect(page.getByRole('dialog', { name: IMAGE })).toBeHidden();
    await expect(page.getByText('Nenhuma mídia enviada')).toBeVisible();
    await expect(storage).toContainText('0 arquivos');
  });

  test('refuses other file types before sending, and shows the server reason next to a refused file', async ({
    page,
    request,
  }) => {
    const user = await createIsolatedUser(request);
    await signIn(page, user.email, user.password);
    await page.goto('/gallery');
    await page.getByRole('button', { name: 'Enviar Arquivos' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Enviar Arquivos' });
    const input = dialog.locator('input[type="file"]');
    const rows = dialog.getByRole('listitem');

    // The drop zone opens the picker from the keyboard too.
    const dropZone = dialog.getByRole('button', { name: /Arraste e solte os arquivos aqui/ });
    await dropZone.focus();
    const chooserEvent = page.waitForEvent('filechooser');
    await page.keyboard.press('Enter');
    await (await chooserEvent).setFiles([]);

    // Dropped files. Not an image or a video: not listed at all. An SVG is an image the server
    // refuses: listed, flagged, and nothing can be sent until it is removed.
    await dropZone.evaluate((zone) => {
      const data = new DataTransfer();
      data.items.add(new File(['texto'], 'notas.txt', { type: 'text/plain' }));
      data.items.add(new File(['<svg xmlns="http://www.w3.org/2000/svg"/>'], 'vetor.svg', { type: 'image/svg+xml' }));
      zone.dispatchEvent(new DragEvent('dragover', { bubbles: true, cancelable: true, dataTransfer: data }));
      zone.dispatchEvent(new DragEvent('drop', { bubbles: true, cancelable: true, dataTransfer: data }));
    });
    await expect(dialog.getByRole('alert')).toHaveText(
      'Apenas imagens, vídeos e PDFs são aceitos. Arquivo(s) ignorado(s): notas.txt',
    );
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('vetor.svg');
    await expect(rows.first()).toContainText(
      'Tipo de arquivo não suportado. Envie JPG, PNG, WebP, GIF, MP4, MOV, WebM ou PDF.',
    );
    await expect(dialog.getByText('Remova os arquivos marcados para poder enviar.')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Enviar', exact: true })).toBeDisabled();
    await dialog.getByRole('button', { name: 'Remover vetor.svg' }).click();
    await expect(rows).toHaveCount(0);

    // A "PNG" whose bytes are text passes the picker; the server refuses it (415) and says why.
    await input.setInputFiles([fixture('corrompido.png'), fixture('foto-ok.png')]);
    await expect(rows).toHaveCount(2);
    await dialog.getByRole('button', { name: 'Enviar', exact: true }).click();
    await expect(toast(page, 'Erro no upload')).toContainText('Falha ao enviar os arquivos. Tente novamente.');
    await expect(dialog).toBeVisible();
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('corrompido.png');
    await expect(rows.first()).toContainText(/Tipo de arquivo não suportado|Não foi possível ler o arquivo/);

    // The good one was sent and the list refreshed anyway.
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await expect(dialog).toBeHidden();
    await expect(card(page, 'foto-ok.png')).toBeVisible();
    await expect(card(page, 'corrompido.png')).toHaveCount(0);
  });
});
