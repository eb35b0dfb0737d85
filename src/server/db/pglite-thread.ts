import { Worker } from 'node:worker_threads';
import { errorOf } from '../lib/threads';

/** What Drizzle's PGlite driver calls on its client, and on a transaction's. */
interface QueryOptions {
  rowMode?: 'array' | 'object';
  parsers?: Record<number, (value: unknown) => unknown>;
}
interface Results {
  rows: unknown[];
  fields: Array<{ name: string; dataTypeID: number }>;
  affectedRows?: number;
}
interface Queryable {
  query(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results>;
}
export interface PgliteThread extends Queryable {
  transaction<T>(callback: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

type Reply = { id: number; ok: true; result: unknown } | { id: number; ok: false; error: Record<string, unknown> };

/**
 * PGlite in a worker thread (`pglite-worker.mjs`), spoken to as Drizzle's PGlite driver speaks to
 * PGlite itself. In this thread PGlite's WebAssembly and wire protocol would hold the event loop for
 * every query, so background work (feeds refreshing, jobs) delayed every TV's answer, even one
 * served from memory (docs/benchmarks.md, feeds refresh). Queries still run one at a time, in
 * order, as PGlite runs them; a transaction holds the database until it ends, as before.
 */
export async function openPgliteThread(dir: string, options: Record<string, unknown>): Promise<PgliteThread> {
  // The bundled server (dist/server/main.js) has a copy next to it (scripts/build-server.mjs).
  const worker = new Worker(new URL('./pglite-worker.mjs', import.meta.url), {
    workerData: { dir, options },
    // A second heap's default young generation (up to 48 MB) took the embedded default past its
    // memory target holding 1,000 TVs (docs/benchmarks.md, "A fleet on one process").
    resourceLimits: { maxYoungGenerationSizeMb: 8 },
  });
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  let nextId = 1;
  let gone: Error | null = null;
  // The thread keeps the process alive only while it owes an answer: a closed app exits.
  worker.unref();
  const settle = (id: number) => {
    const waiting = pending.get(id);
    pending.delete(id);
    if (pending.size === 0) worker.unref();
    return waiting;
  };
  const call = (message: Record<string, unknown>) =>
    new Promise<unknown>((resolve, reject) => {
      if (gone) return reject(gone);
      const id = nextId++;
      if (pending.size === 0) worker.ref();
      pending.set(id, { resolve, reject });
      try {
        worker.postMessage({ ...message, id });
      } catch (error) {
        settle(id); // a parameter that cannot cross threads: this query fails, nothing waits for it
        reject(error as Error);
      }
    });
  /** The thread is gone: what it owed fails, and so does every later call, with the first reason. */
  const failAll = (error: Error) => {
    gone ??= error;
    for (const id of [...pending.keys()]) settle(id)?.reject(gone);
  };
  let closing = false;
  const ready = new Promise<void>((resolve, reject) => {
    worker.once('message', (message: { ready: boolean; error?: Record<string, unknown> }) =>
      message.ready ? resolve() : reject(errorOf(message.error ?? {})),
    );
    worker.once('error', reject);
  });
  worker.ref();
  await ready.then(
    () => worker.unref(),
    async (error: unknown) => {
      await worker.terminate();
      throw error;
    },
  );
  worker.on('message', (reply: Reply) => {
    const waiting = settle(reply.id);
    if (reply.ok) waiting?.resolve(reply.result);
    else waiting?.reject(errorOf(reply.error));
  });
  // A thread that died on its own is no outage to wait out (db/errors.ts would answer 503 for a
  // closed client): its own reason, answered 500 and logged, and the health check fails with it.
  worker.on('error', (error) =>
    failAll(Object.assign(new Error(`PGlite thread failed: ${error.message}`), { cause: error })),
  );
  worker.on('exit', (code) =>
    failAll(
      closing
        ? new Error('Client was closed and is not queryable')
        : new Error(`PGlite thread exited unexpectedly (code ${code})`),
    ),
  );

  const query =
    (tx: number | undefined) =>
    (sql: string, params: unknown[] = [], opts: QueryOptions = {}) =>
      call({
        op: 'query',
        tx,
        sql,
        params,
        rowMode: opts.rowMode,
        // Drizzle's parsers keep dates and intervals as text: identities, named by type.
        identityTypes: Object.keys(opts.parsers ?? {}).map(Number),
      }) as Promise<Results>;

  return {
    query: query(undefined),
    async transaction<T>(callback: (tx: Queryable) => Promise<T>) {
      const tx = (await call({ op: 'begin' })) as number;
      let result: T;
      try {
        result = await callback({ query: query(tx) });
      } catch (error) {
        // The callback's error is the one to report, even when the rollback cannot be sent.
        await call({ op: 'end', tx, commit: false }).catch(() => undefined);
        throw error;
      }
      await call({ op: 'end', tx, commit: true });
      return result;
    },
    async close() {
      closing = true;
      try {
        if (!gone) await call({ op: 'close' });
      } finally {
        await worker.terminate();
      }
    },
  };
}
