// Lighthouse on the signed-in dashboard (docs/benchmarks.md#targets: performance ≥ 0.90 with Debian Chromium).
// Measures, never gates. Same options as bench/lighthouse-landing.mjs (RUNS, PRESET, REPORT_DIR,
// CHROMIUM_PATH), plus DEVICES (50 by default):
//
//   npm run bench:lighthouse:dashboard
//
// It signs in as the first admin through the API, adds DEVICES devices, and gives Lighthouse the
// session cookie as an extra header. Lighthouse clears the origin's storage before each run, so the
// page starts with no remembered user: the first visit on a browser where only the cookie exists
// (the slowest signed-in path: nothing to paint before /api/auth/me answers).
import { ADMIN, runLighthouseBench } from './lighthouse-lib.mjs';

const DEVICES = Math.max(0, Number(process.env.DEVICES ?? 50));

async function signInAndSeed(origin) {
  const login = await fetch(`${origin}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  if (!login.ok) throw new Error(`sign-in failed: ${login.status} ${await login.text()}`);
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0];
  for (let i = 0; i < DEVICES; i++) {
    const body = {
      name: `TV ${String(i + 1).padStart(2, '0')} · Recepção`,
      location: `Loja ${(i % 7) + 1}`,
      resolution: '1920x1080',
      authCode: String(200000 + i),
    };
    const res = await fetch(`${origin}/api/devices`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`adding a device failed: ${res.status} ${await res.text()}`);
  }
  return { Cookie: cookie };
}

await runLighthouseBench({ name: 'dashboard', pathname: '/dashboard', target: '≥ 0.90', prepare: signInAndSeed });
