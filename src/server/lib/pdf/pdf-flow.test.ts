import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readJpeg } from './pdf-document';
import { fitText, PdfFlow } from './pdf-flow';

const run = promisify(execFile);
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'sinalize-pdf-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** What poppler reads of a PDF (pdftotext, pdfinfo): it fails on a broken file. */
async function readPdf(pdf: Buffer) {
  const file = path.join(dir, `${Math.random().toString(36).slice(2)}.pdf`);
  await writeFile(file, pdf);
  const text = (await run('pdftotext', ['-layout', file, '-'])).stdout;
  const info = await run('pdfinfo', [file]);
  expect(info.stderr).toBe('');
  return {
    text,
    pages: Number(/Pages:\s+(\d+)/.exec(info.stdout)?.[1]),
    title: /Title:\s+(.*)/.exec(info.stdout)?.[1],
  };
}

describe('PDF statements (docs/ads.md#pdf)', () => {
  it('writes pt-BR text, a table across pages with its header repeated, and page numbers', async () => {
    const rows = Array.from({ length: 120 }, (_, i) => [
      `Padaria São João (${i + 1})`,
      `${i + 1}`,
      `R$ 1.234,5${i % 10}`,
    ]);
    const flow = new PdfFlow('Extrato — Anunciante Ação & Cia (ç)')
      .heading('Extrato de exibições')
      .pairs([
        ['Empresa', 'Sinalização Ótima Ltda.'],
        ['Período', '01/11/2026 a 30/11/2026'],
      ])
      .table(
        [
          { header: 'Tela', share: 0.6 },
          { header: 'Exibições', share: 0.2, align: 'right' },
          { header: 'Valor', share: 0.2, align: 'right' },
        ],
        rows,
        { footer: ['Total', '7.260', 'R$ 9.999,99'] },
      );
    const { text, pages, title } = await readPdf(flow.toBuffer());
    expect(pages).toBeGreaterThanOrEqual(3);
    expect(title).toBe('Extrato — Anunciante Ação & Cia (ç)');
    expect(text).toContain('Sinalização Ótima Ltda.');
    expect(text).toContain('Padaria São João (120)');
    expect(text).toMatch(/Total\s+7\.260\s+R\$ 9\.999,99/);
    // The header is repeated on every page the table reaches.
    expect(text.match(/Exibições/g)).toHaveLength(pages);
    expect(text).toContain(`Página ${pages} de ${pages}`);
  });

  it('draws a JPEG screenshot, and leaves a file that is not one out with its caption kept', async () => {
    const jpeg = await sharp({ create: { width: 64, height: 36, channels: 3, background: '#3366cc' } })
      .jpeg()
      .toBuffer();
    expect(readJpeg(jpeg)).toMatchObject({ width: 64, height: 36, components: 3 });
    expect(readJpeg(Buffer.from('not a jpeg'))).toBeNull();
    const pdf = new PdfFlow('Telas')
      .image(jpeg, 'Recepção, 27/11/2026 08:00')
      .image(Buffer.from('x'), 'Sem imagem')
      .toBuffer();
    const { text } = await readPdf(pdf);
    expect(text).toContain('Recepção, 27/11/2026 08:00');
    expect(text).toContain('Sem imagem');
    expect(pdf.includes(jpeg)).toBe(true);
    expect(pdf.toString('latin1').match(/\/Subtype \/Image/g)).toHaveLength(1);
  });

  it('cuts a text that does not fit, with an ellipsis', () => {
    expect(fitText('curto', 100, 10)).toBe('curto');
    const cut = fitText('Um nome de tela muito comprido que não cabe na coluna', 60, 10);
    expect(cut.endsWith('…')).toBe(true);
    expect(cut.length).toBeLessThan(20);
  });
});
