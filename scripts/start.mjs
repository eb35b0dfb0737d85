// `npm start`: builds whatever is missing or older than its sources, then runs the server.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const newest = (dir) => {
  let t = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    t = Math.max(t, entry.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
};
const stale = (output, sources) =>
  !existsSync(output) || sources.some((s) => existsSync(s) && newest(s) > statSync(output).mtimeMs);

const run = (script) => {
  const r = spawnSync('npm', ['run', script], { stdio: 'inherit', shell: process.platform === 'win32' });
  if (r.status !== 0) process.exit(r.status ?? 1);
};

const shared = ['src/contract', 'package.json'];
if (stale('dist/web/index.html', ['src/web', 'src/player', 'index.html', 'vite.config.ts', ...shared])) run('build:web');
if (stale('dist/server/main.js', ['src/server', 'drizzle', ...shared])) run('build:server');

await import(path.resolve('dist/server/main.js'));
