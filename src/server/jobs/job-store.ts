import { sql } from 'drizzle-orm';
import { anyOf, anyText } from '../db/any-of';
import type { Db, Tx } from '../db/client';

/** The channel on which an enqueue wakes the workers of other processes (PostgreSQL only; docs/jobs.md). */
export const JOBS_CHANNEL = 'sinalize_jobs';

export interface EnqueueOptions {
  /** Not before this instant (default: now). */
  runAt?: Date;
  /** At most one queued or running job of this kind with this key: a second enqueue does nothing. */
  singletonKey?: string;
  /**
   * With `singletonKey`: nothing either when a job of this kind with this key already completed
   * (a slot key such as the maintenance's hour runs once per slot, whichever process asks).
   */
  oncePerKey?: boolean;
  /** Attempts before the job is marked failed (default: the kind's). */
  maxAttempts?: number;
  /** Whose job it is: its admins see it when it fails. Null for the system's own jobs. */
  workspaceId?: number | null;
}

/** A claimed job, as its handler gets it. */
export interface ClaimedJob {
  id: number;
  kind: string;
  payload: Record<string, unknown>;
  /** This attempt's number, from 1. */
  attempt: number;
  maxAttempts: number;
  workspaceId: number | null;
}

type Runner = Db | Tx;
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * Inserts a job; in the caller's transaction when given one, so the job exists exactly when what it
 * works on does (an upload's row and its processing). Returns the new id, or null when a singleton
 * key kept it out. The NOTIFY is transactional: other processes hear it at commit, not before.
 */
export async function insertJob(
  db: Runner,
  kind: string,
  payload: Record<string, unknown>,
  options: EnqueueOptions & { maxAttempts: number },
): Promise<number | null> {
  const key = options.singletonKey ?? null;
  const once = Boolean(options.oncePerKey && key);
  const runAt = options.runAt ? options.runAt.toISOString() : null;
  const rows = rowsOf<{ id: number }>(
    await db.execute(sql`
      insert into jobs (kind, payload, workspace_id, run_at, max_attempts, singleton_key)
      select ${kind}, ${JSON.stringify(payload)}::jsonb, ${options.workspaceId ?? null}::integer,
        coalesce(${runAt}::timestamptz, now()), ${options.maxAttempts}::integer, ${key}::text
      where not (${once}::boolean and exists (
        select 1 from jobs where kind = ${kind} and singleton_key = ${key}::text and status = 'completed'))
      on conflict do nothing
      returning id`),
  );
  const id = rows[0]?.id ?? null;
  if (id !== null) await db.execute(sql`select pg_notify(${JOBS_CHANNEL}, ${kind})`);
  return id;
}

/** What one turn of a worker's loop learns: the job it claimed, or when the next one is due. */
export interface ClaimTurn {
  job: ClaimedJob | null;
  /** With no job claimed: ms until the earliest due job of the kinds (null: none), by the database's clock. */
  dueInMs: number | null;
}

/**
 * One turn of a worker's loop in one statement (each round trip wakes the database and this
 * process's loop: docs/jobs.md#claiming-leases-crashes): records the jobs this worker `finished` as completed,
 * then takes the oldest due job of the given kinds for `leaseMs` (a queued one whose time has
 * come, or a running one whose lease ran out and that has attempts left), or else says when the
 * next is due. `SKIP LOCKED`: two processes claiming at once never wait for each other and never
 * get the same row.
 */
export async function claimTurn(
  db: Runner,
  kinds: string[],
  worker: string,
  leaseMs: number,
  finished: readonly number[] = [],
): Promise<ClaimTurn> {
  const rows = rowsOf<{
    id: number | null;
    kind: string;
    payload: Record<string, unknown>;
    attempts: number;
    max_attempts: number;
    workspace_id: number | null;
    due_ms: number | string | null;
  }>(
    await db.execute(sql`
      with done as (
        update jobs set status = 'completed', locked_until = null, locked_by = null, last_error = null,
          finished_at = now()
        where ${anyOf(sql`id`, finished)} and status = 'running' and locked_by = ${worker}
        returning id
      ), next as (
        select id from jobs
        where ${anyText(sql`kind`, kinds)}
          and ((status = 'queued' and run_at <= now())
            or (status = 'running' and locked_until < now() and attempts < max_attempts))
        order by run_at, id
        limit 1
        for update skip locked
      ), claimed as (
        update jobs j set status = 'running', attempts = j.attempts + 1, locked_by = ${worker},
          locked_until = now() + ${leaseMs}::integer * interval '1 millisecond'
        from next where j.id = next.id
        returning j.id, j.kind, j.payload, j.attempts, j.max_attempts, j.workspace_id
      )
      select c.*,
        case when c.id is null then extract(epoch from (least(
          (select min(run_at) from jobs where status = 'queued' and ${anyText(sql`kind`, kinds)}),
          (select min(locked_until) from jobs
            where status = 'running' and attempts < max_attempts and ${anyText(sql`kind`, kinds)})
        ) - now())) * 1000 end as due_ms
      from (select 1) as turn left join claimed c on true`),
  );
  const row = rows[0];
  if (!row || row.id === null) {
    const due = row?.due_ms;
    return { job: null, dueInMs: due === null || due === undefined ? null : Number(due) };
  }
  const job = {
    id: row.id,
    kind: row.kind,
    payload: row.payload,
    attempt: row.attempts,
    maxAttempts: row.max_attempts,
    workspaceId: row.workspace_id,
  };
  return { job, dueInMs: null };
}

/** Takes the oldest due job of the given kinds for `leaseMs`, as `claimTurn` does, or null. */
export const claimJob = async (db: Runner, kinds: string[], worker: string, leaseMs: number) =>
  (await claimTurn(db, kinds, worker, leaseMs)).job;

/** Extends a running job's lease; false when this worker no longer holds it. */
export async function extendLease(db: Db, id: number, worker: string, leaseMs: number): Promise<boolean> {
  const rows = rowsOf(
    await db.execute(sql`
      update jobs set locked_until = now() + ${leaseMs}::integer * interval '1 millisecond'
      where id = ${id} and status = 'running' and locked_by = ${worker}
      returning id`),
  );
  return rows.length > 0;
}

/** Records these finished jobs as completed, with no claim (a stopping worker's last ones). */
export const completeJobs = (db: Db, ids: readonly number[], worker: string) => claimTurn(db, [], worker, 0, ids);

/**
 * Records a failed attempt: back in the queue after `retryInMs`, or failed for good when it was the
 * last attempt. Returns the new status (null when this worker had lost the job meanwhile).
 */
export async function failAttempt(
  db: Runner,
  id: number,
  worker: string,
  error: string,
  retryInMs: number,
): Promise<'queued' | 'failed' | null> {
  const rows = rowsOf<{ status: 'queued' | 'failed' }>(
    await db.execute(sql`
      update jobs set
        status = case when attempts >= max_attempts then 'failed' else 'queued' end,
        run_at = case when attempts >= max_attempts then run_at
          else now() + ${retryInMs}::integer * interval '1 millisecond' end,
        finished_at = case when attempts >= max_attempts then now() end,
        locked_until = null, locked_by = null, last_error = ${error}
      where id = ${id} and status = 'running' and locked_by = ${worker}
      returning status`),
  );
  return rows[0]?.status ?? null;
}

/** A job that has just become 'failed', as the kind's `onFailed` step gets it. */
export interface FailedJob {
  id: number;
  kind: string;
  payload: Record<string, unknown>;
  workspaceId: number | null;
}

/**
 * Running jobs of `kinds` whose lease ran out on their last attempt: failed, "interrupted". Returns
 * them, so that the caller runs each kind's `onFailed` step in the same transaction.
 */
export async function failExpiredLeases(db: Runner, kinds: string[], error: string): Promise<FailedJob[]> {
  const rows = rowsOf<{ id: number; kind: string; payload: Record<string, unknown>; workspace_id: number | null }>(
    await db.execute(sql`
      update jobs set status = 'failed', finished_at = now(), locked_until = null, locked_by = null,
        last_error = ${error}
      where status = 'running' and locked_until < now() and attempts >= max_attempts and ${anyText(sql`kind`, kinds)}
      returning id, kind, payload, workspace_id`),
  );
  return rows.map((r) => ({ id: r.id, kind: r.kind, payload: r.payload, workspaceId: r.workspace_id }));
}

/**
 * Makes every running job claimable now. Only for the embedded database at start: one process at a
 * time may open it (db/pglite-lock.ts), so a job left running was the previous process's, and there
 * is no reason to wait for its lease.
 */
export async function releaseAllLeases(db: Db): Promise<number> {
  const rows = rowsOf(
    await db.execute(
      sql`update jobs set locked_until = now() - interval '1 second' where status = 'running' returning id`,
    ),
  );
  return rows.length;
}

/** Completed jobs older than `olderThanMs` and failed ones older than `failedOlderThanMs` go. */
export async function pruneJobs(db: Db, olderThanMs: number, failedOlderThanMs: number): Promise<number> {
  const rows = rowsOf(
    await db.execute(sql`
      delete from jobs
      where (status = 'completed' and finished_at < now() - ${olderThanMs}::bigint * interval '1 millisecond')
        or (status = 'failed' and finished_at < now() - ${failedOlderThanMs}::bigint * interval '1 millisecond')
      returning id`),
  );
  return rows.length;
}
