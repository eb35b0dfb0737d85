/**
 * Drill: PostgreSQL restarted under a fleet (issue 28, docs/scaling.md "When PostgreSQL or Redis goes
 * away"), the full-scale twin of `src/server/db/database-restart-tvs.test.ts`. One server process
 * (`src/server/main.ts`) reaches its database through a fault proxy (`src/server/test/fault-proxy.ts`),
 * so the shared PostgreSQL is never stopped. N paired TVs (`SimulatedTv`: a socket with heartbeats,
 * a play record a second sent every 2 s and kept until a 200 stores it) play on. PostgreSQL goes
 * away at the worst moment: its answers are held until it has committed plays the server never
 * hears of, then every connection is killed and refused for `--outage` seconds; after the return,
 * a blip (live connections killed, new ones taken at once). Meanwhile an admin request every
 * 200 ms checks the 503 JSON in pt-BR with Retry-After.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres [REDIS_URL=redis://127.0.0.1:6379] \
 *     npm run bench:fault-database -- --tvs 2000 --outage 10
 *
 * Prints the 503 window, the recovery after the return (API, every TV online, every play stored),
 * plays made vs stored (once each, roll-ups included) and TVs unpaired (0), the figure last. Uses
 * its own database (`sinalize_fault_database`, made afresh, dropped at the end) on that server.
 */
import pg from 'pg';
import { startFaultProxy, startHoldProxy } from '../src/server/test/fault-proxy';
import { pairTvs, signIn, storedPlays } from '../src/server/test/plays-fleet';
import { startServerProcess } from '../src/server/test/server-process';
import { SimulatedTv } from '../src/server/test/simulated-tv';
import { DRILL_ADMIN, drillOptions, freshDatabase, sleep, until as untilIn } from './lib';

const { tvs: N, outageMs: OUTAGE_MS } = drillOptions();
const BACK_WITHIN_MS = 120_000;
const DB_NAME = 'sinalize_fault_database';
const UNAVAILABLE = 'Serviço temporariamente indisponível. Tente novamente em instantes.';
if (!process.env.DATABASE_URL)
  throw new Error('Defina DATABASE_URL (PostgreSQL): o exercício corta a conexão com ele.');

const until = (what: string, condition: () => boolean | Promise<boolean>, timeoutMs = BACK_WITHIN_MS) =>
  untilIn(what, condition, timeoutMs);

