import { randomUUID } from 'node:crypto';
import os from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import { messages } from '../../contract/messages';
import type { Db, Tx } from '../db/client';
import {
  claimTurn,
  completeJobs,
  extendLease,
  failAttempt,
  failExpiredLeases,
  insertJob,
  releaseAllLeases,
  type ClaimedJob,
  type EnqueueOptions,
  type FailedJob,
} from './job-store';

/** Retry delays after the 1st, 2nd, 3rd, 4th… failed attempt (the last one repeats). */
export const DEFAULT_BACKOFF_MS = [60_000, 5 * 60_000, 15 * 60_000, 60 * 60_000] as const;

/** How long `stop` waits, after aborting the jobs still running, for them to unwind. */
const ABORT_UNWIND_MS = 500;

/** A failure whose message is meant for the admins (pt-BR, no internals): stored as the job's last error. */
export class JobError extends Error {}

export interface JobContext {
  /**
   * Aborted when the worker lost the job's lease (another process may be running it) and when the
   * queue stops with the job still running after its grace: the handler passes it to its child
   * processes and gives up.
   */
  signal: AbortSignal;
  log: FastifyBaseLogger;
}

export interface JobHandler {
  run(job: ClaimedJob, context: JobContext): Promise<void>;
  /** Attempts before the job is failed for good (default 5). */
  maxAttempts?: number;
  /** Delays between attempts (default `DEFAULT_BACKOFF_MS`). */
  backoffMs?: readonly number[];
  /** How many jobs of this kind one process runs at a time (default 1). */
  concurrency?: number;
  /**
   * Runs in the transaction that puts a failed job of this kind back in the queue (an admin's
   * retry): undoes what the last attempt gave up on (a media row marked 'failed').
   */
  onRetry?: (tx: Tx, job: { payload: Record<string, unknown>; workspaceId: number | null }) => Promise<void>;
  /**
   * Runs in the transaction that marks a job of this kind 'failed' for good (its last attempt threw,
   * or its process died during it and the lease ran out): gives up what the job was working on (a
   * media row left 'processing'). What it returns runs after the commit (the announcements).
   */
  onFailed?: (tx: Tx, job: FailedJob) => Promise<(() => void) | void>;
}

export interface JobQueueOptions {
  /** How often an idle worker looks for due jobs (other processes' jobs, retries, expired leases). */
  pollIntervalMs: number;
  /** How long a claim holds a job without news from its worker. */
  leaseMs: number;
  /** How often a running job's lease is extended (default a third of the lease). */
  heartbeatMs?: number;
  /** Jobs this process runs at a time, all kinds together. */
  concurrency: number;
  /** How long `stop` waits for running jobs; those still running are left to their lease. */
  stopWaitMs: number;
  /** Running jobs are claimable at once at start (the embedded database: only one process opens it). */
  releaseLeasesAtStart: boolean;
  /** False: this process only enqueues (never claims). */
  work: boolean;
}

export const DEFAULT_JOB_QUEUE_OPTIONS: JobQueueOptions = {
  pollIntervalMs: 10_000,
  leaseMs: 2 * 60_000,
  concurrency: 2,
  stopWaitMs: 3000,
  releaseLeasesAtStart: false,
  work: true,
};

export interface JobQueue {
  register(kind: string, handler: JobHandler): void;
  /** The kind's retry step, if its handler has one. */
  onRetry(kind: string): JobHandler['onRetry'];
  /**
   * Queues a job. Given `tx`, the job is part of that transaction (the caller calls `wake` after
   * the commit); otherwise it is committed and this process's workers are woken at once.
   */
  enqueue(
    kind: string,
    payload: Record<string, unknown>,
    options?: EnqueueOptions & { tx?: Tx },
  ): Promise<number | null>;
  /** Looks for due jobs now (after an enqueue committed, here or in another process). */
  wake(): void;
  /**
   * Queues `kind` once per slot of `intervalMs` (the hour of the maintenance), now and at each
   * slot's start: every process asks, the slot's singleton key lets one job through.
   */
  every(kind: string, intervalMs: number): void;
  start(): void;
  stop(): Promise<void>;
}

/**
 * The one background queue (docs/jobs.md), kept in the `jobs` table. Each process runs one claim
 * loop: it takes due jobs of the kinds it has handlers for, `concurrency` at a time (and each kind
 * within its own limit), extends their lease while they run, and records the outcome. Idle, it
 * sleeps until the earliest due job or `pollIntervalMs`, whichever is first, and an enqueue wakes
 * it at once (here directly, from other processes through NOTIFY: `job-listener.ts`).
 */
