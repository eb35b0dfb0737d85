/**
 * Content fan-out (issue 25, docs/benchmarks.md): N simulated TVs (default 1,000) show a playlist
 * with a ticker; its lines change through the API (what a script of the day's specials does, and
 * the same path a feed's new items take: `playlist.changed` → every manifest that shows it). The
 * figure is the time from the change to the new manifest on each TV's socket, with the new lines.
 *
 *   npm run bench:content-fanout -- --devices 1000
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { startSimulator, type SimulatedDevice } from '../scripts/device-simulator';
import { formatStats, freePort, pool, sleep, stats, waitForOk } from './lib';

const { values } = parseArgs({ options: { devices: { type: 'string', default: '1000' } } });
const N = Number(values.devices);
const ADMIN = { email: 'admin@bench.local', password: 'senha-do-benchmark' };

async function startServer(): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'sinalize-bench-')),
      DATABASE_URL: '',
      REDIS_URL: '',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      PAIRING_RATE_LIMIT: '100000',
      PAIRING_GLOBAL_RATE_LIMIT: '100000',
      LOGIN_RATE_LIMIT: '1000',
    },
    stdio: 'ignore',
  });
  const url = `http://127.0.0.1:${port}`;
  await waitForOk(`${url}/api/health`, 180_000);
  return { url, child };
}

const tickerLines = (device: SimulatedDevice) => {
  const item = device.manifest?.windows[0]?.items[0];
  return item?.content?.kind === 'ticker' ? item.content.options.lines.join(' | ') : null;
};

const server = await startServer();
try {
  const login = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
  const api = async <T>(p: string, method: string, body: unknown) => {
    const res = await fetch(`${server.url}${p}`, {
      method,
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${p}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };
  const ticker = await api<{ id: number }>('/api/media/content', 'POST', {
    kind: 'ticker',
    name: 'Ofertas do dia',
    options: { lines: ['Café R$ 5'] },
  });
  const playlist = await api<{ id: number }>('/api/playlists', 'POST', {
    name: 'Letreiro',
    items: [{ mediaId: ticker.id, duration: 30 }],
  });

  const simulator = await startSimulator({ baseUrl: server.url, ...ADMIN, devices: N, prefix: 'Fanout' });
  await pool(simulator.devices, 16, async (d) => {
    await api(`/api/devices/${d.id}`, 'PATCH', { assignedPlaylistId1: playlist.id, assignedPlaylistId2: null });
  });
  const before = 'Café R$ 5';
  for (let i = 0; simulator.devices.some((d) => tickerLines(d) !== before); i++) {
    if (i > 600) throw new Error('nem todas as TVs receberam o letreiro');
    await sleep(100);
  }

  const after = ['Suco R$ 7', 'Pão de queijo R$ 4'].join(' | ');
  const changedAt = Date.now();
  await api(`/api/media/${ticker.id}`, 'PUT', { options: { lines: after.split(' | ') } });
  const reached = () => simulator.devices.filter((d) => tickerLines(d) === after);
  for (const started = Date.now(); reached().length < N && Date.now() - started < 30_000;) await sleep(50);
  await simulator.stop();

  // Each TV's first manifest after the change (the simulator stamps each on arrival).
  const arrivals = reached().map((d) => d.manifests.find((m) => m.at >= changedAt)!.at);
  const latencies = arrivals.map((at) => at - changedAt);
  const all = latencies.length === N ? Math.max(...latencies) : NaN;
  console.log(`letreiro alterado → manifesto novo nas TVs (${arrivals.length}/${N}): ${formatStats(stats(latencies))}`);
  console.log(
    `carga da máquina (1, 5, 15 min): ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  console.log(`todas as ${N} TVs com o conteúdo novo em ${Number.isNaN(all) ? 'não alcançado' : `${all} ms`}`);
} finally {
  server.child.kill('SIGTERM');
}
