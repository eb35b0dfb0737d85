import { readFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import pg from 'pg';
import { eventually } from '../test/eventually';
import { createProcessDatabase, freePort, startServerProcess, type ServerProcess } from '../test/server-process';
import { TEST_PACE, type TvPace, type TvStatus } from '../test/simulated-tv';
import { SimulatedTvFleet } from '../test/simulated-tv-fleet';
import { startHaproxy, type Balancer } from './haproxy-harness';

/**
 * issue 28, "kill -9 of one process of three" (docs/scaling.md, "When a process dies"): three real
 * server processes on PostgreSQL + Redis behind HAProxy on docs/haproxy.cfg (plus a third server),
 * N simulated TVs through it following the player's reconnect rule, the process holding the most
 * TV sockets killed with -9. What it measures is asserted by process-kill.test.ts (small scale)
 * and printed by bench/fault-kill.ts (full scale).
 */
export interface KillDrill {
  tvs: number;
  victim: Name;
  /** TV sockets each process held before the kill (established connections from HAProxy). */
  socketsBefore: Record<Name, number>;
  /** How many TVs' sockets dropped at the kill: the victim's. */
  orphans: number;
  /** Per orphan: from its socket's drop to a heartbeat acknowledged again (ms). */
  backMs: number[];
  /** When each orphan's socket first opened again, ms after the kill. */
  reopenedAtMs: number[];
  /** When each orphan asked for a socket again (every attempt), ms after the kill. */
  attemptsAtMs: number[];
  /**
   * The drill's own event loop from the kill to the orphans' return: its longest stall and p99 (ms).
   * A stall here delays its samples of HAProxy, not the TVs (they run in processes of their own).
   */
  drillLoopLag: { maxMs: number; p99Ms: number };
  /** The victim's state on HAProxy's stats socket, sampled every 250 ms from the kill: [ms after, state]. */
  victimStates: Array<[number, string]>;
  /** HAProxy holding the victim DOWN (its stats socket), ms after the kill. */
  takenOutMs: number;
  /** `POST /api/tv/plays` answers between the kill and the take-out, and after it, by status. */
  playsBeforeTakeOut: Record<string, number>;
  playsAfterTakeOut: Record<string, number>;
  /** TVs with a play answered 200 after the take-out (all of them, if they kept playing). */
  playingAfterTakeOut: number;
  /** Records answered 200, and of them stored once, missing, stored twice or more. */
  plays: { made: number; acked: number; storedOnce: number; missing: number; duplicated: number; storedInAll: number };
  /** The device renamed (200) just before the kill, read back from the database after. */
  renamed: { sent: string; stored: string };
  stop(): Promise<void>;
}

type Name = 'a' | 'b' | 'c';
const NAMES: Name[] = ['a', 'b', 'c'];
const ADMIN = { email: 'admin@queda.teste', password: 'senha-da-queda-de-processo' };
/** How often the TVs' processes are asked for their status: each answer carries every TV. */
const POLL_MS = 100;

/** Established TCP connections to each port on loopback (/proc/net/tcp: state 01, remote port in hex). */
export function establishedTo(ports: number[]): number[] {
  const rows = readFileSync('/proc/net/tcp', 'utf8').split('\n').slice(1);
  const remotes = rows.flatMap((row) => {
    const fields = row.trim().split(/\s+/);
    return fields[3] === '01' ? [parseInt(fields[2]!.split(':')[1]!, 16)] : [];
  });
  return ports.map((port) => remotes.filter((p) => p === port).length);
}

/** The most events in any window of `windowMs` (times sorted or not). */
export function peakIn(times: number[], windowMs: number): number {
  const sorted = [...times].sort((a, b) => a - b);
  let peak = 0;
  for (let i = 0, j = 0; i < sorted.length; i++) {
    while (sorted[i]! - sorted[j]! >= windowMs) j++;
    peak = Math.max(peak, i - j + 1);
  }
  return peak;
}

const countBy = (statuses: number[]) =>
  statuses.reduce<Record<string, number>>((all, s) => ({ ...all, [s]: (all[s] ?? 0) + 1 }), {});

export async function runKillDrill(options: {
  haproxy: string;
  databaseUrl: string;
  redisUrl: string;
  tvs: number;
  /** The TVs' pace: the tests' (default) or, at thousands of TVs, the player's own. */
  pace?: TvPace;
  log?: (line: string) => void;
}): Promise<KillDrill> {
  const log = options.log ?? (() => undefined);
  const pace = options.pace ?? TEST_PACE;
  const directUrl = await createProcessDatabase(options.databaseUrl, 'kill');
  const env = {
    DATABASE_URL: directUrl,
    REDIS_URL: options.redisUrl,
    // Its own channels and limit keys: other runs sharing the Redis are never heard.
    REDIS_PREFIX: `sinalize-kill-${process.pid}:`,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    SESSION_SECRET: 'k'.repeat(48),
    TRUST_PROXY: '127.0.0.1',
    PAIRING_RATE_LIMIT: '1000000',
    PAIRING_GLOBAL_RATE_LIMIT: '1000000',
  };
  const processes = {} as Record<Name, ServerProcess>;
  const ports = {} as Record<Name, number>;
  const tokens: string[] = [];
  let fleet: SimulatedTvFleet | undefined;
  let balancer: Balancer | undefined;
  const stop = async () => {
    await fleet?.stop();
    await balancer?.stop();
    await Promise.all(NAMES.map((name) => processes[name]?.stop()));
  };
  try {
    // One after the other: the first applies the migrations and creates the admin.
    for (const name of NAMES) {
      ports[name] = await freePort();
      processes[name] = await startServerProcess(env, ports[name]);
    }
    balancer = await startHaproxy(options.haproxy, {
      bind: `127.0.0.1:${await freePort()}`,
      processA: `127.0.0.1:${ports.a}`,
      processB: `127.0.0.1:${ports.b}`,
      processC: `127.0.0.1:${ports.c}`,
    });
    const base = balancer.url;
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    if (login.status !== 200) throw new Error(`login: ${login.status}`);
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
    const json = { cookie, 'content-type': 'application/json' };
    const devices: Array<{ id: number; authCode: string }> = [];
    const pair = async (i: number) => {
      const authCode = String(100_000 + i);
      const body = { name: `TV queda ${i + 1}`, location: 'Loja', resolution: '1920x1080', authCode };
      const created = await fetch(`${base}/api/devices`, { method: 'POST', headers: json, body: JSON.stringify(body) });
      if (created.status !== 201) throw new Error(`device ${i}: ${created.status} ${await created.text()}`);
      const paired = await fetch(`${base}/api/tv/authenticate`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ code: authCode }),
      });
      if (paired.status !== 200) throw new Error(`pairing ${i}: ${paired.status} ${await paired.text()}`);
      devices[i] = { id: ((await created.json()) as { id: number }).id, authCode };
      tokens[i] = ((await paired.json()) as { token: string }).token;
    };
    for (let i = 0; i < options.tvs; i += 20) {
      await Promise.all(Array.from({ length: Math.min(20, options.tvs - i) }, (_, k) => pair(i + k)));
    }
    log(`${options.tvs} TVs paired through HAProxy`);

    const startedAt = Date.now();
    // In processes of their own (a saturated drill process ran their timers late and together),
    // started over one flush period, as a real fleet is never in step: their plays then reach the
    // balancer all the time, between the kill and the take-out too.
    const tvs = (fleet = await SimulatedTvFleet.start(base, tokens, {
      mediaId: 1,
      reconnect: 'player',
      pace,
      spreadMs: pace.flushMs,
    }));
    const settle = 30_000 + options.tvs * 20 + 2 * pace.flushMs;
    const all = async (holds: (tv: TvStatus) => boolean) => (await tvs.status()).every(holds);
    await eventually(() => all((tv) => tv.lastAckAt >= startedAt), 'every TV online', settle, POLL_MS);
    // Plays acknowledged before the kill too.
    await eventually(() => all((tv) => tv.acked > 0), 'a play stored for every TV', settle, POLL_MS);

    const held = establishedTo(NAMES.map((name) => ports[name]));
    const socketsBefore = Object.fromEntries(NAMES.map((name, i) => [name, held[i]!])) as Record<Name, number>;
    // The victim is the busiest of the processes HAProxy has in rotation, so its death is news.
    const states = await balancer.states();
    const inRotation = NAMES.filter((name) => states[`process_${name}`] === 'UP');
    const victim = (inRotation.length ? inRotation : [...NAMES]).reduce((a, b) =>
      socketsBefore[b] > socketsBefore[a] ? b : a,
    );
    log(`sockets held: ${NAMES.map((n) => `${n} ${socketsBefore[n]}`).join(', ')}; killing ${victim}`);

    // An admin write acknowledged just before the kill (through the balancer: any process).
    const sent = 'Renomeada antes da queda';
    const renamed = await fetch(`${base}/api/devices/${devices[0]!.id}`, {
      method: 'PUT',
      headers: json,
      body: JSON.stringify({ name: sent, location: 'Loja', resolution: '1920x1080', authCode: devices[0]!.authCode }),
    });
    if (renamed.status !== 200) throw new Error(`rename: ${renamed.status} ${await renamed.text()}`);

    const lag = monitorEventLoopDelay({ resolution: 10 });
    const victimStates: Array<[number, string]> = [];
    const killedAt = Date.now();
    processes[victim].child.kill('SIGKILL');
    lag.enable();
    const sampling = setInterval(() => {
      void balancer!.states().then(
        (now) => victimStates.push([Date.now() - killedAt, now[`process_${victim}`] ?? '?']),
        () => undefined,
      );
    }, 250).unref();
    // Asked on its stats socket: under load its log can drop the "is DOWN" line.
    await eventually(
      async () => (await balancer!.states())[`process_${victim}`]?.startsWith('DOWN') ?? false,
      'HAProxy taking the killed process out',
      30_000,
    );
    const takenOutAt = Date.now();
    // Every socket of the dead process dropped at once (the kernel closed them): the orphans, once
    // a second has passed with no new drop (a loaded machine sees the closes late).
    const droppedSinceKill = async () => (await tvs.status(killedAt)).flatMap((tv, i) => (tv.drop ? [i] : []));
    let orphans = await droppedSinceKill();
    for (let quietSince = Date.now(); Date.now() - quietSince < 1000;) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      const now = await droppedSinceKill();
      if (now.length !== orphans.length) [orphans, quietSince] = [now, Date.now()];
    }
    await eventually(
      async () => {
        const now = await tvs.status(killedAt);
        return orphans.every((i) => now[i]!.drop!.backAt !== null);
      },
      "the killed process's TVs back on the others",
      60_000 - (Date.now() - killedAt),
      POLL_MS,
    ).catch(() => undefined); // measured below: a late TV is a figure, and the test's failure
    lag.disable();
    clearInterval(sampling);
    // They keep playing: a play answered 200 for each after the take-out.
    const playing = (tv: TvStatus) => tv.last200At > takenOutAt;
    const flushes = 10_000 + 2 * pace.flushMs;
    // The wait's last reading is the figure: no second round of asking the fleet.
    let lastStatus: TvStatus[] = [];
    await eventually(
      async () => (lastStatus = await tvs.status()).every(playing),
      'a play stored for every TV after the take-out',
      flushes,
      POLL_MS,
    ).catch(() => undefined);
    const playingAfterTakeOut = lastStatus.filter(playing).length;

    await tvs.stopProducing();
    await eventually(() => all((tv) => tv.pending === 0), 'every record sent', 60_000, POLL_MS).catch(() => undefined);
    const records = await tvs.records();
    const answers = records.flatMap((tv) => tv.playAnswers.filter((a) => a.at > killedAt));
    const db = new pg.Client({ connectionString: directUrl });
    await db.connect();
    try {
      const acked = records.flatMap((tv) => tv.acked);
      const dropOf = (i: number) => records[i]!.drops.find((d) => d.closedAt >= killedAt)!;
      const { rows } = await db.query<{ client_id: string; n: string }>(
        'select client_id, count(*) as n from plays where client_id = any($1::text[]) group by client_id',
        [acked],
      );
      const counts = new Map(rows.map((r) => [r.client_id, Number(r.n)]));
      const stored = await db.query<{ name: string }>('select name from devices where id = $1', [devices[0]!.id]);
      return {
        tvs: options.tvs,
        victim,
        socketsBefore,
        orphans: orphans.length,
        backMs: orphans.flatMap((i) => {
          const drop = dropOf(i);
          return drop.backAt === null ? [] : [drop.backAt - drop.closedAt];
        }),
        reopenedAtMs: orphans.flatMap((i) => {
          const reopened = records[i]!.opens.find((t) => t > killedAt);
          return reopened === undefined ? [] : [reopened - killedAt];
        }),
        attemptsAtMs: orphans.flatMap((i) => records[i]!.attempts.filter((t) => t > killedAt).map((t) => t - killedAt)),
        drillLoopLag: { maxMs: lag.max / 1e6, p99Ms: lag.percentile(99) / 1e6 },
        victimStates,
        takenOutMs: takenOutAt - killedAt,
        playsBeforeTakeOut: countBy(answers.filter((a) => a.at <= takenOutAt).map((a) => a.status)),
        playsAfterTakeOut: countBy(answers.filter((a) => a.at > takenOutAt).map((a) => a.status)),
        playingAfterTakeOut,
        plays: {
          made: records.reduce((n, tv) => n + tv.made.length, 0),
          acked: acked.length,
          storedOnce: acked.filter((id) => counts.get(id) === 1).length,
          missing: acked.filter((id) => !counts.has(id)).length,
          duplicated: acked.filter((id) => (counts.get(id) ?? 0) > 1).length,
          storedInAll: rows.reduce((n, r) => n + Number(r.n), 0),
        },
        renamed: { sent, stored: stored.rows[0]?.name ?? '' },
        stop,
      };
    } finally {
      await db.end();
    }
  } catch (error) {
    await stop();
    throw error;
  }
}
