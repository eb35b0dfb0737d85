/**
 * docs/benchmarks.md#targets: `GET /api/tv/content` answered 304 from memory must reach at least 0.8 × the
 * requests/s of a bare `node:http` server sending the same bytes. Both run side by side on this
 * machine, measured with autocannon (same connections and duration), and the ratio is printed.
 *
 *   npm run build && npm run bench:tv-content
 */
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { freePort } from './lib';

const DURATION_S = Number(process.env.DURATION ?? 10);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 50);
const ADMIN = { email: 'admin@bench.local', password: 'senha-do-benchmark' };

async function run(url: string, headers: Record<string, string>) {
  const result = await autocannon({ url, headers, connections: CONNECTIONS, duration: DURATION_S });
  const non304 = result.statusCodeStats
    ? Object.entries(result.statusCodeStats).filter(([code]) => code !== '304')
    : [];
  if (non304.length) throw new Error(`unexpected answers: ${JSON.stringify(non304)}`);
  return result.requests.average;
}

const port = await freePort();
const server = spawn(process.execPath, ['dist/server/main.js'], {
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: '',
    REDIS_URL: '',
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'sinalize-bench-')),
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
  },
  stdio: 'ignore',
});
try {
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      if (i > 240) throw new Error('server did not start');
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
  await fetch(`${base}/api/devices`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Bench', location: 'Bench', resolution: '1920x1080', authCode: '314159' }),
  });
  const { token } = (await (
    await fetch(`${base}/api/tv/authenticate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code: '314159' }),
    })
  ).json()) as { token: string };
  const first = await fetch(`${base}/api/tv/content`, { headers: { authorization: `Bearer ${token}` } });
  const etag = first.headers.get('etag')!;
  const headers = { authorization: `Bearer ${token}`, 'if-none-match': etag };

  // The baseline: a bare node:http server in its own process (like ours), answering the same 304
  // with the same headers. Sharing this process with autocannon would handicap it.
  const copied = Object.fromEntries(
    [...first.headers].filter(
      ([name]) =>
        !['content-length', 'content-type', 'date', 'connection', 'keep-alive', 'transfer-encoding'].includes(name),
    ),
  );
  const barePort = await freePort();
  const bare = spawn(
    process.execPath,
    [
      '-e',
      `require('node:http').createServer((q, r) => { r.writeHead(304, ${JSON.stringify(copied)}); r.end(); }).listen(${barePort}, '127.0.0.1')`,
    ],
    { stdio: 'ignore' },
  );
  let ours = 0;
  let baseline = 0;
  try {
    for (let i = 0; i < 40; i++) {
      try {
        await fetch(`http://127.0.0.1:${barePort}/`);
        break;
      } catch {
        await new Promise((r) => setTimeout(r, 100));
      }
    }
    await run(`${base}/api/tv/content`, headers); // warm-up (JIT, caches)
    ours = await run(`${base}/api/tv/content`, headers);
    baseline = await run(`http://127.0.0.1:${barePort}/`, headers);
  } finally {
    bare.kill('SIGTERM');
  }
  console.log(`${CONNECTIONS} conexões, ${DURATION_S} s cada:`);
  console.log(`  GET /api/tv/content (304): ${Math.round(ours)} req/s`);
  console.log(`  node:http puro (304):       ${Math.round(baseline)} req/s`);
  console.log(`  razão: ${(ours / baseline).toFixed(2)} (meta ≥ 0.80)`);
} finally {
  server.kill('SIGTERM');
}
