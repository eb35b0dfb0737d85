import { randomUUID } from 'node:crypto';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { PROJECT_ROOT } from '../paths';

export const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

/**
 * A database of its own on the `DATABASE_URL` server, named like the test databases
 * (test-database.ts drops it once this process is gone), so two runs never drop each other's.
 */
export async function createProcessDatabase(baseUrl: string, suffix: string): Promise<string> {
  const name = `sinalize_test_${process.pid}_${suffix}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** Everything it wrote on stdout and stderr so far. */
  output(): string;
  /** SIGTERM, resolved once it has exited. */
  stop(): Promise<void>;
}

/**
 * The real server (`src/server/main.ts`) as a child process, as a deploy runs it; resolved once
 * `/api/health` answers 200. `port` reuses an address (a restart in place).
 */
/**
 * The bus channels and limit keys of this test file's processes (each file loads this module anew):
 * files running at once on one Redis never hear each other's events (device ids repeat across
 * their databases) nor share login limits. A test may name its own.
 */
const FILE_REDIS_PREFIX = `test:${randomUUID()}:`;

export async function startServerProcess(env: Record<string, string>, port?: number): Promise<ServerProcess> {
  port ??= await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: PROJECT_ROOT,
    env: {
      ...process.env,
      // A test may ask for more (the balancer test reads the debug request lines).
      LOG_LEVEL: 'warn',
      REDIS_PREFIX: FILE_REDIS_PREFIX,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'sinalize-proc-')),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const server: ServerProcess = {
    url,
    child,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
  for (let started = Date.now(); Date.now() - started < 60_000; await new Promise((r) => setTimeout(r, 250))) {
    if (child.exitCode !== null) throw new Error(`server exited: ${output}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return server;
    } catch {
      // not listening yet
    }
  }
  child.kill('SIGKILL');
  throw new Error(`server did not start: ${output}`);
}
