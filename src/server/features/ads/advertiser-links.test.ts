import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adStatementMessages as m } from '../../../contract/ad-statements-messages';
import type { AdLink, AdLinkCreated, AdStatement } from '../../../contract/ad-statements';
import { activities, advertiserLinks } from '../../db/schema';
import { makeWorkspace, signedInUser } from '../../test/factories';
import { useTestApp } from '../../test/test-app';
import { statementWorld, todayIn } from './advertiser-statement-fixture';

const DAY = 24 * 60 * 60 * 1000;

/** docs/ads.md#statement-links: a read-only link to a statement, live, until it expires or is revoked. */
describe('advertiser statement links (/api/advertisers/{id}/links, /api/public/advertiser-statements/{token})', () => {
  const t = useTestApp();
  const open = (token: string, suffix = '') =>
    t.app.inject({ method: 'GET', url: `/api/public/advertiser-statements/${token}${suffix}` });
  /** The answer of a link that opens nothing: 410 "Link expirado", and not one figure. */
  const expectGone = async (token: string) => {
    for (const suffix of ['', '/csv', '/pdf']) {
      const res = await open(token, suffix);
      expect(res.statusCode, suffix).toBe(410);
      expect(res.json()).toEqual({ message: m.linkExpired, code: 'LINK_EXPIRED' });
    }
  };

  it('shows the statement live to anyone with the token, until it expires; only the token’s hash is kept', async () => {
    const w = await statementWorld(t, await makeWorkspace(t.database, 'Sinalização Ótima'));
    await w.send(2);
    const today = todayIn();
    const created = await w.inject('POST', `/api/advertisers/${w.advertiser.id}/links`, {
      from: today,
      to: today,
      days: 7,
    });
    expect(created.statusCode, created.body).toBe(201);
    const link = created.json<AdLinkCreated>();
    expect(link.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(link.url).toMatch(new RegExp(`/anunciante/${link.token}$`));
    expect(link).toMatchObject({
      advertiserId: w.advertiser.id,
      from: today,
      to: today,
      status: 'ativo',
      revokedAt: null,
    });
    expect(Date.parse(link.expiresAt) - Date.now()).toBeGreaterThan(7 * DAY - 60_000);
    const [row] = await t.database.db.select().from(advertiserLinks).where(eq(advertiserLinks.id, link.id));
    expect(row!.tokenHash).toBe(createHash('sha256').update(link.token).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(link.token);

    const seen = await open(link.token);
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.headers['cache-control']).toBe('no-store');
    expect(seen.json<AdStatement>()).toMatchObject({
      company: { name: 'Sinalização Ótima' },
      advertiser: { name: 'Padaria São João' },
      period: { from: today, to: today },
      totals: { plays: 2, audience: 40, amountCents: 300 },
    });
    // Live: a play counted afterwards is in the next read.
    await w.send(1);
    expect((await open(link.token)).json<AdStatement>().totals.plays).toBe(3);
    expect((await open(link.token, '/csv')).body).toContain('Total;;;3;60;4,50');
    expect((await open(link.token, '/pdf')).headers['content-type']).toBe('application/pdf');

    // The list shows it without its token; the history has it under the advertiser.
    const list = (await w.inject('GET', `/api/advertisers/${w.advertiser.id}/links`)).json<AdLink[]>();
    expect(list).toEqual([expect.objectContaining({ id: link.id, status: 'ativo', expiresAt: link.expiresAt })]);
    expect(list[0]).not.toHaveProperty('token');
    const [entry] = await t.database.db.select().from(activities).where(eq(activities.type, 'advertiser_link_created'));
    expect(entry).toMatchObject({
      entityType: 'advertiser',
      entityId: w.advertiser.id,
      data: { name: 'Padaria São João' },
    });

    // Its expiry passes (the clock moved on: the row's expiry set in the past).
    await t.database.db
      .update(advertiserLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(advertiserLinks.id, link.id));
    await expectGone(link.token);
    const after = (await w.inject('GET', `/api/advertisers/${w.advertiser.id}/links`)).json<AdLink[]>();
    expect(after.map((l) => l.status)).toEqual(['expirado']);
    // A token that never existed reads the same.
    await expectGone('x'.repeat(43));
  });

  it('is closed by a revocation, kept for the record; revoking again changes nothing', async () => {
    const w = await statementWorld(t);
    await w.send(1);
    const link = (
      await w.inject('POST', `/api/advertisers/${w.advertiser.id}/links`, { from: '2026-01-01', to: '2026-12-31' })
    ).json<AdLinkCreated>();
    expect(Date.parse(link.expiresAt) - Date.now()).toBeGreaterThan(30 * DAY - 60_000);
    expect((await open(link.token)).statusCode).toBe(200);
    const revoked = await w.inject('DELETE', `/api/advertisers/${w.advertiser.id}/links/${link.id}`);
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json<AdLink>()).toMatchObject({ id: link.id, status: 'revogado' });
    await expectGone(link.token);
    const again = await w.inject('DELETE', `/api/advertisers/${w.advertiser.id}/links/${link.id}`);
    expect(again.json<AdLink>().revokedAt).toBe(revoked.json<AdLink>().revokedAt);
    const list = (await w.inject('GET', `/api/advertisers/${w.advertiser.id}/links`)).json<AdLink[]>();
    expect(list.map((l) => [l.id, l.status])).toEqual([[link.id, 'revogado']]);
    const entries = await t.database.db.select().from(activities).where(eq(activities.type, 'advertiser_link_revoked'));
    expect(entries).toHaveLength(1);
  });

  it('refuses a bad link with a pt-BR 400 and saves nothing', async () => {
    const w = await statementWorld(t);
    const url = `/api/advertisers/${w.advertiser.id}/links`;
    for (const [body, message] of [
      [{ from: '2026-11-30', to: '2026-11-01' }, m.endBeforeStart],
      [{ from: '2026-13-01', to: '2026-12-01' }, m.dayInvalid],
      [{ to: '2026-12-01' }, m.dayInvalid],
      [{ from: '2025-01-01', to: '2026-01-02' }, m.tooLong],
      [{ from: '2026-11-01', to: '2026-11-30', days: 0 }, m.daysInvalid],
      [{ from: '2026-11-01', to: '2026-11-30', days: 1.5 }, m.daysInvalid],
      [{ from: '2026-11-01', to: '2026-11-30', expiresAt: 'amanhã' }, m.expiresInvalid],
      [{ from: '2026-11-01', to: '2026-11-30', expiresAt: new Date(Date.now() - DAY).toISOString() }, m.expiresInvalid],
      [
        { from: '2026-11-01', to: '2026-11-30', expiresAt: new Date(Date.now() + DAY).toISOString(), days: 3 },
        m.expiresOrDays,
      ],
    ] as const) {
      const res = await w.inject('POST', url, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ message, code: 'VALIDATION_ERROR' });
    }
    expect(await t.database.db.select().from(advertiserLinks)).toEqual([]);
    const at = new Date(Date.now() + 3 * DAY).toISOString();
    const ok = await w.inject('POST', url, { from: '2026-11-01', to: '2026-11-30', expiresAt: at });
    expect(ok.statusCode).toBe(201);
    expect(ok.json<AdLink>().expiresAt).toBe(at);
  });

  it('counts the public reads per address: 120 a minute, then 429 with Retry-After', async () => {
    const from = (remoteAddress: string) =>
      t.app.inject({ method: 'GET', url: `/api/public/advertiser-statements/${'y'.repeat(43)}`, remoteAddress });
    for (let i = 0; i < 120; i++) expect((await from('203.0.113.7')).statusCode).toBe(410);
    const refused = await from('203.0.113.7');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ message: m.tooManyRequests, code: 'RATE_LIMITED' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another address has its own budget.
    expect((await from('203.0.113.8')).statusCode).toBe(410);
  });

  it('counts the public files apart, tighter: 6 PDF or CSV a minute per address', async () => {
    const file = (kind: 'pdf' | 'csv') =>
      t.app.inject({
        method: 'GET',
        url: `/api/public/advertiser-statements/${'z'.repeat(43)}/${kind}`,
        remoteAddress: '203.0.113.9',
      });
    for (let i = 0; i < 3; i++) {
      expect((await file('pdf')).statusCode).toBe(410);
      expect((await file('csv')).statusCode).toBe(410);
    }
    expect((await file('pdf')).statusCode).toBe(429);
    // The JSON keeps its own budget.
    const json = await t.app.inject({
      method: 'GET',
      url: `/api/public/advertiser-statements/${'z'.repeat(43)}`,
      remoteAddress: '203.0.113.9',
    });
    expect(json.statusCode).toBe(410);
  });

  it('answers 401 without a session, 403 to a regular user, 404 to another workspace (nothing changed)', async () => {
    const w = await statementWorld(t);
    const theirs = await statementWorld(t, await makeWorkspace(t.database));
    const user = await signedInUser(t.app, t.database, 'user');
    const link = (
      await w.inject('POST', `/api/advertisers/${w.advertiser.id}/links`, { from: '2026-11-01', to: '2026-11-30' })
    ).json<AdLinkCreated>();
    const calls = [
      ['GET', `/api/advertisers/${w.advertiser.id}/links`],
      ['POST', `/api/advertisers/${w.advertiser.id}/links`],
      ['DELETE', `/api/advertisers/${w.advertiser.id}/links/${link.id}`],
    ] as const;
    const body = { from: '2026-11-01', to: '2026-11-30' };
    for (const [method, url] of calls) {
      const payload = method === 'POST' ? body : undefined;
      expect((await t.app.inject({ method, url, payload })).statusCode, url).toBe(401);
      expect((await t.app.inject({ method, url, payload, headers: { cookie: user.cookie } })).statusCode, url).toBe(
        403,
      );
      expect((await theirs.inject(method, url, payload)).statusCode, `${method} ${url}`).toBe(404);
    }
    // Their own advertiser with my link's id: not theirs either.
    const crossed = await theirs.inject('DELETE', `/api/advertisers/${theirs.advertiser.id}/links/${link.id}`);
    expect(crossed.statusCode).toBe(404);
    expect(crossed.json()).toMatchObject({ message: m.linkNotFound });
    expect((await open(link.token)).statusCode).toBe(200);
    expect(await t.database.db.select().from(advertiserLinks)).toHaveLength(1);
  });
});
