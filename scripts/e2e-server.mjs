// Starts the built server for the e2e suite on a DATA_DIR wiped first, so every run begins empty.
// Its workspaces exist before it starts (the embedded database is one process's at a time): the
// e2e admin's, made with the operator's command (`scripts/workspace.ts`), then another company's
// and a pool that specs claim one each (`scripts/e2e-workspaces.ts`, e2e/support.ts).
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';

const env = process.env;
if (!env.DATA_DIR) throw new Error('DATA_DIR is required');
rmSync(env.DATA_DIR, { recursive: true, force: true });
rmSync(`${env.DATA_DIR}-claims`, { recursive: true, force: true });

const run = (script, ...args) => {
  const result = spawnSync(process.execPath, ['--import', 'tsx', script, ...args], {
    env: { ...env, DATABASE_URL: '' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (result.status !== 0) throw new Error(`${script} failed (${result.status})`);
};
run(
  'scripts/workspace.ts',
  'create',
  '--name',
  env.WORKSPACE_NAME ?? 'Minha empresa',
  '--admin-email',
  env.ADMIN_EMAIL,
  '--admin-password',
  env.ADMIN_PASSWORD,
);
run('scripts/e2e-workspaces.ts');

await import(path.resolve('dist/server/main.js'));
