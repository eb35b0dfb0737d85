/**
 * docs/benchmarks.md#targets: a partner's commission statement for a month over 1,000 screens × 30
 * days of counted plays answers in < 500 ms (p50 and p99), and its PDF in < 5 s
 * (docs/ads.md#commissions). Seeds one workspace: the partner's SCREENS screens and as many of
 * another partner's, CAMPAIGNS ad campaigns of 2 advertisers on every screen, and their daily
 * roll-ups (`ad_play_days`, written by SQL; it names campaigns and advertisers by id without
 * foreign keys) for DAYS days of January 2026: 2 × SCREENS × DAYS × CAMPAIGNS rows, 300,000 for the
 * defaults. Then times `GET /api/partners/{id}/commissions/2026-01` RUNS times and its `.pdf`
 * PDF_RUNS times over real HTTP, after warm-ups. PGlite by default, PostgreSQL with DATABASE_URL
 * (a database of the bench's own on its server, dropped and made anew).
 *
 *   npm run bench:commissions                                                              # PGlite
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:commissions     # PostgreSQL
 */
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { advertisers, devices, partners } from '../src/server/db/schema';
import { BENCH_ADMIN, inProcessApp } from './in-process-app';
import { formatStats, freshDatabase, stats } from './lib';

const SCREENS = Number(process.env.SCREENS ?? 1000);
const DAYS = Number(process.env.DAYS ?? 30);
const CAMPAIGNS = Number(process.env.CAMPAIGNS ?? 5);
const RUNS = Number(process.env.RUNS ?? 20);
const PDF_RUNS = Number(process.env.PDF_RUNS ?? 5);
const ADMIN = BENCH_ADMIN;
const DB_NAME = 'sinalize_commissions_bench';
const MONTH = '2026-01';
const engine = process.env.DATABASE_URL ? 'postgres' : 'pglite';

const { database, owner, app, close } = await inProcessApp(
  'commissions',
  process.env.DATABASE_URL ? await freshDatabase(DB_NAME) : undefined,
);
try {
  const seedStarted = performance.now();
  const [partner, other] = await database.db
    .insert(partners)
    .values([
      { ...owner, name: 'Shopping Central', document: '11222333000181', commissionBasisPoints: 1250 },
      { ...owner, name: 'Posto Norte', document: '52998224725', commissionBasisPoints: 3000 },
    ])
    .returning({ id: partners.id });
  const advertiserIds = (
    await database.db
      .insert(advertisers)
      .values([
        { ...owner, name: 'Padaria' },
        { ...owner, name: 'Ótica' },
      ])
      .returning({ id: advertisers.id })
  ).map((r) => r.id);
  const screens: Array<{ id: number; partnerId: number }> = [];
  for (const partnerId of [partner!.id, other!.id]) {
    for (let i = 0; i < SCREENS; i += 1000) {
      const rows = Array.from({ length: Math.min(1000, SCREENS - i) }, (_, k) => ({
        ...owner,
        name: `TV ${partnerId === partner!.id ? 'A' : 'B'} ${String(i + k).padStart(5, '0')}`,
        location: `Loja ${(i + k) % 200}`,
        resolution: '1920x1080',
        authCode: String(100000 + screens.length + k),
        partnerId,
        pricePerPlayCents: 100 + ((i + k) % 50),
      }));
      const ids = await database.db.insert(devices).values(rows).returning({ id: devices.id });
      screens.push(...ids.map((r) => ({ id: r.id, partnerId })));
    }
  }
  // One day's rows (screen, campaign, advertiser, partner, plays, price), repeated for every day by the database.
  const cols: number[][] = [[], [], [], [], [], []];
  screens.forEach((s, i) => {
    for (let c = 1; c <= CAMPAIGNS; c++) {
      const values = [s.id, c, advertiserIds[c % 2]!, s.partnerId, 20 + ((i + c) % 40), 100 + (i % 50)];
      values.forEach((v, k) => cols[k]!.push(v));
    }
  });
  const arrays = cols.map((c) => `{${c.join(',')}}`);
  await database.db.execute(sql`
    insert into ad_play_days (workspace_id, day, device_id, campaign_id, advertiser_id, partner_id, plays, amount_cents, audience)
    select ${owner.workspaceId}, d::date, r.device_id, r.campaign_id, r.advertiser_id, r.partner_id, r.plays,
           r.plays * r.price::bigint, r.plays * 12::bigint
    from generate_series(${`${MONTH}-01`}::date, ${`${MONTH}-01`}::date + ${DAYS - 1}::integer, interval '1 day') as d,
         unnest(${arrays[0]}::int[], ${arrays[1]}::int[], ${arrays[2]}::int[], ${arrays[3]}::int[], ${arrays[4]}::int[], ${arrays[5]}::int[])
           as r(device_id, campaign_id, advertiser_id, partner_id, plays, price)`);
  await database.db.execute(sql`analyze ad_play_days`);
  const rows = cols[0]!.length * DAYS;
  const seedMs = Math.round(performance.now() - seedStarted);

  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  const login = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
  const url = `http://127.0.0.1:${port}/api/partners/${partner!.id}/commissions/${MONTH}`;
  const time = async (target: string, runs: number, warmups: number) => {
    const call = async () => {
      const started = performance.now();
      const res = await fetch(target, { headers: { cookie, 'accept-encoding': 'br' } });
      const body = Buffer.from(await res.arrayBuffer());
      if (res.status !== 200) throw new Error(`GET ${target}: ${res.status} ${body.toString().slice(0, 200)}`);
      return { ms: performance.now() - started, body };
    };
    for (let i = 0; i < warmups; i++) await call();
    const done = [];
    for (let i = 0; i < runs; i++) done.push(await call());
    return { stats: stats(done.map((r) => r.ms)), body: done[0]!.body };
  };
  const json = await time(url, RUNS, 3);
  const statement = JSON.parse(json.body.toString()) as { screens: unknown[]; totals: { plays: number } };
  const pdf = await time(`${url}.pdf`, PDF_RUNS, 1);
  const pages = (pdf.body.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length;
  const load = os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
  console.log(`seeded ${rows.toLocaleString('en')} ad_play_days rows in ${seedMs} ms; load average ${load}`);
  console.log(
    `  statement, ${statement.screens.length} screens, ${statement.totals.plays.toLocaleString('en')} plays: ${formatStats(json.stats)}`,
  );
  console.log(`  PDF, ${pages} pages, ${Math.round(pdf.body.length / 1024)} KiB: ${formatStats(pdf.stats)}`);
  const pass = json.stats.p99 < 500 && pdf.stats.p99 < 5000;
  console.log(
    `commissions (${engine}, ${SCREENS} screens × ${DAYS} days × ${CAMPAIGNS} campaigns, ${rows} rows): statement p50 ${json.stats.p50} ms, p99 ${json.stats.p99} ms (< 500); PDF p50 ${pdf.stats.p50} ms, p99 ${pdf.stats.p99} ms (< 5000): ${pass ? 'PASS' : 'FAIL'}`,
  );
} finally {
  await close();
}
