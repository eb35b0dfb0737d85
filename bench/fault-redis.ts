/**
 * Drill: Redis restarted under a fleet on two processes (issue 28, docs/scaling.md "When PostgreSQL or
 * Redis goes away"), the full-scale twin of `src/server/realtime/redis-return.test.ts`. Processes A
 * and B share one PostgreSQL and reach Redis each through a fault proxy (`src/server/test/fault-proxy.ts`),
 * so the shared Redis is never stopped. N paired TVs (`SimulatedTv`, the player's pace), half on
 * each process, show one playlist. Redis goes away from both for `--outage` seconds; meanwhile the
 * playlist is edited and a device renamed through A. After the return: when both processes report
 * Redis up again, when every TV (B's too: B never heard the edit) holds the edited manifest, and
 * when B's kept device list shows the new name.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres REDIS_URL=redis://127.0.0.1:6379 \
 *     npm run bench:fault-redis -- --tvs 2000 --outage 10
 *
 * Prints the figures, the drill's line last. Uses its own database (`sinalize_fault_redis`, made
 * afresh, dropped at the end) and a Redis prefix of its own.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { Manifest } from '../src/contract/tv';
import { startFaultProxy } from '../src/server/test/fault-proxy';
import { pairTvs, signIn } from '../src/server/test/plays-fleet';
import { startServerProcess } from '../src/server/test/server-process';
import { PLAYER_PACE, SimulatedTv } from '../src/server/test/simulated-tv';
import { DRILL_ADMIN, drillOptions, freshDatabase, sleep, until as untilIn } from './lib';

const { tvs: N, outageMs: OUTAGE_MS } = drillOptions();
/** The bound: an edit made while Redis was away reaches the TVs within 60 s of its return. */
const BACK_WITHIN_MS = 60_000;
const DB_NAME = 'sinalize_fault_redis';
const EDITED_DURATION = 21;
const RENAMED = 'TV renomeada durante a queda';
if (!process.env.DATABASE_URL || !process.env.REDIS_URL)
  throw new Error('Defina DATABASE_URL e REDIS_URL: o exercício corta o Redis de dois processos.');

const until = (what: string, condition: () => boolean | Promise<boolean>, timeoutMs = BACK_WITHIN_MS) =>
  untilIn(what, condition, timeoutMs);

