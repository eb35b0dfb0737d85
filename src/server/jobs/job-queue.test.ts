import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { eq, sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { messages } from '../../contract/messages';
import { openDatabase, type Database, type Db } from '../db/client';
import { jobs } from '../db/schema';
import { PROJECT_ROOT } from '../paths';
import { startFaultProxy } from '../test/fault-proxy';
import { eventually } from '../test/eventually';
import { getTestDatabase, resetDatabase, testDatabaseUrl } from '../test/test-database';
import { createJobQueue, JobError, type JobHandler, type JobQueue, type JobQueueOptions } from './job-queue';
import { listenForJobs } from './job-listener';
import { claimJob, insertJob } from './job-store';

const quiet = {
  error: () => undefined,
  warn: () => undefined,
  info: () => undefined,
  debug: () => undefined,
} as unknown as FastifyBaseLogger;
const onPostgres = Boolean(testDatabaseUrl());
const dialect = new PgDialect();

/**
 * The same database, with `before(text)` called ahead of each `execute`: a statement's fault (a
 * throw, as a connection lost mid-statement does) or a count of the statements the worker sends.
 */
function watched(
  db: Db,
  before: (text: string, params: unknown[]) => void,
  after: (text: string) => void = () => undefined,
): Db {
  return new Proxy(db, {
    get(target, property, receiver) {
      if (property !== 'execute') return Reflect.get(target, property, receiver) as unknown;
      return async (query: SQL) => {
        const { sql: text, params } = dialect.sqlToQuery(query);
        before(text, params);
        const result = await target.execute(query);
        after(text);
        return result;
      };
    },
  });
}
const MINUTE = 60_000;

/** docs/jobs.md: claims, leases, retries, singleton keys; on PGlite and (with DATABASE_URL) PostgreSQL. */
describe('the job queue', () => {
  let database: Database;
  /** A second connection pool on the same database: another process, as far as locks go (PGlite: the same one). */
  let other: Database;
  const queues: JobQueue[] = [];
  const queue = (db: Database | Db, handlers: Record<string, JobHandler>, options: Partial<JobQueueOptions> = {}) => {
    const q = createJobQueue('db' in db ? db.db : db, quiet, { pollIntervalMs: 50, leaseMs: 5000, ...options });
    for (const [kind, handler] of Object.entries(handlers)) q.register(kind, handler);
    q.start();
    queues.push(q);
    return q;
  };
  const row = async (id: number) => (await database.db.select().from(jobs).where(eq(jobs.id, id)))[0]!;
  /** Seconds from the database's now to the job's `run_at`. */
  const dueInSeconds = async (id: number) => {
    const { rows } = (await database.db.execute(
      sql`select extract(epoch from (run_at - now())) as s from jobs where id = ${id}`,
    )) as unknown as { rows: Array<{ s: string | number }> };
    return Number(rows[0]!.s);
  };
  const makeDue = (id: number) => database.db.execute(sql`update jobs set run_at = now() where id = ${id}`);

  beforeAll(async () => {
    database = await getTestDatabase();
    other = onPostgres
      ? await openDatabase({ databaseUrl: testDatabaseUrl(), dataDir: mkdtempSync(path.join(os.tmpdir(), 'jobs-')) })
      : database;
  });
  afterAll(async () => {
    if (other !== database) await other.close();
  });
  beforeEach(async () => {
    await resetDatabase(database);
  });
  afterEach(async () => {
    await Promise.all(queues.splice(0).map((q) => q.stop()));
  });

  it('gives each job to exactly one of two connections claiming at once', async () => {
    const n = 40;
    for (let i = 0; i < n; i++) await insertJob(database.db, 'test.race', { i }, { maxAttempts: 1 });
    const claims = await Promise.all(
      Array.from({ length: 2 * n + 10 }, (_, i) =>
        claimJob((i % 2 ? other : database).db, ['test.race'], `worker-${i % 2}`, MINUTE),
      ),
    );
    const ids = claims.filter((c) => c !== null).map((c) => c.id);
    expect(ids).toHaveLength(n);
    expect(new Set(ids).size).toBe(n);
  });

  it('matches kinds as whole text values, quotes and backslashes included (anyText)', async () => {
    const odd = 'test."odd\\kind,';
    const id = (await insertJob(database.db, odd, {}, { maxAttempts: 1 }))!;
    await insertJob(database.db, 'test.odd', {}, { maxAttempts: 1 });
    expect(await claimJob(database.db, ['test.odd"'], 'w', MINUTE)).toBeNull();
    expect((await claimJob(database.db, [odd], 'w', MINUTE))?.id).toBe(id);
  });

  it('runs each of many jobs exactly once with two workers racing, and completes them', async () => {
    const n = 30;
    const runs = new Map<number, number>();
    const handler: JobHandler = {
      concurrency: 3,
      run: async (job) => {
        runs.set(job.id, (runs.get(job.id) ?? 0) + 1);
        await delay(Math.random() * 5);
      },
    };
    const a = queue(database, { 'test.count': handler }, { concurrency: 3 });
    queue(other, { 'test.count': handler }, { concurrency: 3 });
    for (let i = 0; i < n; i++) await a.enqueue('test.count', { i });
    await eventually(
      async () => (await database.db.select().from(jobs).where(eq(jobs.status, 'completed'))).length === n,
      'every job completed',
    );
    expect(runs.size).toBe(n);
    expect([...runs.values()].every((count) => count === 1)).toBe(true);
  });

  it('retries a failed attempt after 1, 5, 15 and 60 minutes, then marks it failed with its last error', async () => {
    let attempts = 0;
    const q = queue(database, {
      'test.flaky': {
        maxAttempts: 5,
        run: async (job) => {
          attempts = job.attempt;
          if (job.attempt === 5) throw new JobError('O feed respondeu 503.');
          throw new Error('connect ECONNREFUSED 10.0.0.1:5432 at Socket.<anonymous> (node:net:1)');
        },
      },
    });
    const id = (await q.enqueue('test.flaky', {}))!;
    for (const [attempt, minutes] of [
      [1, 1],
      [2, 5],
      [3, 15],
      [4, 60],
    ] as const) {
      await eventually(async () => attempts === attempt && (await row(id)).status === 'queued', `attempt ${attempt}`);
      expect(await dueInSeconds(id)).toBeGreaterThan(minutes * 60 - 5);
      expect(await dueInSeconds(id)).toBeLessThanOrEqual(minutes * 60);
      // An internal error reaches admins as the generic sentence, never its text.
      expect((await row(id)).lastError).toBe(messages.jobs.internalError);
      await makeDue(id); // the wait, skipped
      q.wake();
    }
    await eventually(async () => (await row(id)).status === 'failed', 'failed after the 5th attempt');
    expect(await row(id)).toMatchObject({ attempts: 5, lastError: 'O feed respondeu 503.' });
    expect((await row(id)).finishedAt).not.toBeNull();
  });

  it('keeps one queued or running job per singleton key, and lets a slot key through once', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const q = queue(database, { 'test.feed': { run: () => gate } });
    const first = await q.enqueue('test.feed', {}, { singletonKey: 'feed:7' });
    expect(first).not.toBeNull();
    expect(await q.enqueue('test.feed', {}, { singletonKey: 'feed:7' })).toBeNull();
    await eventually(async () => (await row(first!)).status === 'running');
    expect(await q.enqueue('test.feed', {}, { singletonKey: 'feed:7' })).toBeNull();
    expect(await q.enqueue('test.feed', {}, { singletonKey: 'feed:8' })).not.toBeNull();
    release();
    await eventually(async () => (await row(first!)).status === 'completed');
    // Done: the next refresh of the feed may be queued.
    expect(await q.enqueue('test.feed', {}, { singletonKey: 'feed:7' })).not.toBeNull();
    // A slot key (the maintenance's hour) runs once, whoever asks after.
    const slot = await q.enqueue('test.feed', {}, { singletonKey: 'hora-10', oncePerKey: true });
    await eventually(async () => (await row(slot!)).status === 'completed');
    expect(await q.enqueue('test.feed', {}, { singletonKey: 'hora-10', oncePerKey: true })).toBeNull();
  });

  it('takes again a job whose worker stopped answering once its lease ran out, and fails it when that was its last attempt', async () => {
    const ran: number[] = [];
    // A worker that claimed the jobs and died: nobody extends their leases.
    const again = (await insertJob(database.db, 'test.lease', {}, { maxAttempts: 2 }))!;
    const last = (await insertJob(database.db, 'test.lease', {}, { maxAttempts: 1 }))!;
    expect((await claimJob(database.db, ['test.lease'], 'dead', 300))?.id).toBe(again);
    expect((await claimJob(database.db, ['test.lease'], 'dead', 300))?.id).toBe(last);
    queue(database, { 'test.lease': { maxAttempts: 2, run: async (job) => void ran.push(job.id) } });
    await eventually(async () => (await row(again)).status === 'completed', 'taken again after the lease');
    expect(ran).toEqual([again]);
    expect((await row(again)).attempts).toBe(2);
    await eventually(async () => (await row(last)).status === 'failed');
    expect((await row(last)).lastError).toBe(messages.jobs.interrupted);
  });

  it('extends the lease of a long job while it runs, so no other worker takes it', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const runs: number[] = [];
    const handler: JobHandler = {
      run: (job) => {
        runs.push(job.id);
        return gate;
      },
    };
    const q = queue(database, { 'test.long': handler }, { leaseMs: 300, heartbeatMs: 50 });
    const id = (await q.enqueue('test.long', {}))!;
    await eventually(() => runs.length === 1);
    queue(other, { 'test.long': handler }, { leaseMs: 300, heartbeatMs: 50 });
    const firstLease = (await row(id)).lockedUntil!.getTime();
    // Three leases' worth of heartbeats: each one pushed the end further, and nobody else took it.
    await eventually(async () => (await row(id)).lockedUntil!.getTime() > firstLease + 900, 'the lease extended');
    expect(runs).toEqual([id]);
    release();
    await eventually(async () => (await row(id)).status === 'completed');
    expect((await row(id)).attempts).toBe(1);
  });

  it('records a completion the database dropped on the next turn, without running the job again', async () => {
    let blips = 1;
    const runs: number[] = [];
    // The database drops the turn that records the completion once (a restart, a lost connection),
    // after the handler succeeded: the turn whose list of finished jobs is not empty.
    const db = watched(database.db, (text, params) => {
      const recording = params.some((p) => typeof p === 'string' && /^\{\d+(,\d+)*\}$/.test(p));
      if (blips > 0 && text.includes("set status = 'completed'") && recording) {
        blips -= 1;
        throw new Error('Connection terminated unexpectedly');
      }
    });
    queue(db, { 'test.done': { maxAttempts: 2, run: async (job) => void runs.push(job.attempt) } }, { leaseMs: 300 });
    const id = (await insertJob(database.db, 'test.done', {}, { maxAttempts: 2 }))!;
    await eventually(async () => (await row(id)).status === 'completed', 'completed on the next turn');
    expect(blips).toBe(0);
    // Run once: the next turn recorded it well within its lease (300 ms).
    expect(runs).toEqual([1]);
    expect(await row(id)).toMatchObject({ attempts: 1, lastError: null });
  });

  it('records as completed a job that finished while the queue was stopping', async () => {
    let finish: () => void = () => undefined;
    let started = false;
    const run = () => new Promise<void>((resolve) => ((started = true), (finish = resolve)));
    const q = queue(database, { 'test.closing': { run } }, { stopWaitMs: 5000 });
    const id = (await q.enqueue('test.closing', {}))!;
    await eventually(() => started, 'the job started');
    // It finishes within the grace, after the loop stopped: the close records it, or it would stay
    // running and run again after its lease.
    const stopping = q.stop();
    finish();
    await stopping;
    expect(await row(id)).toMatchObject({ status: 'completed', attempts: 1 });
  });

  it('aborts the signal of a job still running when the grace of stop() is over, and leaves the job to its lease', async () => {
    let signal: AbortSignal | undefined;
    // A handler that follows its signal, as the media one does (ffmpeg ends, the run rejects).
    const run: JobHandler['run'] = (_job, context) =>
      new Promise<void>((_resolve, reject) => {
        signal = context.signal;
        signal.addEventListener('abort', () => reject(new Error('aborted')));
      });
    const q = queue(database, { 'test.stuck': { maxAttempts: 1, run } }, { stopWaitMs: 100 });
    const id = (await q.enqueue('test.stuck', {}))!;
    await eventually(() => signal !== undefined, 'the job started');
    expect(signal!.aborted).toBe(false);
    await q.stop();
    // Its child processes (ffmpeg) get the signal too: nothing goes on working after the close.
    expect(signal!.aborted).toBe(true);
    // Stopped by the close, not failed: no attempt recorded, taken again after its lease.
    expect(await row(id)).toMatchObject({ status: 'running', attempts: 1, lastError: null });
  });

  it('on the embedded database, a new start takes at once the jobs the previous process left running', async () => {
    const id = (await insertJob(database.db, 'test.left', {}, { maxAttempts: 3 }))!;
    await claimJob(database.db, ['test.left'], 'previous-process', 60 * MINUTE);
    queue(database, { 'test.left': { run: async () => undefined } }, { releaseLeasesAtStart: true });
    await eventually(async () => (await row(id)).status === 'completed');
  });

  it('wakes at once on an enqueue, without waiting for its poll', async () => {
    const ran: number[] = [];
    let looks = 0;
    // A look ends with the query for the next due job; once it answered, the worker sleeps for its
    // poll (a minute) unless woken.
    const db = watched(
      database.db,
      () => undefined,
      (text) => void (text.includes('least(') && (looks += 1)),
    );
    let looksAtRun = 0;
    const run = async (job: { id: number }) => void ((looksAtRun = looks), ran.push(job.id));
    const q = queue(db, { 'test.wake': { run } }, { pollIntervalMs: MINUTE });
    await eventually(() => looks === 1, 'the first look found nothing');
    const enqueued = Date.now();
    const id = (await q.enqueue('test.wake', {}))!;
    await eventually(() => ran.includes(id), 'run right after the enqueue', 2000);
    expect(Date.now() - enqueued).toBeLessThan(2000);
    // The look that found nothing, then the one the enqueue woke, which claimed it.
    expect(looksAtRun).toBe(2);
  });

  it.runIf(onPostgres)('wakes the workers of another process through NOTIFY when a job is queued there', async () => {
    const ran: number[] = [];
    let looks = 0;
    const db = watched(
      other.db,
      () => undefined,
      (text) => void (text.includes('least(') && (looks += 1)),
    );
    const listener = queue(
      db,
      { 'test.notify': { run: async (job) => void ran.push(job.id) } },
      { pollIntervalMs: MINUTE },
    );
    const stop = await listenForJobs(testDatabaseUrl()!, listener.wake, () => undefined);
    try {
      await eventually(() => looks === 1, 'the first look found nothing');
      // Enqueued by a process that runs no workers of this kind.
      const id = (await insertJob(database.db, 'test.notify', {}, { maxAttempts: 1 }))!;
      await eventually(() => ran.includes(id), 'run right after the commit elsewhere', 2000);
    } finally {
      await stop();
    }
  });

  it.runIf(onPostgres)('listens again after PostgreSQL ended its connection, and wakes the worker then', async () => {
    const proxy = await startFaultProxy(testDatabaseUrl()!);
    let wakes = 0;
    const stop = await listenForJobs(
      proxy.url,
      () => void (wakes += 1),
      () => undefined,
    );
    try {
      proxy.cut(); // a restart of PostgreSQL, as this connection sees it
      await eventually(() => proxy.refused > 0, 'a reconnection tried during the outage');
      proxy.restore();
      // Listening again: the worker looks at once for what was queued meanwhile (its NOTIFY is lost).
      await eventually(() => wakes === 1, 'woken on reconnect', 10_000);
      await insertJob(database.db, 'test.notify', {}, { maxAttempts: 1 });
      await eventually(() => wakes === 2, 'woken by the next NOTIFY');
    } finally {
      await stop();
      await proxy.close();
    }
  });

  it.runIf(onPostgres)('runs again, after its lease, a job whose process was killed with SIGKILL mid-job', async () => {
    const id = (await insertJob(database.db, 'test.hang', {}, { maxAttempts: 3 }))!;
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'src/server/jobs/job-test-child.ts', testDatabaseUrl()!, '600'],
      { cwd: PROJECT_ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let output = '';
    child.stdout!.on('data', (d) => (output += d));
    child.stderr!.on('data', (d) => (output += d));
    try {
      await eventually(() => output.includes(`started ${id}`), `the child started the job (${output})`, 15_000);
      // Alive, it holds the job: its heartbeats push the lease on.
      const firstLease = (await row(id)).lockedUntil!.getTime();
      await eventually(async () => (await row(id)).lockedUntil!.getTime() > firstLease, 'a heartbeat', 5000);
    } finally {
      child.kill('SIGKILL');
    }
    await new Promise((resolve) => child.once('exit', resolve));
    const ran: number[] = [];
    queue(database, { 'test.hang': { run: async (job) => void ran.push(job.attempt) } });
    await eventually(async () => (await row(id)).status === 'completed', 'run again after the lease', 5000);
    expect(ran).toEqual([2]);
  });
});
