/**
 * A worker process for `job-queue.test.ts` (PostgreSQL only): it claims jobs of `test.hang` on
 * the database named by argv[2], says `started <id>` on stdout, and never finishes them, so that
 * the test can kill it with SIGKILL mid-job, as a crash would.
 */
import type { FastifyBaseLogger } from 'fastify';
import { openDatabase } from '../db/client';
import { createJobQueue } from './job-queue';

const [databaseUrl, leaseMs] = process.argv.slice(2);
const database = await openDatabase({ databaseUrl, dataDir: process.cwd() });
const quiet = { error: () => undefined, warn: () => undefined, info: () => undefined } as unknown as FastifyBaseLogger;
const queue = createJobQueue(database.db, quiet, { leaseMs: Number(leaseMs), pollIntervalMs: 50 });
queue.register('test.hang', {
  run: (job) => {
    process.stdout.write(`started ${job.id}\n`);
    return new Promise(() => undefined);
  },
});
queue.start();
