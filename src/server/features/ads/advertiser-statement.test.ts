import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adStatementMessages as m } from '../../../contract/ad-statements-messages';
import type { AdStatement } from '../../../contract/ad-statements';
import { TV_SCREENSHOT_PATH } from '../../../contract/screens';
import { makeWorkspace, signedInUser } from '../../test/factories';
import { useTestApp } from '../../test/test-app';
import { statementWorld, todayIn } from './advertiser-statement-fixture';

const run = promisify(execFile);
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'sinalize-statement-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** What poppler reads of the PDF (it fails on a broken file). */
async function pdfText(pdf: Buffer): Promise<string> {
  const file = path.join(dir, `${Math.random().toString(36).slice(2)}.pdf`);
  await writeFile(file, pdf);
  return (await run('pdftotext', ['-layout', file, '-'])).stdout;
}

/** docs/ads.md#statements: an advertiser's counted plays per screen and day, as JSON, CSV and PDF. */
describe('advertiser statements (GET /api/advertisers/{id}/statement, .csv, .pdf)', () => {
  const t = useTestApp();

  it('sums the counted plays per screen and day, each at the price it had when it played', async () => {
    const w = await statementWorld(t, await makeWorkspace(t.database, 'Sinalização Ótima'));
    await w.send(2);
    // The screen's price changes mid-period: the earlier plays keep R$ 1,50 and 20 viewers.
    await w.price(300, 35);
    await w.send(1);
    const today = todayIn();
    const res = await w.inject('GET', `/api/advertisers/${w.advertiser.id}/statement?from=${today}&to=${today}`);
    expect(res.statusCode, res.body).toBe(200);
    const statement = res.json<AdStatement>();
    expect(statement).toMatchObject({
      company: { name: 'Sinalização Ótima' },
      advertiser: { id: w.advertiser.id, name: 'Padaria São João', document: '11222333000181' },
      period: { from: today, to: today },
      timeZone: 'America/Sao_Paulo',
      totals: { plays: 3, audience: 75, amountCents: 600 },
      campaigns: [{ id: w.campaign.id, name: 'Pão de queijo', plays: 3, audience: 75, amountCents: 600 }],
    });
    expect(statement.screens).toEqual([
      {
        id: w.tv.device.id,
        name: 'Recepção',
        location: 'Térreo',
        plays: 3,
        audience: 75,
        amountCents: 600,
        days: [{ day: today, plays: 3, audience: 75, amountCents: 600 }],
        screenshotAt: null,
      },
    ]);
    // Without a period, the current month up to today.
    const month = (await w.inject('GET', `/api/advertisers/${w.advertiser.id}/statement`)).json<AdStatement>();
    expect(month.period).toEqual({ from: `${today.slice(0, 8)}01`, to: today });
    expect(month.totals.plays).toBe(3);
    // A removed screen keeps its figures, without its name.
    expect((await w.inject('DELETE', `/api/devices/${w.tv.device.id}`)).statusCode).toBe(204);
    const removed = await w.inject(
      'GET',
      `/api/advertisers/${w.advertiser.id}/statement.csv?from=${today}&to=${today}`,
    );
    expect(removed.body).toContain(`Tela removida (#${w.tv.device.id});;`);
    // Another advertiser of the workspace has none of these plays.
    const other = await w.inject('POST', '/api/advertisers', { name: 'Outra' });
    const empty = await w.inject('GET', `/api/advertisers/${other.json<{ id: number }>().id}/statement`);
    expect(empty.json<AdStatement>()).toMatchObject({ totals: { plays: 0, audience: 0, amountCents: 0 }, screens: [] });
  });

  it('exports a CSV of one row per screen and day plus the totals, and a PDF with totals and the screenshot', async () => {
    const w = await statementWorld(t, await makeWorkspace(t.database, 'Sinalização Ótima'));
    await w.price(123_456, 1_200);
    await w.send(2);
    const jpeg = await sharp({ create: { width: 64, height: 36, channels: 3, background: '#3366cc' } })
      .jpeg()
      .toBuffer();
    const shot = await t.app.inject({
      method: 'POST',
      url: TV_SCREENSHOT_PATH,
      headers: { ...w.tv.headers, 'content-type': 'image/jpeg' },
      payload: jpeg,
    });
    expect(shot.statusCode, shot.body).toBe(200);
    const today = todayIn();
    const day = `${today.slice(8, 10)}/${today.slice(5, 7)}/${today.slice(0, 4)}`;
    const query = `from=${today}&to=${today}`;

    const csv = await w.inject('GET', `/api/advertisers/${w.advertiser.id}/statement.csv?${query}`);
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe(
      `attachment; filename="extrato-padaria-sao-joao-${today}-a-${today}.csv"`,
    );
    expect(csv.body).toBe(
      '\uFEFFTela;Local;Dia;Exibições;Público estimado;Valor (R$)\r\n' +
        `Recepção;Térreo;${day};2;2400;2.469,12\r\n` +
        'Total;;;2;2400;2.469,12\r\n',
    );

    const pdf = await w.inject('GET', `/api/advertisers/${w.advertiser.id}/statement.pdf?${query}`);
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(
      `attachment; filename="extrato-padaria-sao-joao-${today}-a-${today}.pdf"`,
    );
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('Sinalização Ótima');
    expect(text).toContain('Padaria São João');
    expect(text).toContain('11.222.333/0001-81');
    expect(text).toContain(`${day} a ${day}`);
    expect(text).toMatch(/Exibições\s+2\n/);
    expect(text).toMatch(/Público estimado\s+2\.400/);
    expect(text).toMatch(/Valor\s+R\$ 2\.469,12/);
    expect(text).toMatch(new RegExp(`Recepção\\s+${day.replaceAll('/', '\\/')}\\s+2\\s+2\\.400\\s+R\\$ 2\\.469,12`));
    expect(text).toMatch(/Total\s+2\s+2\.400\s+R\$ 2\.469,12/);
    expect(text).toMatch(new RegExp(`Recepção \\(Térreo\\), captura de ${day.replaceAll('/', '\\/')} \\d\\d:\\d\\d`));
    expect(pdf.rawPayload.includes(jpeg)).toBe(true);
  });

  it('refuses a bad period with a pt-BR 400, on the JSON, the CSV and the PDF', async () => {
    const w = await statementWorld(t);
    const base = `/api/advertisers/${w.advertiser.id}/statement`;
    for (const [query, message] of [
      ['from=2026-11-30&to=2026-11-01', m.endBeforeStart],
      ['from=2026-02-30&to=2026-03-01', m.dayInvalid],
      ['from=30/11/2026&to=2026-12-01', m.dayInvalid],
      ['from=2026-11-01', m.periodIncomplete],
      ['from=2025-01-01&to=2026-01-02', m.tooLong],
    ] as const) {
      for (const suffix of ['', '.csv', '.pdf']) {
        const res = await w.inject('GET', `${base}${suffix}?${query}`);
        expect(res.statusCode, `${suffix} ${query}`).toBe(400);
        expect(res.headers['content-type']).toContain('application/json');
        expect(res.json()).toMatchObject({ message, code: 'VALIDATION_ERROR' });
      }
    }
    // 366 days, both ends included, is the most (2025 has 365).
    expect((await w.inject('GET', `${base}?from=2025-01-01&to=2026-01-01`)).statusCode).toBe(200);
  });

  it('answers 401 without a session, 403 to a regular user, 404 for another workspace’s advertiser', async () => {
    const w = await statementWorld(t);
    const theirs = await statementWorld(t, await makeWorkspace(t.database));
    const user = await signedInUser(t.app, t.database, 'user');
    const id = w.advertiser.id;
    const urls = [
      `/api/advertisers/${id}/statement`,
      `/api/advertisers/${id}/statement.csv`,
      `/api/advertisers/${id}/statement.pdf`,
    ];
    for (const url of urls) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(401);
      expect((await t.app.inject({ method: 'GET', url, headers: { cookie: user.cookie } })).statusCode, url).toBe(403);
      const foreign = await theirs.inject('GET', url);
      expect(foreign.statusCode, url).toBe(404);
      expect(foreign.json()).toMatchObject({ message: 'Anunciante não encontrado' });
    }
  });
});
