/**
 * A fleet of TVs over SEVERAL server processes on one PostgreSQL and one Redis (issue 28, docs/scaling.md):
 * how many they hold, each process's memory and CPU, the heartbeat round trip, and how fast a
 * playlist edit made on process A reaches the TVs of every process (told, then the new manifest in hand; the
 * manifest is usually its own notice) and an admin screen on process B. The TVs live in simulator processes
 * (`fleet-worker.ts`, as `bench/fleet.ts`), each bound to one server process and leaving from a
 * loopback address of its own (127.0.0.2, .3, …), so ephemeral ports never run out.
 *
 *   npm run build
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres REDIS_URL=redis://127.0.0.1:6379 \
 *     npm run bench:cluster -- [--processes 3] [--tvs 45000] [--workers W] [--hold 30] [--edits 3]
 *
 * Each TV connects straight to its process's port: no balancer. HAProxy (docs/haproxy.cfg) would
 * spend two descriptors per TV in one process, and a process may open 20,000 here, so it could not
 * carry 45,000. Target: 45,000 TVs, edit → every TV p99 < 1 s, manifest in hand p99 < 2 s.
 * Prints its figure last.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import WebSocket from 'ws';
import {
  createFleetDevices,
  mergeReports,
  requireBuiltServer,
  signIn,
  startBuiltServer,
  uploadFleetImage,
  type WorkerReport,
} from './fleet-setup';
import { cpuSeconds, forkFleetWorkers, formatStats as fmt, freshDatabase, rssMb, sleep, stats } from './lib';

const { values } = parseArgs({
  options: {
    processes: { type: 'string', default: '3' },
    tvs: { type: 'string', default: '45000' },
    workers: { type: 'string' },
    hold: { type: 'string', default: '30' },
    edits: { type: 'string', default: '3' },
    'heartbeat-ms': { type: 'string', default: '15000' },
  },
});
/** Descriptors: 20,000 per process (hard); a server or simulator also holds its pools, files and listeners. */
const MAX_TVS_PER_PROCESS = 19_000;
const P = Math.max(1, Number(values.processes));
const N = Number(values.tvs);
const perProcess = Math.ceil(N / P);
// Simulators: a multiple of the processes (each serves one), about 7,500 TVs each by default.
const asked = Number(values.workers ?? P * Math.ceil(perProcess / 7500));
const W = P * Math.ceil(Math.max(asked, P) / P);
const HOLD_S = Number(values.hold);
const EDITS = Number(values.edits);
const HEARTBEAT_MS = Number(values['heartbeat-ms']);
if (!process.env.DATABASE_URL || !process.env.REDIS_URL)
  throw new Error('Defina DATABASE_URL e REDIS_URL: vários processos só compartilham TVs com PostgreSQL + Redis.');
if (perProcess > MAX_TVS_PER_PROCESS)
  throw new Error(`${perProcess} TVs por processo: o limite é ${MAX_TVS_PER_PROCESS} (20.000 descritores).`);
if (Math.ceil(perProcess / (W / P)) > MAX_TVS_PER_PROCESS) throw new Error('Use mais simuladores (--workers).');
requireBuiltServer();

