// Shared by the Lighthouse benchmarks (bench/lighthouse-landing.mjs, bench/lighthouse-dashboard.mjs):
// starts the built server on a spare port with a throw-away DATA_DIR, runs Lighthouse through
// chrome-launcher with Debian's Chromium (mobile default, then the desktop preset), one discarded
// warm-up and RUNS measured runs per preset, prints the median run by performance score, and stops
// everything. It measures, it never gates: the process exits 0 whatever the scores.
//
//   RUNS=1                      measured runs per preset (3 by default)
//   CHROMIUM_PATH=/path/to/chromium
//   REPORT_DIR=/tmp/lh          also writes each median report (.json and .html)
//   PRESET=mobile               only one preset (mobile or desktop)
//
// Lighthouse's default throttling is simulated (Slow 4G and a 4x slower CPU for mobile): the numbers
// do not depend on this machine's network, but they do drift with its CPU load.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig, generateReport } from 'lighthouse';
import { CHROMIUM_ARGS } from './chromium-flags.mjs';

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const METRICS = [
  ['first-contentful-paint', 'FCP'],
  ['largest-contentful-paint', 'LCP'],
  ['total-blocking-time', 'TBT'],
  ['cumulative-layout-shift', 'CLS'],
  ['speed-index', 'SI'],
];
export const ADMIN = { email: 'admin@lighthouse.local', password: 'lighthouse-senha-123' };

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function waitForHealth(url, server, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with code ${server.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the server did not answer ${url} within ${timeoutMs} ms`);
}

const median = (runs) =>
  [...runs].sort((a, b) => a.categories.performance.score - b.categories.performance.score)[
    Math.floor(runs.length / 2)
  ];
const score = (lhr, id) => (lhr.categories[id]?.score ?? NaN).toFixed(2);

function printReport(name, label, runs) {
  const lhr = median(runs);
  if (process.env.REPORT_DIR) {
    const base = path.join(process.env.REPORT_DIR, `${name}-${label.split(' ')[0]}`);
    mkdirSync(process.env.REPORT_DIR, { recursive: true });
    writeFileSync(`${base}.json`, JSON.stringify(lhr));
    writeFileSync(`${base}.html`, generateReport(lhr, 'html'));
  }
  console.log(
    `\n${label} (median of ${runs.length} by performance; all runs: ${runs.map((r) => score(r, 'performance')).join(', ')})`,
  );
  // Lighthouse's own CPU benchmark of this machine during the run: lower means busier or slower, and
  // the simulated CPU times (TBT above all) grow with it.
  console.log(`  CPU benchmark index ${runs.map((r) => Math.round(r.environment.benchmarkIndex)).join(', ')}`);
  for (const id of CATEGORIES) console.log(`  ${lhr.categories[id].title.padEnd(16)} ${score(lhr, id)}`);
  console.log(`  ${METRICS.map(([id, name]) => `${name} ${lhr.audits[id].displayValue}`).join(' · ')}`);
  const failed = Object.values(lhr.audits).filter(
    (a) =>
      a.score !== null &&
      a.score < 0.9 &&
      a.scoreDisplayMode !== 'informative' &&
      a.scoreDisplayMode !== 'manual' &&
      a.scoreDisplayMode !== 'notApplicable',
  );
  if (failed.length) console.log(`  below 0.9: ${failed.map((a) => a.id).join(', ')}`);
  return score(lhr, 'performance');
}

/**
 * Scores `pathname` on a fresh server. `prepare(origin)` runs once the server is up and may return
 * headers every Lighthouse request carries (the dashboard's session cookie).
 */
export async function runLighthouseBench({ name, pathname, target, prepare }) {
  const RUNS = Math.max(1, Number(process.env.RUNS ?? 3));
  const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(chromePath)) {
    console.log(
      `Chromium not found at ${chromePath} (apt-get install -y chromium, or set CHROMIUM_PATH); nothing measured.`,
    );
    return;
  }
  if (!existsSync('dist/web/index.html') || !existsSync('dist/server/main.js')) {
    console.log('dist/ is missing: running npm run build first.');
    const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }

  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sinalize-lighthouse-'));
  const server = spawn(process.execPath, ['dist/server/main.js'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  let chrome;
  const figures = [];
  try {
    const origin = `http://127.0.0.1:${port}`;
    await waitForHealth(`${origin}/api/health`, server);
    const extraHeaders = (await prepare?.(origin)) ?? undefined;
    chrome = await chromeLauncher.launch({ chromePath, chromeFlags: CHROMIUM_ARGS });
    const flags = {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: CATEGORIES,
      ...(extraHeaders ? { extraHeaders } : {}),
    };
    console.log(
      `Lighthouse ${(await import('lighthouse/package.json', { with: { type: 'json' } })).default.version} on ${origin}${pathname} with ${chromePath} (load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')})`,
    );
    const presets = [
      ['mobile (Lighthouse default: Moto G Power, Slow 4G, 4x CPU)', undefined],
      ['desktop', desktopConfig],
    ].filter(([label]) => !process.env.PRESET || label.startsWith(process.env.PRESET));
    for (const [label, config] of presets) {
      // One warm-up run (server, disk cache and Chromium start cold), then RUNS measured ones; a run that
      // Lighthouse itself reports as broken (e.g. NO_NAVSTART on a busy machine) is retried.
      const runs = [];
      let attempts = 0;
      while (runs.length < RUNS + 1 && attempts < RUNS + 4) {
        attempts++;
        const result = await lighthouse(`${origin}${pathname}`, flags, config);
        if (!result || result.lhr.runtimeError) {
          console.log(
            `  (a ${label.split(' ')[0]} run failed: ${result?.lhr.runtimeError?.message ?? 'no result'}; retrying)`,
          );
          continue;
        }
        runs.push(result.lhr);
      }
      if (runs.length < 2) throw new Error(`Lighthouse could not complete the ${label} runs`);
      figures.push(`${label.split(' ')[0]} ${printReport(name, label, runs.slice(1))}`);
    }
  } catch (error) {
    console.error(`bench:lighthouse (${name}): ${error instanceof Error ? error.message : error}`);
  } finally {
    await chrome?.kill();
    server.kill('SIGTERM');
    await new Promise((r) => (server.exitCode !== null ? r() : server.once('exit', r)));
    rmSync(dataDir, { recursive: true, force: true });
  }
  // The figure last, on one line (the target of docs/benchmarks.md#targets beside it).
  if (figures.length)
    console.log(
      `\n${name} performance (median): ${figures.join(' · ')} (target ${target}; load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')})`,
    );
}
