import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker, workerData, type WorkerOptions } from 'node:worker_threads';
import { PROJECT_ROOT } from '../paths';

/**
 * The threads written in TypeScript, by their path under `src/server` without the extension. Each
 * is also an entry of the bundle (scripts/build-server.mjs), built next to `dist/server/main.js`
 * under its own name.
 */
export type ThreadEntry = 'features/content/feed-refresh-worker';

/** Run from the sources (tests, `npm run dev`: this module is a `.ts` file), not from the bundle. */
const fromSource = import.meta.url.endsWith('.ts');

/**
 * Starts a thread of ours with `data` (read back with `threadData`). From the sources it runs
 * under tsx (`source-thread.mjs`); from the bundle, its built file.
 */
export function startThread(entry: ThreadEntry, data: unknown, options: WorkerOptions = {}): Worker {
  if (fromSource) {
    const source = pathToFileURL(path.join(PROJECT_ROOT, 'src', 'server', `${entry}.ts`)).href;
    return new Worker(path.join(PROJECT_ROOT, 'src', 'server', 'lib', 'source-thread.mjs'), {
      ...options,
      workerData: { entry: source, data },
    });
  }
  return new Worker(path.join(PROJECT_ROOT, 'dist', 'server', `${path.basename(entry)}.js`), {
    ...options,
    workerData: { data },
  });
}

/** What `startThread` gave the thread this code runs in. */
export const threadData = <T>(): T => (workerData as { data: T }).data;

/** An error as `plainError` sends it: its own string and number fields, and its causes. */
export interface PlainError {
  [field: string]: string | number | PlainError | PlainError[] | undefined;
  cause?: PlainError;
  errors?: PlainError[];
}

/**
 * An error as plain data, to cross threads: an Error's own fields (a database error's `code`,
 * `constraint`…) are lost by the structured clone, and some values cannot be cloned at all. Its
 * `cause` and `errors` go along (Drizzle wraps the driver's error, which says whether PostgreSQL
 * was away: db/errors.ts), a few levels deep.
 */
export function plainError(error: unknown, depth = 0): PlainError {
  const e = error as { name?: unknown; message?: unknown; cause?: unknown; errors?: unknown } | null | undefined;
  const plain: PlainError = { name: String(e?.name ?? 'Error'), message: String(e?.message ?? error) };
  for (const [key, value] of Object.entries(error ?? {}))
    if (typeof value === 'string' || typeof value === 'number') plain[key] = value;
  if (depth < 5 && e?.cause !== undefined) plain.cause = plainError(e.cause, depth + 1);
  if (depth < 5 && Array.isArray(e?.errors)) plain.errors = e.errors.map((inner) => plainError(inner, depth + 1));
  return plain;
}

/** The error `plainError` sent, with its fields back (`code`, `constraint`…: db/errors.ts reads them). */
export function errorOf(plain: PlainError | Record<string, unknown>): Error {
  const { message, name, stack: _stack, cause, errors, ...fields } = plain;
  return Object.assign(
    new Error(String(message), cause ? { cause: errorOf(cause as PlainError) } : undefined),
    { name: String(name) },
    fields,
    Array.isArray(errors) ? { errors: errors.map((inner) => errorOf(inner as PlainError)) } : {},
  );
}
