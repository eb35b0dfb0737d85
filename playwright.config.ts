import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS } from './bench/chromium-flags.mjs';

const PORT = Number(process.env.E2E_PORT ?? 4310);
export const E2E_ADMIN = { email: 'admin@e2e.sinalize.local', password: 'admin-e2e-senha', workspace: 'Empresa E2E' };
/** The admin of a second workspace (docs/security.md#roles-and-tenancy): sees nothing of the first one's, realtime events included. */
export const E2E_OTHER_ADMIN = {
  email: 'admin@outra.e2e.sinalize.local',
  password: 'outra-e2e-senha',
  workspace: 'Outra Empresa E2E',
};
/**
 * Workspaces made before the server starts, one per spec that needs a company of its own (its
 * lists, counts and realtime toasts then hold its own things only): `e2e/support.ts` claims them.
 */
export const E2E_POOL = {
  size: 80,
  password: 'senha-pool-e2e',
  email: (slot: number) => `admin${slot}@pool.e2e.sinalize.local`,
  workspace: (slot: number) => `Empresa E2E ${slot + 1}`,
};
/** The shared e2e server's data folder (wiped at start): a spec may put a file in its media store. */
export const E2E_DATA_DIR = path.join(os.tmpdir(), `sinalize-e2e-${PORT}`);

/**
 * The e2e suite drives the built app (`npm run build`) served by the real server on a fresh
 * embedded database, in Debian's Chromium (never a downloaded browser).
 */
export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  workers: 2,
  // A test that fails once is a bug to find, in the test or the app: never run again to pass.
  retries: 0,
  // Generous: a loaded 2-core CI machine runs the longest journeys (wizard, player) in 30–50 s.
  timeout: 90_000,
  // A wait for a condition, never a claim about speed: on a starved 2-core machine (CI on 27 Nov:
  // the whole suite 2.3 times slower) a page took 5 s to ask for its list, and three waits of 7 s ran out.
  expect: { timeout: 15_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL: `http://localhost:${PORT}`,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
    },
  },
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    url: `http://localhost:${PORT}/api/health`,
    reuseExistingServer: false,
    // A new embedded database (initdb) and the pool's 80 workspaces before the server opens it
    // again, three processes each loading PGlite: minutes on a busy machine (docs/benchmarks.md#other-figures).
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: E2E_DATA_DIR,
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      WORKSPACE_NAME: E2E_ADMIN.workspace,
      E2E_OTHER_ADMIN_EMAIL: E2E_OTHER_ADMIN.email,
      E2E_OTHER_ADMIN_PASSWORD: E2E_OTHER_ADMIN.password,
      E2E_OTHER_WORKSPACE: E2E_OTHER_ADMIN.workspace,
      E2E_POOL: JSON.stringify(
        Array.from({ length: E2E_POOL.size }, (_, slot) => ({
          name: E2E_POOL.workspace(slot),
          email: E2E_POOL.email(slot),
          password: E2E_POOL.password,
        })),
      ),
      LOGIN_RATE_LIMIT: '1000',
      PAIRING_RATE_LIMIT: '1000',
      PAIRING_GLOBAL_RATE_LIMIT: '100000',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
    },
  },
});
