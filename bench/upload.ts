/**
 * A 100 MB upload (docs/benchmarks.md#targets): our `POST /api/media/upload` against a bare node:http server that
 * streams the same multipart request to disk, same client, same file, each server in its own process.
 * Targets: ≥ 0.5 × the bare server's throughput; the server's resident memory grows < 64 MB.
 *
 *   npm run build && npm run bench:upload      # RUNS=3 by default
 *
 * The file is a real QuickTime video (raw frames, so it is made in seconds, and ~100 MB), because the
 * server accepts only real media. The upload answers once the file is stored (docs/media.md#upload); its
 * processing (duration, poster, the index-first rewrite) runs after, in the background queue. The
 * timed figure is the upload; between runs the benchmark waits for the item to be 'ready' (so a run
 * never competes with the previous one's processing) and reports that time apart. The RSS is
 * sampled throughout, processing included. Prints its figures last.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { createReadStream, existsSync, mkdtempSync, statSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { ffmpegBinaries } from '../src/server/features/media/ffmpeg';
import { freePort, rssMb, sleep, waitForOk } from './lib';

const RUNS = Number(process.env.RUNS ?? 3);
const ADMIN = { email: 'admin@upload.local', password: 'senha-do-benchmark' };
const SERVER = path.resolve('dist/server/main.js');
if (!existsSync(SERVER)) throw new Error('Rode `npm run build` antes (o benchmark mede o servidor compilado).');

const dir = mkdtempSync(path.join(os.tmpdir(), 'sinalize-upload-bench-'));
const file = path.join(dir, 'grande.mov');
// 1280×720 raw 4:2:2 frames are 1.84 MB each: 52 frames ≈ 96 MB (under the 100 MiB limit).
execFileSync(ffmpegBinaries().ffmpeg, [
  '-v',
  'error',
  '-f',
  'lavfi',
  '-i',
  'testsrc2=size=1280x720:rate=24',
  '-frames:v',
  '52',
  '-c:v',
  'rawvideo',
  '-pix_fmt',
  'uyvy422',
  '-y',
  file,
]);
const size = statSync(file).size;

/** Sends the file as one multipart part, streamed from disk; resolves with the status and ms taken. */
function send(url: string, headers: Record<string, string>): Promise<{ status: number; ms: number; body: string }> {
  const boundary = `----bench${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="grande.mov"\r\nContent-Type: video/quicktime\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.request(url, {
      method: 'POST',
      headers: {
        ...headers,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(head.length + size + tail.length),
      },
    });
    req.on('response', (res) => {
      let body = '';
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started, body }));
    });
    req.on('error', reject);
    req.write(head);
    const stream = createReadStream(file);
    stream.pipe(req, { end: false });
    stream.on('end', () => req.end(tail));
  });
}

/** Polls the media list until the item is no longer 'processing'; resolves with the ms it took. */
async function untilProcessed(base: string, cookie: string, id: number): Promise<number> {
  const started = performance.now();
  for (;;) {
    const list = (await (await fetch(`${base}/api/media`, { headers: { cookie } })).json()) as Array<{
      id: number;
      status: string;
    }>;
    const status = list.find((m) => m.id === id)?.status;
    if (status === 'failed') throw new Error(`mídia ${id} falhou no processamento`);
    if (status !== 'processing') return performance.now() - started;
    await sleep(50);
  }
}

/**
 * Runs `upload` RUNS times while sampling the server's RSS; returns MB/s (median) and RSS growth.
 * `settle` runs after each upload, untimed (our server: waits for the processing to end).
 */
async function measure(
  pid: number,
  upload: () => Promise<{ status: number; ms: number; body: string }>,
  okStatus: number,
  settle: (body: string) => Promise<unknown> = async () => undefined,
) {
  const before = rssMb(pid).rss;
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid).rss)), 20);
  const speeds: number[] = [];
  try {
    for (let i = 0; i < RUNS; i++) {
      const r = await upload();
      if (r.status !== okStatus) throw new Error(`resposta ${r.status}: ${r.body.slice(0, 200)}`);
      speeds.push(size / 1024 / 1024 / (r.ms / 1000));
      await settle(r.body);
    }
  } finally {
    clearInterval(sampler);
  }
  speeds.sort((a, b) => a - b);
  return { mbps: speeds[Math.floor(speeds.length / 2)]!, all: speeds, growth: peak - before };
}

const children: ChildProcess[] = [];
try {
  // Ours: the built server on PGlite, a large enough quota for every run.
  const port = await freePort();
  const ours = spawn(process.execPath, [SERVER], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(dir, 'data'),
      DATABASE_URL: '',
      REDIS_URL: '',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      STORAGE_QUOTA_BYTES: String(10 * 1024 ** 3),
      UPLOAD_RATE_LIMIT: '1000',
    },
    stdio: 'ignore',
  });
  children.push(ours);
  const base = `http://127.0.0.1:${port}`;
  await waitForOk(`${base}/api/health`);
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
  const warm = await send(`${base}/api/media/upload`, { cookie }); // warm-up (first ffprobe, JIT)
  await untilProcessed(base, cookie, (JSON.parse(warm.body) as { id: number }).id);

  // The baseline: request body piped to a file, nothing else.
  const barePort = await freePort();
  const bareScript = `
    const http = require('node:http'); const fs = require('node:fs'); let n = 0;
    http.createServer((req, res) => {
      const out = fs.createWriteStream(process.argv[1] + '/bare-' + (n++));
      req.pipe(out);
      out.on('finish', () => { res.writeHead(201, { 'content-type': 'application/json' }); res.end('{}'); });
    }).listen(${barePort}, '127.0.0.1');`;
  const bare = spawn(process.execPath, ['-e', bareScript, dir], { stdio: 'ignore' });
  children.push(bare);
  await waitForOk(`http://127.0.0.1:${barePort}/`);
  await send(`http://127.0.0.1:${barePort}/`, {});

  const processingMs: number[] = [];
  const measuredOurs = await measure(
    ours.pid!,
    () => send(`${base}/api/media/upload`, { cookie }),
    201,
    async (body) => {
      processingMs.push(await untilProcessed(base, cookie, (JSON.parse(body) as { id: number }).id));
    },
  );
  const measuredBare = await measure(bare.pid!, () => send(`http://127.0.0.1:${barePort}/`, {}), 201);
  const ratio = measuredOurs.mbps / measuredBare.mbps;
  const load = os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
  console.log(`arquivo: ${(size / 1024 / 1024).toFixed(1)} MB, ${RUNS} envios cada; carga (1/5/15 min): ${load}`);
  console.log(
    `  Sinalize:        ${measuredOurs.all.map((s) => s.toFixed(0)).join(', ')} MB/s; RSS cresceu ${measuredOurs.growth.toFixed(1)} MB`,
  );
  console.log(`  node:http puro:  ${measuredBare.all.map((s) => s.toFixed(0)).join(', ')} MB/s`);
  console.log(
    `  processamento depois da resposta (duração, pôster, índice no início): ${processingMs.map((ms) => (ms / 1000).toFixed(1)).join(', ')} s`,
  );
  console.log(
    `upload 100 MB: razão ${ratio.toFixed(2)} (meta ≥ 0.50), RSS +${measuredOurs.growth.toFixed(1)} MB (meta < 64 MB)`,
  );
} finally {
  for (const child of children) child.kill('SIGKILL');
}
