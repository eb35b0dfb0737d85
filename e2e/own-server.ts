import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { test } from '@playwright/test';
import { E2E_ADMIN } from '../playwright.config';

/** The system's ffmpeg, which makes the test media (`apt-get install -y ffmpeg`; README, "Testes"). */
export function ffmpegPath(): string {
  try {
    execFileSync('ffmpeg', ['-version'], { stdio: 'ignore' });
  } catch {
    throw new Error('ffmpeg não encontrado: os testes e2e geram vídeos com ele (apt-get install -y ffmpeg)');
  }
  return 'ffmpeg';
}

/** A free port among the 50 from `base` (each spec has its range, so parallel specs never collide). */
async function freePort(base: number): Promise<number> {
  const first = Math.floor(Math.random() * 50);
  for (let i = 0; i < 50; i++) {
    const candidate = base + ((first + i) % 50);
    const free = await new Promise<boolean>((resolve) => {
      const probe = net.createServer();
      probe.once('error', () => resolve(false));
      probe.listen(candidate, '127.0.0.1', () => probe.close(() => resolve(true)));
    });
    if (free) return candidate;
  }
  throw new Error(`no free port in ${base}–${base + 49}`);
}

/**
 * A server process of the spec's own (the built `dist/server/main.js` on PGlite in its own data
 * folder), for specs that stop it and start it again on the same port and data: offline players,
 * the admin's connection indicator. The shared `webServer` of playwright.config.ts cannot do that.
 */
export function ownServer(options: {
  name: string;
  portBase: number;
  env?: (dataDir: string) => Record<string, string>;
}) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `sinalize-${options.name}-e2e-`));
  let child: ChildProcess | null = null;
  const state = { port: 0, baseURL: '', dataDir };

  async function start() {
    state.port ||= await freePort(options.portBase);
    state.baseURL = `http://localhost:${state.port}`;
    const started = spawn(process.execPath, ['dist/server/main.js'], {
      env: {
        ...process.env,
        PORT: String(state.port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        REDIS_URL: '',
        ADMIN_EMAIL: E2E_ADMIN.email,
        ADMIN_PASSWORD: E2E_ADMIN.password,
        LOGIN_RATE_LIMIT: '1000',
        LOG_LEVEL: 'warn',
        ...options.env?.(dataDir),
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    child = started;
    // The first start creates the embedded database: over a minute when the machine is busy.
    const deadline = Date.now() + 150_000;
    while (Date.now() < deadline) {
      if (started.exitCode !== null) throw new Error(`server exited with ${started.exitCode}`);
      try {
        if ((await fetch(`${state.baseURL}/api/health`)).ok) return;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error('server did not start within 150 s');
  }

  async function stop() {
    const running = child;
    child = null;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGTERM');
    await exited;
  }

  return {
    state,
    start,
    stop,
    /** Stops the server and removes its data folder (afterAll). */
    async dispose() {
      await stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * `ownServer` for a whole spec file: started before its tests (the first start creates the embedded
 * database, slow on a busy machine: up to two and a half minutes), `onStarted` given its address, and
 * disposed after them.
 */
export function ownServerForSpec(options: Parameters<typeof ownServer>[0] & { onStarted: (baseURL: string) => void }) {
  const own = ownServer(options);
  test.beforeAll(async () => {
    test.setTimeout(180_000);
    await own.start();
    options.onStarted(own.state.baseURL);
  });
  test.afterAll(() => own.dispose());
  return own;
}