export function createJobQueue(db: Db, log: FastifyBaseLogger, options: Partial<JobQueueOptions> = {}): JobQueue {
  const opts = { ...DEFAULT_JOB_QUEUE_OPTIONS, ...options };
  const heartbeatMs = opts.heartbeatMs ?? Math.max(10, Math.floor(opts.leaseMs / 3));
  const worker = `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const handlers = new Map<string, JobHandler>();
  const runningPerKind = new Map<string, number>();
  const running = new Set<Promise<void>>();
  /** The running jobs' abort controllers: aborted when a lease is lost or when `stop` gives up waiting. */
  const controllers = new Set<AbortController>();
  const stopping = new AbortController();
  const timers = new Set<NodeJS.Timeout>();
  /** Jobs done here whose completion the loop's next turn records (one statement: `claimTurn`). */
  const finished = new Set<number>();
  let wakeUp: (() => void) | null = null;
  let woken = false;
  let loop: Promise<void> | null = null;

  const wake = () => {
    woken = true;
    wakeUp?.();
  };
  const maxAttemptsOf = (kind: string) => handlers.get(kind)?.maxAttempts ?? 5;

  const enqueue: JobQueue['enqueue'] = async (kind, payload, { tx, ...rest } = {}) => {
    const id = await insertJob(tx ?? db, kind, payload, {
      ...rest,
      maxAttempts: rest.maxAttempts ?? maxAttemptsOf(kind),
    });
    if (!tx && id !== null) wake();
    return id;
  };

  /** Kinds with room for one more job here, or none when the process is at its limit. */
  const freeKinds = () =>
    running.size >= opts.concurrency
      ? []
      : [...handlers].filter(([kind, h]) => (runningPerKind.get(kind) ?? 0) < (h.concurrency ?? 1)).map(([k]) => k);

  async function execute(job: ClaimedJob) {
    const handler = handlers.get(job.kind)!;
    const aborted = new AbortController();
    controllers.add(aborted);
    const beat = setInterval(() => {
      extendLease(db, job.id, worker, opts.leaseMs).then(
        (held) => {
          if (held) return;
          log.warn({ jobId: job.id, kind: job.kind }, 'job lease lost; another process may take the job');
          aborted.abort();
        },
        (error: unknown) => log.warn({ err: error, jobId: job.id }, 'could not extend a job lease'),
      );
    }, heartbeatMs).unref();
    const where = { jobId: job.id, kind: job.kind, attempt: job.attempt };
    try {
      await handler.run(job, { signal: aborted.signal, log });
    } catch (error) {
      if (aborted.signal.aborted) {
        // Stopped from here (the close, or the lease lost to another worker): not the job's failure.
        // No attempt is recorded; the job is taken again after its lease.
        log.warn({ err: error, ...where }, 'job aborted; left to its lease');
        return;
      }
      const known = error instanceof JobError;
      log[known ? 'warn' : 'error']({ err: error, ...where }, 'job attempt failed');
      const backoff = handler.backoffMs ?? DEFAULT_BACKOFF_MS;
      const delay = backoff[Math.min(job.attempt - 1, backoff.length - 1)] ?? 60_000;
      const message = known ? (error as Error).message : messages.jobs.internalError;
      const after: { commit?: (() => void) | void } = {};
      const status = await db
        .transaction(async (tx) => {
          const now = await failAttempt(tx, job.id, worker, message, delay);
          if (now === 'failed') after.commit = await handler.onFailed?.(tx, job);
          return now;
        })
        .catch((e: unknown) => {
          // Nothing recorded: the job stays running until its lease runs out, then is taken again
          // or, on its last attempt, failed by `failExpiredLeases` (with its `onFailed` step).
          log.error({ err: e, ...where }, 'could not record a failed job attempt');
          return null;
        });
      if (status === 'failed') {
        log.error(where, 'job failed after its last attempt');
        after.commit?.();
      }
      return;
    } finally {
      clearInterval(beat);
      controllers.delete(aborted);
    }
    // The work is done: the loop's next turn records it with its claim (woken when this run
    // settles: `launch`). That record may fail (a database blip): not the handler's failure, so no
    // attempt is counted; the next turn tries again, and a job whose lease runs out meanwhile is
    // run again, which handlers allow (they are idempotent: docs/jobs.md).
    finished.add(job.id);
  }

  function launch(job: ClaimedJob) {
    runningPerKind.set(job.kind, (runningPerKind.get(job.kind) ?? 0) + 1);
    const run: Promise<void> = execute(job)
      .catch((error: unknown) => log.error({ err: error, jobId: job.id }, 'job crashed'))
      .finally(() => {
        running.delete(run);
        runningPerKind.set(job.kind, (runningPerKind.get(job.kind) ?? 1) - 1);
        wake();
      });
    running.add(run);
  }

  /** When `failInterrupted` last looked (performance.now()). */
  let sweptAt = -Infinity;
  /**
   * Jobs whose process died during their last attempt: failed, each with its kind's `onFailed` step
   * in the same transaction (only the kinds registered here: the others' steps are not known here).
   */
  async function failInterrupted() {
    // Once per poll interval, not at every idle turn: a busy queue goes idle after each job, and a
    // lease runs for minutes (docs/benchmarks.md, "Refreshing 500 feeds": round trips per job).
    if (handlers.size === 0 || performance.now() - sweptAt < opts.pollIntervalMs) return;
    sweptAt = performance.now();
    const afterCommit: Array<() => void> = [];
    const lost = await db.transaction(async (tx) => {
      afterCommit.length = 0;
      const failed = await failExpiredLeases(tx, [...handlers.keys()], messages.jobs.interrupted);
      for (const job of failed) {
        const after = await handlers.get(job.kind)?.onFailed?.(tx, job);
        if (after) afterCommit.push(after);
      }
      return failed;
    });
    for (const job of lost) log.error({ jobId: job.id, kind: job.kind }, 'job interrupted on its last attempt');
    for (const after of afterCommit) after();
  }

  async function runLoop() {
    if (opts.releaseLeasesAtStart) {
      const released = await releaseAllLeases(db).catch((error: unknown) => {
        log.error({ err: error }, 'could not release the previous process’s job leases');
        return 0;
      });
      if (released) log.info({ count: released }, 'jobs left running by the previous process are queued again');
    }
    while (!stopping.signal.aborted) {
      woken = false;
      let waitMs = opts.pollIntervalMs;
      try {
        const kinds = freeKinds();
        const done = [...finished];
        if (kinds.length > 0 || done.length > 0) {
          const { job, dueInMs } = await claimTurn(db, kinds, worker, opts.leaseMs, done);
          for (const id of done) finished.delete(id);
          if (job) {
            launch(job);
            continue;
          }
          // At least a few ms: a due job of a kind at its limit elsewhere must not spin this loop.
          if (dueInMs !== null) waitMs = Math.min(opts.pollIntervalMs, Math.max(20, Math.ceil(dueInMs)));
        }
        await failInterrupted();
      } catch (error) {
        if (stopping.signal.aborted) break;
        log.error({ err: error }, 'job queue: could not look for due jobs');
      }
      if (woken || stopping.signal.aborted) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, waitMs).unref();
        wakeUp = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wakeUp = null;
    }
  }

  return {
    register(kind, handler) {
      handlers.set(kind, handler);
    },
    onRetry: (kind) => handlers.get(kind)?.onRetry,
    enqueue,
    wake,
    every(kind, intervalMs) {
      const ask = () => {
        if (stopping.signal.aborted) return;
        const slot = Math.floor(Date.now() / intervalMs) * intervalMs;
        void enqueue(kind, {}, { singletonKey: `${intervalMs}@${new Date(slot).toISOString()}`, oncePerKey: true })
          .catch((error: unknown) => log.error({ err: error, kind }, 'could not queue a periodic job'))
          .finally(() => {
            if (stopping.signal.aborted) return;
            const timer = setTimeout(
              () => {
                timers.delete(timer);
                ask();
              },
              slot + intervalMs - Date.now(),
            ).unref();
            timers.add(timer);
          });
      };
      ask();
    },
    start() {
      if (!opts.work || loop) return;
      loop = runLoop().catch((error: unknown) => log.error({ err: error }, 'job queue stopped'));
    },
    async stop() {
      stopping.abort();
      for (const timer of timers) clearTimeout(timer);
      wake();
      await loop;
      // Running jobs get `stopWaitMs` to finish; one that does not is taken again after its lease.
      const settled = async (ms: number) => {
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([Promise.all(running), new Promise((resolve) => (timer = setTimeout(resolve, ms).unref()))]);
        clearTimeout(timer);
      };
      await settled(opts.stopWaitMs);
      // Those still running are left to their lease, but stop working here: their child processes
      // (ffmpeg, ffprobe) and workers follow the signal, so nothing outlives the close. A moment more
      // for them to unwind (their temp files go).
      for (const controller of controllers) controller.abort();
      if (running.size > 0) await settled(ABORT_UNWIND_MS);
      // The loop has stopped: the jobs that finished since its last turn are recorded here.
      if (finished.size > 0)
        await completeJobs(db, [...finished], worker).catch((error: unknown) =>
          log.error({ err: error }, 'could not record completed jobs; they run again after their lease'),
        );
    },
  };
}