const databaseUrl = await freshDatabase(DB_NAME);
const proxies = [await startFaultProxy(process.env.REDIS_URL), await startFaultProxy(process.env.REDIS_URL)];
const env = {
  DATABASE_URL: databaseUrl,
  REDIS_PREFIX: `drill:${randomUUID()}:`,
  ADMIN_EMAIL: DRILL_ADMIN.email,
  ADMIN_PASSWORD: DRILL_ADMIN.password,
  SESSION_SECRET: 'r'.repeat(48),
  LOGIN_RATE_LIMIT: '100000',
  PAIRING_RATE_LIMIT: '1000000',
  PAIRING_GLOBAL_RATE_LIMIT: '1000000',
};
// One after the other: the first runs the migrations.
const a = await startServerProcess({ ...env, REDIS_URL: proxies[0]!.url });
const b = await startServerProcess({ ...env, REDIS_URL: proxies[1]!.url });
const servers = [a, b];
const tvs: SimulatedTv[] = [];
try {
  const cookies = [await signIn(a.url, DRILL_ADMIN), await signIn(b.url, DRILL_ADMIN)];
  const api = async (base: string, cookie: string, method: string, path: string, body?: unknown) => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { cookie, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: res.status, json: (await res.json().catch(() => null)) as Record<string, unknown> | null };
  };
  const slide = await api(a.url, cookies[0]!, 'POST', '/api/media/content', {
    kind: 'text',
    name: 'Aviso',
    options: { title: 'Bem-vindo', body: 'Aberto até as 22h' },
  });
  if (slide.status !== 201) throw new Error(`conteúdo: ${slide.status}`);
  const mediaId = slide.json!.id as number;
  const items = (duration: number) => [{ mediaId, duration, order: 0 }];
  const playlist = await api(a.url, cookies[0]!, 'POST', '/api/playlists', { name: 'Vitrine', items: items(10) });
  if (playlist.status !== 201) throw new Error(`playlist: ${playlist.status}`);
  const playlistId = playlist.json!.id as number;

  const pairStarted = Date.now();
  const paired = await pairTvs(a.url, cookies[0]!, N, 16);
  let next = 0;
  const assign = async () => {
    while (next < paired.length) {
      const { deviceId } = paired[next++]!;
      const res = await api(a.url, cookies[0]!, 'PATCH', `/api/devices/${deviceId}`, {
        assignedPlaylistId1: playlistId,
      });
      if (res.status !== 200) throw new Error(`atribuir: ${res.status}`);
    }
  };
  await Promise.all(Array.from({ length: 16 }, assign));
  console.log(`${N} TVs pareadas e com a playlist em ${((Date.now() - pairStarted) / 1000).toFixed(1)} s`);
  const since = Date.now();
  for (let i = 0; i < paired.length; i++) {
    // Half on each process; started in steps of 100 so the first requests do not all land at once.
    const tv = new SimulatedTv(servers[i % 2]!.url, paired[i]!.token, mediaId, {
      reconnect: 'player',
      pace: PLAYER_PACE,
    });
    tvs.push(tv);
    tv.start();
    if (i % 100 === 99) await sleep(100);
  }
  await until('a frota no ar', () => tvs.every((tv) => tv.ackedSince(since) && tv.version !== null), 120_000);
  console.log(`frota no ar (${N / 2} TVs em cada processo) em ${((Date.now() - since) / 1000).toFixed(1)} s`);
  const renamedId = paired[1]!.deviceId; // a TV of B's
  type Listed = { id: number; name: string; location: string; resolution: string; authCode: string };
  const listed = async (base: string, cookie: string) =>
    ((await api(base, cookie, 'GET', '/api/devices')).json as unknown as Listed[]).find((d) => d.id === renamedId);
  const listedOnB = async () => (await listed(b.url, cookies[1]!))?.name;
  // B's list is kept in memory from here on: it must hear of the rename made on A.
  if ((await listedOnB()) === undefined) throw new Error('a lista de B não tem a TV');
  const { location, resolution, authCode } = (await listed(a.url, cookies[0]!))!;

  proxies.forEach((p) => p.cut());
  const cutAt = Date.now();
  const edit = await api(a.url, cookies[0]!, 'PUT', `/api/playlists/${playlistId}`, {
    name: 'Vitrine',
    items: items(EDITED_DURATION),
  });
  const rename = await api(a.url, cookies[0]!, 'PUT', `/api/devices/${renamedId}`, {
    name: RENAMED,
    location,
    resolution,
    authCode,
  });
  await sleep(Math.max(0, OUTAGE_MS - (Date.now() - cutAt)));
  const edited = (tv: SimulatedTv) =>
    (tv.manifest as unknown as Manifest | null)?.windows[0]?.items[0]?.duration === EDITED_DURATION;
  const editedDuringOutage = tvs.filter(edited).length;
  proxies.forEach((p) => p.restore());
  const back = Date.now();

  const health = async (base: string) =>
    ((await (await fetch(`${base}/api/health`)).json()) as { redis: string }).redis;
  await until('o Redis de volta nos dois processos', async () =>
    (await Promise.all(servers.map((s) => health(s.url)))).every((r) => r === 'up'),
  );
  const busBackMs = Date.now() - back;
  const onB = tvs.filter((_, i) => i % 2 === 1);
  await until('a edição nas TVs de B', () => onB.every(edited));
  const bTvsMs = Date.now() - back;
  await until('a edição em toda TV', () => tvs.every(edited));
  const everyTvMs = Date.now() - back;
  await until('a lista de B com o nome novo', async () => (await listedOnB()) === RENAMED);
  const listMs = Date.now() - back;
  const unpaired = tvs.filter((tv) => tv.unauthorized > 0 || tv.disconnects > 0 || tv.closeCodes.includes(4001)).length;
  const alive = servers.every((s) => s.child.exitCode === null);

  console.log(
    `durante a queda: edição da playlist por A respondeu ${edit.status}, renomear respondeu ${rename.status}`,
  );
  console.log(
    `TVs com a edição antes da volta do Redis: ${editedDuringOutage}/${N} (as de A podem tê-la; as de B não)`,
  );
  console.log(
    `conexões ao Redis recusadas pelos proxies durante a queda: ${proxies.map((p) => p.refused).join(' + ')}`,
  );
  console.log(
    `após a volta: Redis "up" nos dois em ${busBackMs} ms; a edição em toda TV em ${everyTvMs} ms ` +
      `(as ${onB.length} de B incluídas, ${bTvsMs} ms); a lista de B certa em ${listMs} ms`,
  );
  console.log(`TVs despareadas: ${unpaired}; processos ${alive ? 'no ar, sem reinício' : 'CAÍRAM'}`);
  console.log(
    `fault-redis: ${N} TVs em 2 processos, Redis fora ${(OUTAGE_MS / 1000).toFixed(0)} s: edição durante a queda ${edit.status}, ` +
      `barramento de volta em ${busBackMs} ms, edição em toda TV ${(everyTvMs / 1000).toFixed(1)} s após a volta ` +
      `(meta < 60 s), lista de B em ${(listMs / 1000).toFixed(1)} s, ${unpaired} despareadas`,
  );
  if (edit.status !== 200 || rename.status !== 200 || unpaired > 0 || !alive) process.exitCode = 1;
} finally {
  tvs.forEach((tv) => tv.stop());
  await Promise.all(servers.map((s) => s.stop()));
  await Promise.all(proxies.map((p) => p.close()));
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
  await admin.end();
}
