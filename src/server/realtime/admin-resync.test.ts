import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../test/eventually';
import { startFaultProxy, type FaultProxy } from '../test/fault-proxy';
import { createProcessDatabase, startServerProcess, type ServerProcess } from '../test/server-process';

const { DATABASE_URL, REDIS_URL } = process.env;
const ADMIN = { email: 'admin@ressincronia.teste', password: 'senha-da-ressincronia' };

/**
 * The admin screens after a Redis outage (docs/scaling.md, "When PostgreSQL or Redis goes away"):
 * what one process published while Redis was away never reached the other's admin sockets, so once
 * the bus is back every open admin socket, on both processes, is told to refetch (`resync`).
 * Process A reaches Redis directly, process B through a fault proxy.
 */
describe.skipIf(!DATABASE_URL || !REDIS_URL)('admin screens after a Redis outage', () => {
  let redis: FaultProxy;
  let a: ServerProcess;
  let b: ServerProcess;
  const sockets: WebSocket[] = [];

  beforeAll(async () => {
    const database = await createProcessDatabase(DATABASE_URL!, 'resync');
    redis = await startFaultProxy(REDIS_URL!);
    const env = {
      DATABASE_URL: database,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      SESSION_SECRET: 'r'.repeat(48),
    };
    a = await startServerProcess({ ...env, REDIS_URL: REDIS_URL! });
    b = await startServerProcess({ ...env, REDIS_URL: redis.url });
  }, 120_000);
  afterAll(async () => {
    sockets.forEach((s) => s.close());
    await Promise.all([a?.stop(), b?.stop()]);
    await redis?.close();
  });

  /** A signed-in admin socket on `server`, with every message it got. */
  async function adminSocket(server: ServerProcess) {
    const login = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    expect(login.status).toBe(200);
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
    const socket = new WebSocket(`${server.url.replace('http', 'ws')}/ws`, { headers: { cookie } });
    sockets.push(socket);
    const heard: Array<{ type: string }> = [];
    socket.on('message', (raw) => heard.push(JSON.parse(String(raw)) as { type: string }));
    await new Promise((resolve) => socket.once('open', resolve));
    return { cookie, heard, resyncs: () => heard.filter((m) => m.type === 'resync').length };
  }

  it('tells every open admin socket on both processes to refetch once Redis is back, and only then', async () => {
    const onA = await adminSocket(a);
    const onB = await adminSocket(b);

    redis.cut();
    // An edit on B while its Redis is away: its event never reaches A's screens.
    const created = await fetch(`${b.url}/api/device-groups`, {
      method: 'POST',
      headers: { cookie: onB.cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Grupo criado na queda' }),
    });
    expect(created.status).toBe(201);
    expect([onA.resyncs(), onB.resyncs()]).toEqual([0, 0]);
    redis.restore();

    await eventually(() => onB.resyncs() > 0, "B's admin socket told to refetch", 20_000);
    await eventually(() => onA.resyncs() > 0, "A's admin socket told to refetch", 20_000);
    // The sockets stay open: a refetch, not a reconnect.
    expect(sockets.every((s) => s.readyState === WebSocket.OPEN)).toBe(true);
  }, 60_000);
});
