import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { and, eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLAYS_BATCH_MAX, type PlayRecord } from '../../../contract/plays';
import { adsMessages } from '../../../contract/ads-messages';
import {
  monthShort,
  partnerCommissionMessages as m,
  type CommissionMonthSummary,
  type CommissionStatement,
} from '../../../contract/partner-commissions';
import { localTime } from '../../../contract/schedule';
import { activities, partnerCommissionMonths } from '../../db/schema';
import { makeMedia, makePairedDevice, makePlaylist, makeWorkspace, signedInUser } from '../../test/factories';
import { lockWaiterAppears } from '../../test/lock-waiters';
import { testDatabaseUrl } from '../../test/test-database';
import { useTestApp } from '../../test/test-app';

const DAY = 24 * 60 * 60 * 1000;
const run = promisify(execFile);

/** Months of the test's clock in the workspace's zone (the default, America/Sao_Paulo). */
function monthsAround() {
  const now = localTime(new Date(), 'America/Sao_Paulo');
  const key = (year: number, month: number) => `${year}-${String(month).padStart(2, '0')}`;
  const current = key(now.year, now.month);
  const last = now.month === 1 ? key(now.year - 1, 12) : key(now.year, now.month - 1);
  const next = now.month === 12 ? key(now.year + 1, 1) : key(now.year, now.month + 1);
  return { current, last, next };
}
const { current, last, next } = monthsAround();
/** Midday of a day of `month` in São Paulo (15:00 UTC), as a play's start. */
const at = (month: string, day: number) => new Date(`${month}-${String(day).padStart(2, '0')}T15:00:00Z`).toISOString();

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'sinalize-commissions-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** docs/ads.md#commissions: a partner's share of what its screens earned, per month, closed and paid. */
describe('partner commissions (/api/partners/{id}/commissions)', () => {
  const t = useTestApp();

  /**
   * A partner at 12,5 % with two paired screens (R$ 1,50 and R$ 1,00 a play), a screen of another
   * partner (R$ 9,99), and a published ad on all three whose flight began 70 days ago. Plays go
   * through the real path: `POST /api/tv/plays` from each screen.
   */
  async function setup(given?: number) {
    const workspaceId = given ?? (await makeWorkspace(t.database, 'Sinalização Ótima Ltda.'));
    const admin = await signedInUser(t.app, t.database, 'admin', workspaceId);
    const headers = { cookie: admin.cookie };
    const inject = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
      t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
    const newPartner = async (name: string, document: string, commissionPercent: number) =>
      (await inject('POST', '/api/partners', { name, document, commissionPercent })).json<{ id: number }>();
    const partner = await newPartner('Shopping Central', '11222333000181', 12.5);
    const other = await newPartner('Posto Norte', '52998224725', 50);
    const advertiser = (await inject('POST', '/api/advertisers', { name: 'Padaria' })).json<{ id: number }>();
    const image = await makeMedia(t, { userId: admin.user.id });
    const playlist = await makePlaylist(t, { owner: admin, items: [{ mediaId: image.id, duration: 10 }] });
    const screen = async (name: string) => makePairedDevice(t, { owner: admin, name });
    const [tvA, tvB, tvC] = [await screen('TV Entrada'), await screen('TV Balcão'), await screen('TV Posto')];
    const priced = async (tv: typeof tvA, partnerId: number | null, pricePerPlayCents: number) => {
      const res = await inject('PUT', `/api/devices/${tv.device.id}`, {
        name: tv.device.name,
        location: tv.device.location,
        resolution: tv.device.resolution,
        authCode: tv.device.authCode,
        partnerId,
        pricePerPlayCents,
        audiencePerPlay: 10,
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    await priced(tvA, partner.id, 150);
    await priced(tvB, partner.id, 100);
    await priced(tvC, other.id, 999);
    const campaign = await inject('POST', '/api/campaigns', {
      name: 'Pão de queijo',
      type: 'ad',
      advertiserId: advertiser.id,
      playlistId: playlist.id,
      deviceIds: [tvA.device.id, tvB.device.id, tvC.device.id],
      status: 'published',
      startDate: new Date(Date.now() - 70 * DAY).toISOString(),
      endDate: new Date(Date.now() + DAY).toISOString(),
      goalKind: 'flight',
      goalPlays: 100_000,
      capPerHour: 60,
    });
    expect(campaign.statusCode, campaign.body).toBe(201);
    const campaignId = campaign.json<{ id: number }>().id;
    /** Counted plays of `tv`, each at its own minute of `startedAt`'s day. */
    const play = async (tv: typeof tvA, count: number, startedAt: string) => {
      const records: PlayRecord[] = Array.from({ length: count }, (_, i) => ({
        clientId: randomUUID(),
        mediaId: image.id,
        playlistId: playlist.id,
        campaignId,
        window: 0,
        startedAt: new Date(Date.parse(startedAt) + i * 60_000).toISOString(),
        durationMs: 10_000,
        completed: true,
      }));
      for (let i = 0; i < records.length; i += PLAYS_BATCH_MAX) {
        const batch = records.slice(i, i + PLAYS_BATCH_MAX);
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/tv/plays',
          headers: tv.headers,
          payload: { plays: batch },
        });
        expect(res.json()).toEqual({ accepted: batch.length, duplicates: 0 });
      }
    };
    const base = `/api/partners/${partner.id}/commissions`;
    const statement = async (month: string) => {
      const res = await inject('GET', `${base}/${month}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<CommissionStatement>();
    };
    const setStatus = (month: string, status: string) => inject('PUT', `${base}/${month}/status`, { status });
    return { workspaceId, admin, inject, partner, other, tvA, tvB, tvC, priced, play, base, statement, setStatus };
  }

  /** Last month: A 2 plays × R$ 1,50, B 1 play × R$ 1,00, C (the other partner's) 1 play. */
  async function lastMonthPlays(s: Awaited<ReturnType<typeof setup>>) {
    await s.play(s.tvA, 2, at(last, 10));
    await s.play(s.tvB, 1, at(last, 11));
    await s.play(s.tvC, 1, at(last, 12));
  }

  it('computes each screen line in cents, half to even, and totals as the sum of the lines', async () => {
    const s = await setup();
    await lastMonthPlays(s);
    const st = await s.statement(last);
    expect(st).toMatchObject({
      company: 'Sinalização Ótima Ltda.',
      partner: { id: s.partner.id, name: 'Shopping Central', document: '11222333000181' },
      month: last,
      status: 'aberto',
      commissionBasisPoints: 1250,
      commissionPercent: 12.5,
      closedBy: null,
      paidBy: null,
    });
    // B: 100 × 12,5 % = 12,5 → 12 (even); A: 300 × 12,5 % = 37,5 → 38 (even). By name: Balcão, Entrada.
    expect(st.screens).toEqual([
      { id: s.tvB.device.id, name: 'TV Balcão', plays: 1, grossCents: 100, commissionCents: 12 },
      { id: s.tvA.device.id, name: 'TV Entrada', plays: 2, grossCents: 300, commissionCents: 38 },
    ]);
    expect(st.totals).toEqual({ plays: 3, grossCents: 400, commissionCents: 50 });

    // The partner frozen in the play counts, not the screen's partner today.
    await s.priced(s.tvB, s.other.id, 100);
    expect((await s.statement(last)).screens.map((l) => l.id)).toEqual([s.tvB.device.id, s.tvA.device.id]);

    // The list: the month with plays, open, its live totals; the current month has none yet.
    const list = (await s.inject('GET', s.base)).json<CommissionMonthSummary[]>();
    expect(list).toEqual([
      { month: last, status: 'aberto', plays: 3, grossCents: 400, commissionCents: 50, closedAt: null, paidAt: null },
    ]);
  });

  it('closes a month over (frozen), then pays it; refuses every other move with 409 and saves nothing', async () => {
    const s = await setup();
    await lastMonthPlays(s);
    const rows = () =>
      t.database.db.select().from(partnerCommissionMonths).where(eq(partnerCommissionMonths.partnerId, s.partner.id));

    const refused = async (month: string, status: string, message: string) => {
      const res = await s.setStatus(month, status);
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().message).toBe(message);
    };
    await refused(last, 'pago', m.notClosed);
    await refused(last, 'aberto', m.alreadyOpen);
    await refused(current, 'fechado', m.monthNotOver);
    await refused(next, 'fechado', m.futureMonth);
    expect(await rows()).toEqual([]);

    const closed = await s.setStatus(last, 'fechado');
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json()).toMatchObject({
      status: 'fechado',
      closedBy: { id: s.admin.user.id, name: s.admin.user.username },
      totals: { plays: 3, grossCents: 400, commissionCents: 50 },
    });
    expect(Date.now() - Date.parse(closed.json<CommissionStatement>().closedAt!)).toBeLessThan(60_000);
    await refused(last, 'fechado', m.notOpen);
    await refused(last, 'aberto', m.reopen);

    const paid = await s.setStatus(last, 'pago');
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({
      status: 'pago',
      paidBy: { id: s.admin.user.id },
      closedBy: { id: s.admin.user.id },
    });
    for (const status of ['aberto', 'fechado', 'pago']) await refused(last, status, m.alreadyPaid);
    expect((await rows()).map((r) => r.status)).toEqual(['pago']);

    const history = await t.database.db
      .select({ type: activities.type, data: activities.data })
      .from(activities)
      .where(and(eq(activities.entityType, 'partner'), eq(activities.entityId, s.partner.id)));
    const monthText = `${last.slice(5)}/${last.slice(0, 4)}`;
    expect(history.filter((h) => h.type.startsWith('partner_commission'))).toEqual([
      { type: 'partner_commission_closed', data: { name: 'Shopping Central', month: monthText } },
      { type: 'partner_commission_paid', data: { name: 'Shopping Central', month: monthText } },
    ]);
  });

  it('keeps a closed month as frozen: a late play, a new price and a new commission change only open months', async () => {
    const s = await setup();
    await lastMonthPlays(s);
    expect((await s.setStatus(last, 'fechado')).statusCode).toBe(200);
    const frozen = await s.statement(last);

    await s.priced(s.tvA, s.partner.id, 500);
    await s.play(s.tvA, 1, at(last, 20)); // stored late, after the closing
    await s.play(s.tvA, 1, new Date(Date.now() - 60_000).toISOString());
    const renamed = await s.inject('PUT', `/api/partners/${s.partner.id}`, {
      name: 'Shopping Novo',
      document: '11222333000181',
      commissionPercent: 20,
    });
    expect(renamed.statusCode).toBe(200);

    expect(await s.statement(last)).toEqual(frozen);
    const live = await s.statement(current);
    expect(live).toMatchObject({ status: 'aberto', commissionBasisPoints: 2000, partner: { name: 'Shopping Novo' } });
    expect(live.totals).toEqual({ plays: 1, grossCents: 500, commissionCents: 100 });
    const list = (await s.inject('GET', s.base)).json<CommissionMonthSummary[]>();
    expect(list.map((r) => [r.month, r.status, r.commissionCents])).toEqual([
      [current, 'aberto', 100],
      [last, 'fechado', 50],
    ]);

    // Its closed month is a record: the partner is not removed (409 naming it), and the month stays.
    const removal = await s.inject('DELETE', `/api/partners/${s.partner.id}`);
    expect(removal.statusCode, removal.body).toBe(409);
    expect(removal.json().message).toBe(adsMessages.partners.hasCommissionMonths([monthShort(last)]));
    expect(await s.statement(last)).toEqual(frozen);
  });

  it('two closings at once: one closes, the other is refused (the row lock)', async () => {
    const s = await setup();
    await lastMonthPlays(s);
    const answers = await Promise.all([s.setStatus(last, 'fechado'), s.setStatus(last, 'fechado')]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const closings = await t.database.db
      .select()
      .from(activities)
      .where(and(eq(activities.type, 'partner_commission_closed'), eq(activities.entityId, s.partner.id)));
    expect(closings).toHaveLength(1);
  });

  // PostgreSQL only (PGlite runs one transaction at a time). Closing: the first is held inside its
  // transaction (the history table locked) and the second queues on the month's new row. Paying:
  // the test holds the month's row, both payments queue on it, and once let go the second finds it
  // paid. Either way a 409 for the second and one history entry each.
  it.skipIf(!process.env.DATABASE_URL)(
    'a move that waits behind the same move finds it done (PostgreSQL)',
    async () => {
      const s = await setup();
      await lastMonthPlays(s);
      const other = new pg.Client({ connectionString: testDatabaseUrl() });
      await other.connect();
      const raced = async (status: string, message: string) => {
        await other.query('begin');
        await other.query('lock table activities in exclusive mode');
        const first = s.setStatus(last, status);
        await lockWaiterAppears(t.database);
        const second = s.setStatus(last, status);
        await lockWaiterAppears(t.database, 10_000, 2);
        await other.query('commit');
        expect((await first).statusCode).toBe(200);
        const refused = await second;
        expect(refused.statusCode, refused.body).toBe(409);
        expect(refused.json().message).toBe(message);
      };
      try {
        await raced('fechado', m.notOpen);
        await raced('pago', m.alreadyPaid);
      } finally {
        await other.end();
      }
      const entries = await t.database.db
        .select({ type: activities.type })
        .from(activities)
        .where(eq(activities.entityId, s.partner.id));
      expect(entries.filter((e) => e.type.startsWith('partner_commission')).map((e) => e.type)).toEqual([
        'partner_commission_closed',
        'partner_commission_paid',
      ]);
    },
  );

  it('writes the PDF (pt-BR, the rule stated) and the CSV, with their file names', async () => {
    const s = await setup();
    await lastMonthPlays(s);
    await s.play(s.tvA, 1000, at(last, 5)); // R$ 1.500,00 more on A, thousands separators
    expect((await s.setStatus(last, 'fechado')).statusCode).toBe(200);

    const pdf = await s.inject('GET', `${s.base}/${last}.pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(
      `attachment; filename="comissoes-parceiro-${s.partner.id}-${last}.pdf"`,
    );
    const file = path.join(dir, `${randomUUID()}.pdf`);
    await writeFile(file, pdf.rawPayload);
    const text = (await run('pdftotext', ['-layout', file, '-'])).stdout;
    expect(text).toContain('Extrato de comissões');
    expect(text).toContain('Shopping Central');
    expect(text).toContain('Sinalização Ótima Ltda.');
    expect(text).toContain('11.222.333/0001-81');
    expect(text).toContain('12,5 %');
    expect(text).toContain(`Fechado por ${s.admin.user.username} em`);
    // A: 1.002 plays, R$ 1.503,00 → 187,875 → R$ 187,88; B: R$ 1,00 → R$ 0,12.
    expect(text).toMatch(/TV Entrada\s+1\.002\s+R\$ 1\.503,00\s+R\$ 187,88/);
    expect(text).toMatch(/TV Balcão\s+1\s+R\$ 1,00\s+R\$ 0,12/);
    expect(text).toMatch(/Total\s+1\.003\s+R\$ 1\.504,00\s+R\$ 188,00/);
    expect(text).toContain('ABNT NBR 5891');

    const csv = await s.inject('GET', `${s.base}/${last}.csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe(
      `attachment; filename="comissoes-parceiro-${s.partner.id}-${last}.csv"`,
    );
    expect(csv.body).toBe(
      '\uFEFFTela;Exibições;Valor bruto;Comissão\r\n' +
        'TV Balcão;1;R$ 1,00;R$ 0,12\r\n' +
        'TV Entrada;1002;R$ 1.503,00;R$ 187,88\r\n' +
        'Total;1003;R$ 1.504,00;R$ 188,00\r\n',
    );
  });

  it('refuses a bad month or status with 400 (pt-BR), a caller not signed in 401, a user 403, another workspace 404', async () => {
    const s = await setup();
    const urls = (month: string) => [`${s.base}/${month}`, `${s.base}/${month}.csv`, `${s.base}/${month}.pdf`];
    for (const url of [...urls('2026-13'), ...urls('26-11'), ...urls('2026-1')]) {
      const res = await s.inject('GET', url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message).toBe(m.badMonth);
    }
    for (const body of [{ status: 'closed' }, {}, { status: 1 }]) {
      const res = await s.inject('PUT', `${s.base}/${last}/status`, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(m.badStatus);
    }
    const badMonthPut = await s.inject('PUT', `${s.base}/2026-00/status`, { status: 'fechado' });
    expect(badMonthPut.json().message).toBe(m.badMonth);
    expect(await t.database.db.select().from(partnerCommissionMonths)).toEqual([]);

    const all = [['GET', s.base], ...urls(last).map((u) => ['GET', u]), ['PUT', `${s.base}/${last}/status`]] as const;
    const user = await signedInUser(t.app, t.database, 'user', s.workspaceId);
    const theirs = await signedInUser(t.app, t.database, 'admin', await makeWorkspace(t.database));
    for (const [method, url] of all) {
      const payload = method === 'PUT' ? { status: 'fechado' } : undefined;
      const anonymous = await t.app.inject({ method, url, payload });
      expect(anonymous.statusCode, url).toBe(401);
      const asUser = await t.app.inject({ method, url, payload, headers: { cookie: user.cookie } });
      expect(asUser.statusCode, url).toBe(403);
      const foreign = await t.app.inject({ method, url, payload, headers: { cookie: theirs.cookie } });
      expect(foreign.statusCode, url).toBe(404);
      expect(foreign.json().message).toBe('Parceiro não encontrado');
    }
    expect(await t.database.db.select().from(partnerCommissionMonths)).toEqual([]);
  });
});
