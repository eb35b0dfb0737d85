// PGlite on a thread of its own (the main side is pglite-thread.ts; docs/scaling.md): the embedded
// Postgres runs its WebAssembly and its wire protocol here, so the server's event loop stays free
// for the TVs' requests while background work queries (docs/benchmarks.md, feeds refresh).
// Plain JavaScript on purpose: it runs as written under tsx, vitest and the bundled server.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

const identity = (value) => value;
/** Drizzle reads these types as text (its own parsers are identities); functions cannot cross threads. */
const parsersFor = (oids) => (oids?.length ? Object.fromEntries(oids.map((oid) => [oid, identity])) : undefined);
/**
 * A database error's fields (code, constraint, detail…) as plain data: an Error's own fields do not
 * cross threads, and some of PGlite's (the query's parameters) may not be cloneable at all.
 */
const plainError = (error) => {
  const plain = { name: String(error?.name ?? 'Error'), message: String(error?.message ?? error) };
  for (const [key, value] of Object.entries(error ?? {}))
    if (typeof value === 'string' || typeof value === 'number') plain[key] = value;
  return plain;
};

const port = parentPort;
const fail = (id, error) => port.postMessage({ id, ok: false, error: plainError(error) });
const reply = (id, result) => {
  try {
    port.postMessage({ id, ok: true, result });
  } catch (error) {
    fail(id, error); // a value that cannot cross threads: the query fails, the thread lives on
  }
};
const ROLLBACK = Symbol('rollback');

let database;
try {
  database = await PGlite.create(workerData.dir, workerData.options);
  port.postMessage({ ready: true });
} catch (error) {
  port.postMessage({ ready: false, error: plainError(error) });
}

/** Open transactions by id: the PGlite transaction, and how to end it (commit or roll back). */
const transactions = new Map();
let nextTransaction = 1;

port.on('message', (message) => {
  const { id, op } = message;
  if (op === 'query') {
    const target = message.tx ? transactions.get(message.tx)?.tx : database;
    if (!target) return fail(id, new Error('transaction already ended'));
    const options = { rowMode: message.rowMode, parsers: parsersFor(message.identityTypes) };
    target.query(message.sql, message.params, options).then(
      ({ rows, fields, affectedRows }) => reply(id, { rows, fields, affectedRows }),
      (error) => fail(id, error),
    );
  } else if (op === 'begin') {
    // Held open until the main thread says 'end': its queries meanwhile name this transaction.
    const txId = nextTransaction++;
    const open = { tx: null, end: null, replyTo: null };
    const ended = new Promise((resolve) => (open.end = resolve));
    database
      .transaction(async (tx) => {
        open.tx = tx;
        transactions.set(txId, open);
        reply(id, txId);
        if (!(await ended).commit) throw ROLLBACK;
      })
      .then(
        () => null,
        (error) => (error === ROLLBACK ? null : error),
      )
      .then((error) => {
        transactions.delete(txId);
        if (!open.tx) return fail(id, error ?? new Error('transaction did not start'));
        open.replyTo?.(error);
      });
  } else if (op === 'end') {
    const open = transactions.get(message.tx);
    if (!open) return fail(id, new Error('transaction already ended'));
    open.replyTo = (error) => (error ? fail(id, error) : reply(id, null));
    open.end({ commit: message.commit });
  } else if (op === 'close') {
    database.close().then(
      () => reply(id, null),
      (error) => fail(id, error),
    );
  }
});
