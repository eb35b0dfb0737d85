/**
 * A fleet of TVs on ONE server process (docs/benchmarks.md#targets): how many it holds, its resident memory, the
 * heartbeat round trip, and how fast a playlist edit reaches every TV (told: `content_changed`, or the new manifest
 * that is its own notice) and puts the new manifest in its hands (pushed on the socket, or fetched when no push
 * came: both counted). The TVs live in separate simulator processes (`fleet-worker.ts`), so the server under test
 * has its CPU to itself apart from them.
 *
 *   npm run build
 *   npm run bench:fleet -- --devices 1000                       # PGlite (embedded default)
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test REDIS_URL=redis://127.0.0.1:6379 \
 *     npm run bench:fleet -- --devices 10000
 *   … -- --change campaign   # each edit pauses or publishes again a campaign aimed at every screen
 *
 * Targets: 20,000 held with RSS < 600 MB and heartbeat p99 < 250 ms; at 10,000 TVs an edit reaches
 * every socket at p99 < 500 ms and the new manifest is in hand at p99 < 1.5 s (issue 28: < 500 ms); PGlite < 300 MB.
 * Prints its figures last.
 */
import type { ChildProcess } from 'node:child_process';
import os from 'node:os';
import { parseArgs } from 'node:util';
import {
  createFleetDevices,
  mergeReports,
  requireBuiltServer,
  signIn,
  startBuiltServer,
  uploadFleetImage,
  type WorkerReport,
} from './fleet-setup';
import { forkFleetWorkers, formatStats as fmt, freshDatabase, profileProcess, rssMb, sleep, stats } from './lib';

const { values } = parseArgs({
  options: {
    devices: { type: 'string', default: '1000' },
    workers: { type: 'string', default: '4' },
    hold: { type: 'string', default: '30' },
    edits: { type: 'string', default: '3' },
    /** What each edit changes: the playlist every TV shows, or a campaign aimed at all screens (paused, published again, …). */
    change: { type: 'string', default: 'playlist' },
    'heartbeat-ms': { type: 'string', default: '15000' },
    /** Writes the server's CPU profile over the edits to this file (bench/lib.ts, profileProcess). */
    'cpu-profile': { type: 'string' },
  },
});
const N = Number(values.devices);
const WORKERS = Math.max(1, Math.min(Number(values.workers), N));
const HOLD_S = Number(values.hold);
const EDITS = Number(values.edits);
const CHANGE = values.change === 'campaign' ? 'campaign' : 'playlist';
const HEARTBEAT_MS = Number(values['heartbeat-ms']);
const distributed = Boolean(process.env.DATABASE_URL && process.env.REDIS_URL);
requireBuiltServer();

