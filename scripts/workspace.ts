// `npm run workspace:create -- --name "…" --admin-email … [--admin-password …]`
// `npm run workspace:remove -- --id N | --name "…" [--yes]`
// Uses the server's environment (DATA_DIR or DATABASE_URL, S3_*, REDIS_URL): run it where the server runs.
import { runWorkspaceCommand } from '../src/server/features/workspaces/workspace-command';

process.exitCode = await runWorkspaceCommand(process.argv.slice(2), {
  env: process.env,
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
});
