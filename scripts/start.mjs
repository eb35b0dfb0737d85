// `npm start`: builds whatever is missing or older than its sources, then runs the server.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** The newest modification time of a file, or of anything below a folder. */
const newest = (target) => {
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let t = stat.mtimeMs;
  for (const entry of readdirSync(target)) t = Math.max(t, newest(path.join(target, entry)));
  return t;
};
const stale = (output, sources) =>
  !existsSync(output) || sources.some((s) => existsSync(s) && newest(s) > statSync(output).mtimeMs);

const run = (script) => {
  const r = spawnSync('npm', ['run', script], { stdio: 'inherit', shell: process.platform === 'win32' });
  if (r.status !== 0) process.exit(r.status ?? 1);
};

const shared = ['src/contract', 'package.json'];
if (stale('dist/web/index.html', ['src/web', 'src/player', 'index.html', 'vite.config.ts', ...shared]))
  run('build:web');
if (stale('dist/server/main.js', ['src/server', 'drizzle', ...shared])) run('build:server');

await import(path.resolve('dist/server/main.js'));
