/** What the benchmarks share: ports, waiting, percentiles, a process's memory, the fault drills' options. */
import { fork, type ChildProcess } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A fault drill's options (`--tvs`, `--outage` seconds) and its admin (bench/fault-*.ts). */
export function drillOptions() {
  const { values } = parseArgs({
    options: { tvs: { type: 'string', default: '2000' }, outage: { type: 'string', default: '10' } },
  });
  return { tvs: Number(values.tvs), outageMs: Number(values.outage) * 1000 };
}
export const DRILL_ADMIN = { email: 'admin@drill.local', password: 'senha-do-exercicio' };

/** Polls until `condition` holds (a drill's recovery); how long it took (ms), or throws after `timeoutMs`. */
export async function until(what: string, condition: () => boolean | Promise<boolean>, timeoutMs: number) {
  const started = Date.now();
  while (!(await condition())) {
    if (Date.now() - started > timeoutMs) throw new Error(`${what}: não em ${timeoutMs / 1000} s`);
    await sleep(50);
  }
  return Date.now() - started;
}

/** A port the system says is free on loopback. */
export const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

export const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : NaN;

/** p50, p99 and max, in whole ms unless `decimals` (a 304 takes about a millisecond: whole ms would hide a rise). */
export const stats = (values: number[], decimals = 0) => {
  const s = [...values].sort((a, b) => a - b);
  const round = (v: number) => Number(v.toFixed(decimals));
  return { n: s.length, p50: round(percentile(s, 50)), p99: round(percentile(s, 99)), max: round(s.at(-1) ?? NaN) };
};
export const formatStats = (s: ReturnType<typeof stats>) => `n=${s.n} p50=${s.p50} ms p99=${s.p99} ms max=${s.max} ms`;

/** Resident memory of a process now and at its peak, in MB (Linux `/proc`). */
export const rssMb = (pid: number) => {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? NaN);
  return { rss: Math.round(kb('VmRSS') / 1024), peak: Math.round(kb('VmHWM') / 1024) };
};

/**
 * CPU time a process has used so far, user + system, in seconds (Linux `/proc/<pid>/stat`, fields
 * 14 and 15, in clock ticks: USER_HZ, 100 on Linux whatever the kernel's HZ). Two readings over a
 * window give the share of a core it used there.
 */
export const cpuSeconds = (pid: number) => {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The command name (field 2) may hold spaces: count from after its closing parenthesis (field 3).
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
};

/** Polls `url` until it answers 2xx (a server starting). */
export async function waitForOk(url: string, timeoutMs = 120_000) {
  for (const started = Date.now(); Date.now() - started < timeoutMs; await sleep(250)) {
    if (
      await fetch(url).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
  }
  throw new Error(`${url} não respondeu`);
}

/**
 * A database of the benchmark's own, dropped and made afresh on the PostgreSQL server of
 * `DATABASE_URL`; returns its URL.
 */
export async function freshDatabase(name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(process.env.DATABASE_URL!);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs `task` over `items` with at most `lanes` in flight. */
export async function pool<T>(items: T[], lanes: number, task: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: lanes }, async () => {
      while (next < items.length) await task(items[next++]!);
    }),
  );
}

/**
 * Simulator processes running `bench/fleet-worker.ts`, and a way to ask them something over IPC
 * (each answers with a message of the given type).
 */
export function forkFleetWorkers(count: number) {
  const workers = Array.from({ length: count }, () =>
    fork(path.resolve('bench/fleet-worker.ts'), [], {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    }),
  );
  const ask = <T>(worker: ChildProcess, command: object, answer: string) =>
    new Promise<T>((resolve) => {
      const onMessage = (message: { type: string }) => {
        if (message.type !== answer) return;
        worker.off('message', onMessage);
        resolve(message as T);
      };
      worker.on('message', onMessage);
      worker.send(command);
    });
  const all = <T>(command: object, answer: string) => Promise.all(workers.map((w) => ask<T>(w, command, answer)));
  return { workers, ask, all };
}

/**
 * A CPU profile of another Node process over `window` (`--cpu-profile FILE` in the fleet benches):
 * SIGUSR1 opens its inspector (port 9229), and the DevTools protocol starts and stops the profiler,
 * so the profile holds the measured window only. The file opens in Chrome DevTools.
 */
export async function profileProcess<T>(pid: number, file: string, window: () => Promise<T>): Promise<T> {
  process.kill(pid, 'SIGUSR1');
  let targets: Array<{ webSocketDebuggerUrl: string }> = [];
  for (let i = 0; i < 50 && targets.length === 0; i++) {
    await sleep(100);
    targets = await fetch('http://127.0.0.1:9229/json/list').then(
      (r) => r.json(),
      () => [],
    );
  }
  const { WebSocket } = await import('ws');
  const socket = new WebSocket(targets[0]!.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  let id = 0;
  const call = (method: string) =>
    new Promise<{ profile?: unknown }>((resolve) => {
      const asked = ++id;
      socket.on('message', function answer(raw) {
        const reply = JSON.parse(String(raw)) as { id?: number; result: { profile?: unknown } };
        if (reply.id !== asked) return;
        socket.off('message', answer);
        resolve(reply.result);
      });
      socket.send(JSON.stringify({ id: asked, method }));
    });
  await call('Profiler.enable');
  await call('Profiler.start');
  try {
    return await window();
  } finally {
    const { profile } = await call('Profiler.stop');
    writeFileSync(file, JSON.stringify(profile));
    socket.close();
    console.log(`perfil de CPU do servidor: ${file}`);
  }
}
