/**
 * docs/benchmarks.md#targets: a 30-day report over 1,000 TVs (seeded roll-ups) in < 500 ms, on PostgreSQL. Gets a
 * database of its own (`sinalize_reports_bench`, dropped and made anew on DATABASE_URL's server),
 * seeds one workspace: TVS devices, 40 media, 10 playlists of 8 media (TV i plays playlist i % 10),
 * 5 campaigns of 2 more media on every fifth TV, and their daily roll-ups for DAYS days (about
 * 8.4 rows per TV and day, 252,000 for the defaults), then times `GET /api/reports` for the whole
 * period over real HTTP, and once filtered by a media, RUNS times each after 3 warm-ups.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:reports   # TVS=1000 DAYS=30 RUNS=20
 */
import { createHash } from 'node:crypto';
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { campaigns, devices, media, playlists } from '../src/server/db/schema';
import { BENCH_ADMIN, inProcessApp } from './in-process-app';
import { formatStats, freshDatabase, stats } from './lib';

const TVS = Number(process.env.TVS ?? 1000);
const DAYS = Number(process.env.DAYS ?? 30);
const RUNS = Number(process.env.RUNS ?? 20);
const ADMIN = BENCH_ADMIN;
const DB_NAME = 'sinalize_reports_bench';

if (!process.env.DATABASE_URL) {
  console.error("bench:reports runs on PostgreSQL: set DATABASE_URL (its server gets a database of the bench's own).");
  process.exit(2);
}

const day = (offset: number) => new Date(Date.UTC(2026, 0, 1) + offset * 86_400_000).toISOString().slice(0, 10);
const from = day(0);
const to = day(DAYS - 1);

const { database, owner, app, close } = await inProcessApp('reports', await freshDatabase(DB_NAME));
try {
  const seedStarted = performance.now();
  const mediaIds = (
    await database.db
      .insert(media)
      .values(
        Array.from({ length: 40 }, (_, i) => ({
          ...owner,
          filename: `m${i}.png`,
          originalName: `Mídia ${i}.png`,
          mimeType: 'image/png',
          size: 1000,
          url: `/m${i}`,
          sha256: createHash('sha256').update(String(i)).digest('hex'),
        })),
      )
      .returning({ id: media.id })
  ).map((r) => r.id);
  const playlistIds = (
    await database.db
      .insert(playlists)
      .values(Array.from({ length: 10 }, (_, i) => ({ ...owner, name: `Playlist ${i}` })))
      .returning({ id: playlists.id })
  ).map((r) => r.id);
  const campaignIds = (
    await database.db
      .insert(campaigns)
      .values(
        Array.from({ length: 5 }, (_, i) => ({
          ...owner,
          name: `Campanha ${i}`,
          playlistId: playlistIds[i]!,
          status: 'published' as const,
        })),
      )
      .returning({ id: campaigns.id })
  ).map((r) => r.id);
  const deviceIds: number[] = [];
  for (let i = 0; i < TVS; i += 1000) {
    const rows = Array.from({ length: Math.min(1000, TVS - i) }, (_, k) => ({
      ...owner,
      name: `TV ${String(i + k).padStart(5, '0')}`,
      location: `Loja ${(i + k) % 200}`,
      resolution: '1920x1080',
      authCode: String(100000 + i + k),
    }));
    deviceIds.push(...(await database.db.insert(devices).values(rows).returning({ id: devices.id })).map((r) => r.id));
  }
  // One day's combinations (device, media, playlist, campaign, plays), repeated for every day by the database.
  const cols: number[][] = [[], [], [], [], []];
  const push = (...values: number[]) => values.forEach((v, i) => cols[i]!.push(v));
  deviceIds.forEach((deviceId, i) => {
    const p = i % 10;
    for (let k = 0; k < 8; k++) push(deviceId, mediaIds[(p * 4 + k) % 40]!, playlistIds[p]!, 0, 90 + (i % 30));
    if (i % 5 === 0)
      for (let k = 0; k < 2; k++)
        push(deviceId, mediaIds[(i / 5 + k) % 40]!, playlistIds[(i / 5) % 5]!, campaignIds[(i / 5) % 5]!, 40);
  });
  const arrays = cols.map((c) => `{${c.join(',')}}`);
  await database.db.execute(sql`
    insert into play_days (workspace_id, day, device_id, media_id, playlist_id, campaign_id, plays, duration_ms, completed)
    select ${owner.workspaceId}, d::date, c.device_id, c.media_id, c.playlist_id, c.campaign_id, c.plays, c.plays * 10000::bigint, c.plays
    from generate_series(${from}::date, ${to}::date, interval '1 day') as d,
         unnest(${arrays[0]}::int[], ${arrays[1]}::int[], ${arrays[2]}::int[], ${arrays[3]}::int[], ${arrays[4]}::int[]) as c(device_id, media_id, playlist_id, campaign_id, plays)`);
  await database.db.execute(sql`analyze play_days`);
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
  const time = async (query: string) => {
    const call = async () => {
      const started = performance.now();
      const res = await fetch(`http://127.0.0.1:${port}/api/reports?${query}`, {
        headers: { cookie, 'accept-encoding': 'br' },
      });
      const body = (await res.json()) as { totals: { plays: number } };
      if (res.status !== 200) throw new Error(`GET /api/reports?${query}: ${res.status}`);
      return { ms: performance.now() - started, plays: body.totals.plays };
    };
    for (let i = 0; i < 3; i++) await call();
    const runs = [];
    for (let i = 0; i < RUNS; i++) runs.push(await call());
    return { stats: stats(runs.map((r) => r.ms)), plays: runs[0]!.plays };
  };
  const whole = await time(`from=${from}&to=${to}`);
  const filtered = await time(`from=${from}&to=${to}&mediaId=${mediaIds[3]}`);
  console.log(
    `seeded ${rows.toLocaleString('en')} roll-up rows (${TVS} TVs × ${DAYS} days) in ${seedMs} ms; load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  console.log(`  whole period, ${whole.plays.toLocaleString('en')} plays: ${formatStats(whole.stats)}`);
  console.log(`  one media,    ${filtered.plays.toLocaleString('en')} plays: ${formatStats(filtered.stats)}`);
  const pass = whole.stats.p99 < 500;
  console.log(
    `reports (postgres, ${TVS} TVs × ${DAYS} days, ${rows} rows): p50 ${whole.stats.p50} ms, p99 ${whole.stats.p99} ms — target < 500 ms: ${pass ? 'PASS' : 'FAIL'}`,
  );
} finally {
  await close();
}
