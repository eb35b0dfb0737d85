// The e2e server's extra workspaces (scripts/e2e-server.mjs runs this before the server starts: the
// embedded database is one process's at a time): another company's admin, and the pool of
// workspaces that specs claim one each (e2e/support.ts). One process for all of them.
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { createWorkspaceWithAdmin } from '../src/server/features/workspaces/workspace-service';

type Company = { name: string; email: string; password: string };
const env = process.env;
const companies: Company[] = [
  ...(env.E2E_OTHER_ADMIN_EMAIL
    ? [{ name: env.E2E_OTHER_WORKSPACE!, email: env.E2E_OTHER_ADMIN_EMAIL, password: env.E2E_OTHER_ADMIN_PASSWORD! }]
    : []),
  ...((env.E2E_POOL ? JSON.parse(env.E2E_POOL) : []) as Company[]),
];
const database = await openDatabase({ dataDir: loadConfig({ ...env, DATABASE_URL: '' }).dataDir });
try {
  for (const company of companies) await createWorkspaceWithAdmin(database.db, company);
} finally {
  await database.close();
}
