import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../test/eventually';
import { startFaultProxy, type FaultProxy } from '../../test/fault-proxy';
import { createProcessDatabase, startServerProcess, type ServerProcess } from '../../test/server-process';
import { SimulatedTv } from '../../test/simulated-tv';

const { DATABASE_URL } = process.env;
const ADMIN = { email: 'admin@batimentos.teste', password: 'senha-dos-batimentos' };
const TVS = 3;

/**
 * A database outage under connected TVs (docs/scaling.md, "When PostgreSQL or Redis goes away"):
 * every heartbeat of a TV that must be marked online fails, and each one logged at error level
 * would flood the log. They are warnings, one per interval per process, with how many failed.
 */
describe.skipIf(!DATABASE_URL)('heartbeats failing while the database is away', () => {
  let database: FaultProxy;
  let server: ServerProcess;
  let cookie: string;
  const tvs: SimulatedTv[] = [];

  beforeAll(async () => {
    database = await startFaultProxy(await createProcessDatabase(DATABASE_URL!, 'heartbeats'));
    server = await startServerProcess({
      DATABASE_URL: database.url,
      REDIS_URL: '',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      SESSION_SECRET: 'h'.repeat(48),
      PAIRING_RATE_LIMIT: '1000',
    });
    const login = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
    for (let i = 0; i < TVS; i++) {
      const authCode = String(320_000 + i);
      const created = await fetch(`${server.url}/api/devices`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ name: `TV ${i + 1}`, location: 'Loja', resolution: '1920x1080', authCode }),
      });
      expect(created.status).toBe(201);
      const paired = await fetch(`${server.url}/api/tv/authenticate`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ code: authCode }),
      });
      const { token } = (await paired.json()) as { token: string };
      tvs.push(new SimulatedTv(server.url, token, 1));
    }
    const started = Date.now();
    tvs.forEach((tv) => tv.start());
    await eventually(() => tvs.every((tv) => tv.ackedSince(started)), 'the TVs online', 30_000);
  }, 120_000);

  afterAll(async () => {
    tvs.forEach((tv) => tv.stop());
    await server?.stop();
    await database?.close();
  });

  const logged = () =>
    server
      .output()
      .split('\n')
      .filter((line) => line.includes('heartbeat failed'))
      .map((line) => JSON.parse(line) as { level: number; count?: number });

  it('logs one warning with a count, not an error per heartbeat', async () => {
    // The TVs go away until the server marks them offline: back, each must be marked online.
    tvs.forEach((tv) => tv.pause());
    tvs.forEach((tv) => tv.drop());
    await eventually(
      async () => {
        const res = await fetch(`${server.url}/api/devices`, { headers: { cookie } });
        const list = (await res.json()) as Array<{ status: string }>;
        return list.length === TVS && list.every((d) => d.status !== 'online');
      },
      'the TVs offline',
      40_000,
    );
    database.cut();
    tvs.forEach((tv) => tv.resume());
    await eventually(() => logged().length > 0, 'a heartbeat failed', 20_000);
    // Every TV heartbeats every 2 s: an error per heartbeat would show within a few seconds. An
    // absence can only be watched over a while.
    await new Promise((resolve) => setTimeout(resolve, 6000));
    database.restore();
    const lines = logged();
    expect(lines.filter((line) => line.level >= 50)).toEqual([]);
    expect(lines).toHaveLength(1);
    expect(lines[0]!.count).toBeGreaterThanOrEqual(1);
  }, 90_000);
});
