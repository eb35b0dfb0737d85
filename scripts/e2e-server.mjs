// Starts the built server for the e2e suite on a DATA_DIR wiped first, so every run begins empty.
// Two workspaces exist before it starts (the embedded database is one process's at a time, so they
// are made first, with the server's own command): the e2e admin's, and another company's, whose
// admin sees none of the first one's screens, users or realtime events (DESIGN §3).
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';

const env = process.env;
if (!env.DATA_DIR) throw new Error('DATA_DIR is required');
rmSync(env.DATA_DIR, { recursive: true, force: true });

const createWorkspace = (name, email, password) => {
  const args = ['--import', 'tsx', 'scripts/workspace.ts', 'create', '--name', name, '--admin-email', email, '--admin-password', password];
  const result = spawnSync(process.execPath, args, { env: { ...env, DATABASE_URL: '' }, stdio: ['ignore', 'ignore', 'inherit'] });
  if (result.status !== 0) throw new Error(`workspace:create ${name} failed (${result.status})`);
};
createWorkspace(env.WORKSPACE_NAME ?? 'Minha empresa', env.ADMIN_EMAIL, env.ADMIN_PASSWORD);
if (env.E2E_OTHER_ADMIN_EMAIL) createWorkspace(env.E2E_OTHER_WORKSPACE, env.E2E_OTHER_ADMIN_EMAIL, env.E2E_OTHER_ADMIN_PASSWORD);

await import(path.resolve('dist/server/main.js'));
