/** The real app in the benchmark's own process, on a database of its own, with its first admin. */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { users } from '../src/server/db/schema';
import { ensureFirstAdmin } from '../src/server/features/users/user-service';

export const BENCH_ADMIN = { email: 'admin@bench.local', password: 'senha-do-benchmark' };

/**
 * `name` names the temp data folder; `databaseUrl` a PostgreSQL database (made by `freshDatabase`),
 * or PGlite in that folder when absent. `owner` is the admin's user and workspace, for seeding rows;
 * `close` ends the app and the database and removes the folder.
 */
export async function inProcessApp(name: string, databaseUrl?: string) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `sinalize-${name}-bench-`));
  const database = await openDatabase({ databaseUrl, dataDir });
  const config = loadConfig(
    {},
    {
      dataDir,
      logLevel: 'warn',
      webRoot: undefined,
      adminEmail: BENCH_ADMIN.email,
      adminPassword: BENCH_ADMIN.password,
    },
  );
  await ensureFirstAdmin(database.db, BENCH_ADMIN);
  const [admin] = await database.db
    .select({ id: users.id, workspaceId: users.workspaceId })
    .from(users)
    .where(eq(users.email, BENCH_ADMIN.email));
  const owner = { userId: admin!.id, workspaceId: admin!.workspaceId };
  const app = await buildApp({ config, database });
  const close = async () => {
    await app.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { database, config, owner, app, close };
}