const databaseUrl = await freshDatabase(DB_NAME);
const proxy = await startFaultProxy(databaseUrl);
const replies = await startHoldProxy(proxy.url);
const server = await startServerProcess({
  DATABASE_URL: replies.url,
  ADMIN_EMAIL: DRILL_ADMIN.email,
  ADMIN_PASSWORD: DRILL_ADMIN.password,
  SESSION_SECRET: 'd'.repeat(48),
  LOGIN_RATE_LIMIT: '100000',
  PAIRING_RATE_LIMIT: '1000000',
  PAIRING_GLOBAL_RATE_LIMIT: '1000000',
});
const tvs: SimulatedTv[] = [];
try {
  const cookie = await signIn(server.url, DRILL_ADMIN);
  const pairStarted = Date.now();
  const paired = await pairTvs(server.url, cookie, N, 16);
  console.log(`${N} TVs pareadas em ${((Date.now() - pairStarted) / 1000).toFixed(1)} s`);
  const since = Date.now();
  // Started in steps of 100 so the first heartbeats and manifests do not all land at once.
  for (let i = 0; i < paired.length; i++) {
    const tv = new SimulatedTv(server.url, paired[i]!.token, 1);
    tvs.push(tv);
    tv.start();
    if (i % 100 === 99) await sleep(100);
  }
  await until('a frota no ar', () => tvs.every((tv) => tv.ackedSince(since) && tv.version !== null));
  await until('exibições de toda TV armazenadas', () => tvs.every((tv) => tv.made.length > tv.pending.length));
  console.log(`frota no ar e enviando exibições em ${((Date.now() - since) / 1000).toFixed(1)} s`);

  // The admin's view all along: each answer's status and whether a 503 is the pt-BR JSON with Retry-After.
  const answers: Array<{ at: number; status: number; right: boolean }> = [];
  let probing = true;
  const probe = (async () => {
    while (probing) {
      const at = Date.now();
      const res = await fetch(`${server.url}/api/devices`, { headers: { cookie } }).catch(() => null);
      const status = res?.status ?? 0;
      let right = status === 200;
      if (res && status !== 200) {
        const body = (await res.json().catch(() => null)) as { message?: string } | null;
        right = status === 503 && body?.message === UNAVAILABLE && /^\d+$/.test(res.headers.get('retry-after') ?? '');
      } else await res?.arrayBuffer();
      answers.push({ at, status, right });
      await sleep(200);
    }
  })();

  // Away for OUTAGE_MS (every connection killed and refused), cut once PostgreSQL has committed
  // plays whose answers it held: the TVs must send them again and they must be stored once.
  const check = new pg.Client({ connectionString: databaseUrl });
  await check.connect();
  replies.hold();
  let unanswered = 0;
  try {
    await until('exibições gravadas sem resposta', async () => {
      const ids = tvs.flatMap((tv) => tv.pending.map((p) => p.clientId));
      const { rows } = await check.query<{ n: string }>('select count(*) as n from plays where client_id = any($1)', [
        ids,
      ]);
      return (unanswered = Number(rows[0]!.n)) > 0;
    });
  } finally {
    proxy.cut();
    await check.end();
  }
  const cutAt = Date.now();
  await sleep(OUTAGE_MS);
  const held = tvs.filter((tv) => tv.pending.length > 0).length;
  const madeByCut = tvs.reduce((n, tv) => n + tv.made.length, 0);
  replies.release(); // the connections that held answers are gone: nothing is passed on
  proxy.restore();
  const back = Date.now();
  const apiBackMs = await until('a API de volta', () => answers.some((a) => a.at >= back && a.status === 200));
  const tvsBackMs = await until('toda TV no ar de novo', () => tvs.every((tv) => tv.ackedSince(back)));
  await until('as exibições feitas até a volta armazenadas', () =>
    tvs.every((tv) => tv.pending.every((p) => Date.parse(p.startedAt) + 1000 >= back)),
  );
  const playsBackMs = Date.now() - back;
  // A blip: every live connection killed, new ones taken at once.
  const acceptedBefore = proxy.accepted;
  const blipAt = Date.now();
  proxy.cut();
  proxy.restore();
  await until('o pool reconecta após o corte', () => proxy.accepted > acceptedBefore);
  tvs.forEach((tv) => tv.stopProducing());
  await until('toda exibição armazenada', () => tvs.every((tv) => tv.pending.length === 0));
  probing = false;
  await probe;

  const during = answers.filter((a) => a.at >= cutAt && a.at < back);
  const unavailable = answers.filter((a) => a.status === 503 && a.at < blipAt);
  const blip503 = answers.filter((a) => a.status === 503 && a.at >= blipAt).length;
  const wrong = answers.filter((a) => !a.right);
  const window503 = unavailable.length ? unavailable.at(-1)!.at - unavailable[0]!.at : 0;
  const plays = await storedPlays(
    databaseUrl,
    paired.map((p) => p.deviceId),
    tvs.flatMap((tv) => tv.made),
  );
  const unpaired = tvs.filter((tv) => tv.unauthorized > 0 || tv.disconnects > 0 || tv.closeCodes.includes(4001)).length;
  const once = plays.stored === plays.made && plays.rows === plays.made && plays.rolledUp === plays.made;

  console.log(`conexões recusadas pelo proxy durante a queda: ${proxy.refused}`);
  console.log(
    `queda de ${(OUTAGE_MS / 1000).toFixed(1)} s: ${during.filter((a) => a.status === 503).length}/${during.length} respostas 503 ` +
      `do admin; janela 503 de ${(window503 / 1000).toFixed(1)} s; respostas fora do esperado: ${wrong.length}`,
  );
  console.log(`exibições gravadas pelo PostgreSQL sem que o servidor soubesse (reenviadas depois): ${unanswered}`);
  console.log(`TVs com exibições retidas ao fim da queda: ${held}/${N} (${madeByCut} feitas até então)`);
  console.log(
    `recuperação após a volta: API em ${apiBackMs} ms, toda TV no ar em ${tvsBackMs} ms, toda exibição feita até a volta armazenada em ${playsBackMs} ms`,
  );
  console.log(`corte rápido depois (conexões vivas derrubadas): ${blip503} respostas 503 do admin`);
  console.log(
    `exibições: ${plays.made} feitas, ${plays.stored} armazenadas, ${plays.twice} em dobro, ${plays.rows} linhas, roll-ups somam ${plays.rolledUp} (${once ? 'ok' : 'DIVERGENTE'})`,
  );
  console.log(
    `TVs despareadas: ${unpaired}; servidor ${server.child.exitCode === null ? 'no ar, sem reinício' : 'CAIU'}`,
  );
  console.log(
    `fault-database: ${N} TVs, PostgreSQL fora ${(OUTAGE_MS / 1000).toFixed(0)} s: 503 por ${(window503 / 1000).toFixed(1)} s, ` +
      `API de volta em ${apiBackMs} ms, TVs em ${(tvsBackMs / 1000).toFixed(1)} s, ` +
      `${plays.stored}/${plays.made} exibições uma vez cada, ${unpaired} despareadas`,
  );
  if (!once || unpaired > 0 || wrong.length > 0 || server.child.exitCode !== null) process.exitCode = 1;
} finally {
  tvs.forEach((tv) => tv.stop());
  await server.stop();
  await replies.close();
  await proxy.close();
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
  await admin.end();
}
