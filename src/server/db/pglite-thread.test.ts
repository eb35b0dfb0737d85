import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueViolation } from './errors';
import { openPgliteThread, type PgliteThread } from './pglite-thread';

/** PGlite on its own thread (pglite-thread.ts): the same answers as in-process, the loop kept free. */
describe('PGlite on a thread of its own', () => {
  let db: PgliteThread;
  beforeAll(async () => {
    db = await openPgliteThread(mkdtempSync(path.join(os.tmpdir(), 'sinalize-thread-')), {});
    await db.query('create table notes (id int primary key, body text, at timestamptz default now())');
  }, 60_000);
  afterAll(() => db?.close());

  it('answers rows in object and array mode, dates as text when asked (as Drizzle asks)', async () => {
    await db.query('insert into notes (id, body) values ($1, $2), ($3, $4)', [1, 'um', 2, 'dois']);
    const objects = await db.query('select id, body from notes order by id');
    expect(objects.rows).toEqual([
      { id: 1, body: 'um' },
      { id: 2, body: 'dois' },
    ]);
    const arrays = await db.query('select id, at from notes where id = 1', [], {
      rowMode: 'array',
      parsers: { 1184: (v) => v },
    });
    expect(arrays.rows[0]).toEqual([1, expect.any(String)]);
    expect(arrays.fields.map((f) => f.name)).toEqual(['id', 'at']);
  });

  it("keeps a database error's fields: the unique constraint a write hit", async () => {
    const error = await db.query('insert into notes (id) values (1)').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(uniqueViolation(error)).toBe('notes_pkey');
    // The thread lives on.
    expect((await db.query('select count(*)::int as n from notes')).rows).toEqual([{ n: 2 }]);
  });

  it('commits a transaction whose callback resolves, rolls back one that throws, and queues queries behind it', async () => {
    const inside = await db.transaction(async (tx) => {
      await tx.query('insert into notes (id) values (10)');
      return (await tx.query('select count(*)::int as n from notes')).rows;
    });
    expect(inside).toEqual([{ n: 3 }]);
    const failed = await db
      .transaction(async (tx) => {
        await tx.query('insert into notes (id) values (11)');
        throw new Error('desfeito');
      })
      .catch((e: Error) => e.message);
    expect(failed).toBe('desfeito');
    // A query asked while a transaction is open waits for its end, as PGlite's own lock makes it.
    let release = () => {};
    const held = db.transaction(async (tx) => {
      await tx.query('insert into notes (id) values (12)');
      await new Promise<void>((resolve) => (release = resolve));
    });
    await new Promise((r) => setTimeout(r, 50));
    const counted = db.query('select count(*)::int as n from notes');
    release();
    await held;
    expect((await counted).rows).toEqual([{ n: 4 }]);
  });

  it('fails a query whose parameter cannot cross threads, and owes nothing after it', async () => {
    // A child process that asks such a query and never closes the database: it must still end, so
    // the failed call left no answer owed (which would keep the thread, and the process, alive).
    const script = [
      `import { openPgliteThread } from ${JSON.stringify(path.join(import.meta.dirname, 'pglite-thread.ts'))};`,
      `const db = await openPgliteThread(process.argv[2], {});`,
      `const error = await db.query('select $1::text as x', [() => 1]).catch((e) => e);`,
      `console.log(error instanceof Error ? 'refused' : 'answered');`,
      `console.log((await db.query('select 1 as one')).rows[0].one);`,
    ].join('\n');
    const folder = mkdtempSync(path.join(os.tmpdir(), 'sinalize-thread-'));
    writeFileSync(path.join(folder, 'asks.mts'), script);
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(folder, 'asks.mts'), path.join(folder, 'db')], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    const code = await new Promise<number | null>((resolve) => {
      const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
      child.on('exit', (c) => (clearTimeout(timer), resolve(c)));
    });
    expect(output.trim().split('\n').slice(-2), output).toEqual(['refused', '1']);
    expect(code, output).toBe(0);
  }, 90_000);

  it('leaves the event loop free while a long query runs', async () => {
    let longestGap = 0;
    let last = performance.now();
    const ticks = setInterval(() => {
      const now = performance.now();
      longestGap = Math.max(longestGap, now - last);
      last = now;
    }, 5);
    const started = performance.now();
    await db.query('select sum(a * b) from generate_series(1, 3000000) a, generate_series(1, 1) b');
    const took = performance.now() - started;
    clearInterval(ticks);
    longestGap = Math.max(longestGap, performance.now() - last); // a loop held to the end never ticked
    // In this thread the query would hold the loop for all its time: one gap as long as the query.
    expect(took).toBeGreaterThan(200);
    expect(longestGap).toBeLessThan(took / 2);
  });
});