const loadNow = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ');
const name = (p: number) => String.fromCharCode(65 + p);
const loadBefore = loadNow();
const children: ChildProcess[] = [];
try {
  const env = {
    DATABASE_URL: await freshDatabase('sinalize_cluster'),
    REDIS_URL: process.env.REDIS_URL,
    // Its own channels and limit keys: other runs on this Redis are never heard (docs/scaling.md).
    REDIS_PREFIX: `bench-cluster-${process.pid}:`,
    // One media folder for all, standing in for S3: every process serves the fleet's image.
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'sinalize-cluster-')),
  };
  // The first one migrates the fresh database; the others then start together.
  const first = await startBuiltServer(env);
  const servers = [first, ...(await Promise.all(Array.from({ length: P - 1 }, () => startBuiltServer(env))))];
  children.push(...servers.map((s) => s.child));
  const pids = servers.map((s) => s.child.pid!);
  console.log(
    `${P} processos (PostgreSQL + Redis): ${servers.map((s, p) => `${name(p)} ${s.url} (RSS ${rssMb(pids[p]!).rss} MB)`).join(', ')}`,
  );

  const sessions = await Promise.all(servers.map((s) => signIn(s.url)));
  const a = sessions[0]!;
  const b = sessions[1 % P]!;
  const mediaId = await uploadFleetImage(a.url, a.cookie);
  const playlist = await a.api<{ id: number }>('/api/playlists', 'POST', {
    name: 'Frota',
    items: [{ mediaId, duration: 8 }],
  });
  const seedStarted = Date.now();
  const devices = await createFleetDevices(
    sessions.map((s) => s.api),
    N,
    playlist.id,
  );
  console.log(
    `${N} dispositivos criados e atribuídos (pelos ${P} processos) em ${((Date.now() - seedStarted) / 1000).toFixed(1)} s`,
  );

  // The admin screen on B, as the web app listens (cookie on /ws): when does the edit show there?
  const screen = new WebSocket(`${b.url.replace(/^http/, 'ws')}/ws`, { headers: { cookie: b.cookie } });
  await new Promise((resolve, reject) => screen.once('open', resolve).once('error', reject));
  let screenSawAt: number | null = null;
  screen.on('message', (raw) => {
    const m = JSON.parse(String(raw)) as { type: string; playlistId?: number };
    if (m.type === 'playlist_update' && m.playlistId === playlist.id) screenSawAt ??= Date.now();
  });

  // Simulator w serves process w mod P, leaving from 127.0.0.(w + 2); each process's TVs split over its simulators.
  const { workers, ask, all } = forkFleetWorkers(W);
  children.push(...workers);
  const processOf = (w: number) => w % P;
  const pairStarted = Date.now();
  const started = await Promise.all(
    workers.map((worker, w) => {
      const p = processOf(w);
      const mine = devices.slice(p * perProcess, (p + 1) * perProcess);
      const share = Math.ceil(mine.length / (W / P));
      const k = Math.floor(w / P);
      return ask<{ held: number; errors: number }>(
        worker,
        {
          type: 'start',
          baseUrl: servers[p]!.url,
          localAddress: `127.0.0.${w + 2}`,
          devices: mine.slice(k * share, (k + 1) * share),
          heartbeatMs: HEARTBEAT_MS,
          concurrency: 8,
        },
        'started',
      );
    }),
  );
  console.log(
    `${started.reduce((n, s) => n + s.held, 0)}/${N} TVs pareadas e conectadas por ${W} simuladores em ` +
      `${((Date.now() - pairStarted) / 1000).toFixed(1)} s (erros: ${started.reduce((n, s) => n + s.errors, 0)})`,
  );

  /** The simulators' reports, per server process. */
  const report = async () => {
    const parts = await all<WorkerReport>({ type: 'report' }, 'report');
    return servers.map((_, p) => mergeReports(parts.filter((_, w) => processOf(w) === p)));
  };
  /** CPU used by each process over a window, as % of one core, from two readings of /proc. */
  const cpuWindow = (ids: number[]) => {
    const from = ids.map(cpuSeconds);
    const at = Date.now();
    return () => ids.map((pid, i) => (100 * (cpuSeconds(pid) - from[i]!)) / ((Date.now() - at) / 1000));
  };
  const simulatorPids = workers.map((w) => w.pid!);

  // Let the pairing burst settle for one heartbeat interval, then measure a steady window.
  await sleep(HEARTBEAT_MS);
  await all({ type: 'reset' }, 'reset-done');
  const steadyCpu = cpuWindow([...pids, ...simulatorPids]);
  const peaks = pids.map(() => 0);
  for (let s = 0; s < HOLD_S; s++) {
    await sleep(1000);
    pids.forEach((pid, p) => (peaks[p] = Math.max(peaks[p]!, rssMb(pid).rss)));
  }
  const cpuHeld = steadyCpu();
  const steady = await report();
  const held = steady.map((r) => r.held);
  const heldAll = held.reduce((n, h) => n + h, 0);
  for (const [p, r] of steady.entries())
    console.log(
      `processo ${name(p)}: ${r.held} TVs; RSS ${rssMb(pids[p]!).rss} MB (pico na janela ${peaks[p]} MB); ` +
        `CPU ${cpuHeld[p]!.toFixed(1)} % de um núcleo em ${HOLD_S} s; heartbeat ${fmt(stats(r.heartbeatRtts))}`,
    );
  const simulatorCpu = cpuHeld.slice(P).reduce((n, c) => n + c, 0);
  const heartbeat = stats(steady.flatMap((r) => r.heartbeatRtts));
  console.log(
    `mantidas: ${heldAll}/${N} TVs; heartbeat (envio → ack) de todas: ${fmt(heartbeat)}; simuladores: CPU ${simulatorCpu.toFixed(1)} % somados`,
  );

  const toChanged = servers.map((): number[] => []);
  const toManifest = servers.map((): number[] => []);
  const toScreen: number[] = [];
  const editCpu = cpuWindow(pids);
  for (let e = 1; e <= EDITS; e++) {
    await all({ type: 'reset' }, 'reset-done');
    screenSawAt = null;
    const editAt = Date.now();
    await a.api(`/api/playlists/${playlist.id}`, 'PUT', { name: 'Frota', items: [{ mediaId, duration: 8 + e }] });
    const complete = (round: Awaited<ReturnType<typeof report>>) =>
      screenSawAt !== null && round.every((r, p) => r.changes.length >= held[p]! && r.manifests.length >= held[p]!);
    let round = await report();
    for (let waited = 0; waited < 30_000 && !complete(round); waited += 1000) {
      await sleep(1000);
      round = await report();
    }
    const parts = round.map((r, p) => {
      const c = r.changes.map((x) => x.at - editAt);
      const m = r.manifests.map((x) => x.at - editAt);
      toChanged[p]!.push(...c);
      toManifest[p]!.push(...m);
      return `${name(p)} content_changed ${stats(c).p99} ms, manifesto ${stats(m).p99} ms (${m.length}/${held[p]})`;
    });
    const seen = screenSawAt === null ? null : (screenSawAt as number) - editAt;
    if (seen !== null) toScreen.push(seen);
    console.log(`edição ${e} em A: p99 ${parts.join('; ')}; painel em ${name(1 % P)}: ${seen ?? 'não viu'} ms`);
    await sleep(3000);
  }
  const cpuEdits = editCpu();
  for (let p = 0; p < P; p++)
    console.log(
      `processo ${name(p)} nas ${EDITS} edições: content_changed ${fmt(stats(toChanged[p]!))}; manifesto em mãos ` +
        `${fmt(stats(toManifest[p]!))}; CPU ${cpuEdits[p]!.toFixed(1)} %; RSS ${rssMb(pids[p]!).rss} MB (pico ${rssMb(pids[p]!).peak} MB)`,
    );
  const changed = stats(toChanged.flat());
  const manifest = stats(toManifest.flat());
  const screenSeen = stats(toScreen);
  const errors = steady.reduce((n, r) => n + r.errors, 0);
  console.log(`carga da máquina (1 / 5 / 15 min): antes ${loadBefore}, depois ${loadNow()}; erros nas TVs: ${errors}`);
  const met = heldAll === N && changed.p99 < 1000 && manifest.p99 < 2000 ? 'atingida' : 'não atingida';
  console.log(
    `cluster postgres+redis: processos=${P} TVs=${heldAll}/${N} (${held.join('+')}) ` +
      `rss=${pids.map((pid) => rssMb(pid).rss).join('/')}MB cpu=${cpuHeld
        .slice(0, P)
        .map((c) => c.toFixed(0))
        .join('/')}% ` +
      `heartbeat_p99=${heartbeat.p99}ms edit(A)→content_changed_p99=${changed.p99}ms edit→manifest_p99=${manifest.p99}ms ` +
      `admin(B)_p99=${screenSeen.p99}ms (${toScreen.length}/${EDITS}) meta(<1 s, <2 s): ${met}`,
  );
  screen.close();
  for (const w of workers) w.send({ type: 'stop' });
} finally {
  for (const child of children) child.kill('SIGKILL');
}
