import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { PROJECT_ROOT } from '../paths';
import { eventually } from './eventually';

/** A port nobody listens on now. */
export const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

/**
 * A database of its own on the DATABASE_URL server, for a server process under test. Named like
 * the test databases (`test-database.ts` drops those of runs that are gone), so two runs on one
 * server never drop each other's and a killed run's is cleaned up by the next.
 */
export async function ownDatabase(label: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) throw new Error('ownDatabase needs DATABASE_URL');
  const name = `sinalize_test_${process.pid}_${label}`;
  const query = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await query(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

export interface TestServer {
  /** `http://127.0.0.1:<port>` */
  url: string;
  port: number;
  child: ChildProcess;
  /** Its exit code, once it has ended. */
  exited: Promise<number | null>;
  /** What it wrote to stdout and stderr so far. */
  output: () => string;
}

/**
 * The real server (`src/server/main.ts`) in a process of its own, on a free port and a fresh
 * DATA_DIR, with `env` on top of this process's; resolves once `/api/health` answers 200, fails
 * at once (with its output) if it exits before.
 */
export async function startServer(env: Record<string, string>, timeoutMs = 60_000): Promise<TestServer> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: PROJECT_ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'sinalize-proc-')),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  try {
    await eventually(
      async () => {
        if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
        return fetch(`${url}/api/health`).then(
          (r) => r.ok,
          () => false,
        );
      },
      `the server on port ${port} answering /api/health`,
      timeoutMs,
    );
  } catch (error) {
    child.kill('SIGKILL');
    throw new Error(`${(error as Error).message}; its output: ${output}`);
  }
  return { url, port, child, exited, output: () => output };
}