const children: ChildProcess[] = [];
try {
  const server = await startBuiltServer({
    DATABASE_URL: distributed ? await freshDatabase('sinalize_fleet') : '',
    REDIS_URL: distributed ? process.env.REDIS_URL! : '',
  });
  children.push(server.child);
  const pid = server.child.pid!;
  const atStart = rssMb(pid);
  console.log(
    `servidor ${server.url} (${distributed ? 'PostgreSQL + Redis' : 'PGlite'}), RSS ao subir: ${atStart.rss} MB`,
  );

  const { cookie, api } = await signIn(server.url);
  const mediaId = await uploadFleetImage(server.url, cookie);
  const playlist = await api<{ id: number }>('/api/playlists', 'POST', {
    name: 'Frota',
    items: [{ mediaId, duration: 8 }],
  });
  // Published before the TVs pair, so every manifest carries it from the start.
  const campaign =
    CHANGE === 'campaign'
      ? await api<{ id: number }>('/api/campaigns', 'POST', {
          name: 'Frota no ar',
          playlistId: (
            await api<{ id: number }>('/api/playlists', 'POST', {
              name: 'Campanha',
              items: [{ mediaId, duration: 5 }],
            })
          ).id,
          allDevices: true,
          status: 'published',
        })
      : null;

  const seedStarted = Date.now();
  const devices = await createFleetDevices([api], N, playlist.id);
  console.log(`${N} dispositivos criados e atribuídos em ${((Date.now() - seedStarted) / 1000).toFixed(1)} s`);

  // The TVs, split over the simulator processes.
  const { workers, ask, all } = forkFleetWorkers(WORKERS);
  children.push(...workers);
  const report = async () => mergeReports(await all<WorkerReport>({ type: 'report' }, 'report'));

  const pairStarted = Date.now();
  const share = Math.ceil(N / WORKERS);
  const started = await Promise.all(
    workers.map((w, i) =>
      ask<{ held: number; errors: number }>(
        w,
        {
          type: 'start',
          baseUrl: server.url,
          devices: devices.slice(i * share, (i + 1) * share),
          heartbeatMs: HEARTBEAT_MS,
          concurrency: 8,
        },
        'started',
      ),
    ),
  );
  const paired = started.reduce((n, s) => n + s.held, 0);
  console.log(
    `${paired}/${N} TVs pareadas e conectadas em ${((Date.now() - pairStarted) / 1000).toFixed(1)} s (erros: ${started.reduce((n, s) => n + s.errors, 0)})`,
  );

  // Let the pairing burst settle for one heartbeat interval, then measure a steady window.
  await sleep(HEARTBEAT_MS);
  await all({ type: 'reset' }, 'reset-done');
  let holdPeak = 0;
  for (let s = 0; s < HOLD_S; s++) {
    await sleep(1000);
    holdPeak = Math.max(holdPeak, rssMb(pid).rss);
  }
  const steady = await report();
  const heartbeat = stats(steady.heartbeatRtts);
  const held = steady.held;
  const rssHeld = rssMb(pid);
  console.log(
    `mantidas: ${held} TVs; RSS ${rssHeld.rss} MB (pico na janela ${holdPeak} MB, pico do processo ${rssHeld.peak} MB)`,
  );
  console.log(`heartbeat (envio → ack) em ${HOLD_S} s: ${fmt(heartbeat)}`);

  const toChanged: number[] = [];
  const toManifest: number[] = [];
  let reachedWorst = Infinity;
  const came = { push: 0, fetch: 0 };
  /** Heartbeat round trips while the edits' pushes go out: the slices must leave room for them. */
  const beatsDuringEdits: number[] = [];
  const edit = async (e: number) => {
    await all({ type: 'reset' }, 'reset-done');
    const editAt = Date.now();
    if (campaign)
      await api(`/api/campaigns/${campaign.id}/status`, 'PATCH', { status: e % 2 === 1 ? 'paused' : 'published' });
    else
      await api(`/api/playlists/${playlist.id}`, 'PUT', {
        name: 'Frota',
        items: [{ mediaId, duration: 8 + e }],
      });
    let round = await report();
    for (
      let waited = 0;
      waited < 30_000 && (round.changes.length < held || round.manifests.length < held);
      waited += 1000
    ) {
      await sleep(1000);
      round = await report();
    }
    const c = round.changes.map((x) => x.at - editAt);
    const m = round.manifests.map((x) => x.at - editAt);
    toChanged.push(...c);
    toManifest.push(...m);
    reachedWorst = Math.min(reachedWorst, round.manifests.length);
    const pushed = round.manifests.filter((x) => x.via === 'push').length;
    beatsDuringEdits.push(...round.heartbeatRtts);
    came.push += pushed;
    came.fetch += round.manifests.length - pushed;
    console.log(
      `edição ${e}: content_changed ${fmt(stats(c))}; manifesto novo em mãos ${fmt(stats(m))} ` +
        `(${pushed} pelo socket, ${round.manifests.length - pushed} buscados); heartbeat ${fmt(stats(round.heartbeatRtts))}`,
    );
    await sleep(3000);
  };
  const edits = async () => {
    for (let e = 1; e <= EDITS; e++) await edit(e);
  };
  await (values['cpu-profile'] ? profileProcess(pid, values['cpu-profile'], edits) : edits());
  const changed = stats(toChanged);
  const beatsEditing = stats(beatsDuringEdits);
  const manifest = stats(toManifest);
  const final = rssMb(pid);
  const load = os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
  console.log(`carga da máquina (1/5/15 min): ${load}; erros nas TVs: ${steady.errors}, revogadas: ${steady.revoked}`);
  console.log(
    `fleet ${distributed ? 'postgres+redis' : 'pglite'} (edição: ${CHANGE}): TVs=${held}/${N} rss=${final.rss}MB (pico ${final.peak}MB) heartbeat_p99=${heartbeat.p99}ms (durante as edições ${beatsEditing.p99}ms) ` +
      `edit→content_changed_p99=${changed.p99}ms edit→manifest_p99=${manifest.p99}ms (${reachedWorst}/${held} na pior edição; push=${came.push} fetch=${came.fetch})`,
  );
  for (const w of workers) w.send({ type: 'stop' });
} finally {
  for (const child of children) child.kill('SIGKILL');
}
