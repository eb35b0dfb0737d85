import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../test/eventually';
import { startFaultProxy, type FaultProxy } from '../test/fault-proxy';
import { createProcessDatabase, startServerProcess, type ServerProcess } from '../test/server-process';

const { DATABASE_URL, REDIS_URL } = process.env;
const ADMIN = { email: 'admin@ressincronia.teste', password: 'senha-da-ressincronia' };

/**
 * The admin screens after a Redis outage (docs/scaling.md, "When PostgreSQL or Redis goes away"):
 * what one process published while Redis was away never reached the others' admin sockets, so once
 * the bus is back every open admin socket is told to refetch (`resync`), exactly once: N processes
 * back from one outage must not make every screen refetch N times. Process A reaches Redis directly,
 * B and C through a fault proxy.
 */
describe.skipIf(!DATABASE_URL || !REDIS_URL)('admin screens after a Redis outage', () => {
  let redis: FaultProxy;
  let a: ServerProcess;
  let b: ServerProcess;
  let c: ServerProcess;
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
    [b, c] = await Promise.all([
      startServerProcess({ ...env, REDIS_URL: redis.url }),
      startServerProcess({ ...env, REDIS_URL: redis.url }),
    ]);
  }, 120_000);
  afterAll(async () => {
    sockets.forEach((s) => s.close());
    await Promise.all([a?.stop(), b?.stop(), c?.stop()]);
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

  /** Creates a device group on `server` (an event on its bus). */
  const createGroup = async (server: ServerProcess, cookie: string, name: string) => {
    const created = await fetch(`${server.url}/api/device-groups`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ name }),
    });
    expect(created.status).toBe(201);
  };

  it('tells every open admin socket on every process to refetch, once or twice, when Redis is back', async () => {
    const onA = await adminSocket(a);
    const onB = await adminSocket(b);
    const onC = await adminSocket(c);
    const counts = () => [onA.resyncs(), onB.resyncs(), onC.resyncs()];

    redis.cut();
    // Edits on B and C while their Redis is away: their events never reach the other screens.
    await createGroup(b, onB.cookie, 'Grupo criado na queda (B)');
    await createGroup(c, onC.cookie, 'Grupo criado na queda (C)');
    expect(counts()).toEqual([0, 0, 0]);
    redis.restore();

    await eventually(() => counts().every((n) => n > 0), 'every admin socket told to refetch', 20_000);
    // Each process resyncs for its own subscription and for each other process's lost publishes,
    // coalesced over 2 s. On a quiet machine that is one resync each; on a loaded one a process's
    // announcement can land after its neighbour's window closed, which costs one more refetch,
    // never one per process and event. An absence can only be watched over a while.
    await new Promise((resolve) => setTimeout(resolve, 5000));
    for (const count of counts()) expect(count).toBeLessThanOrEqual(2);
    // The sockets stay open: a refetch, not a reconnect.
    expect(sockets.every((s) => s.readyState === WebSocket.OPEN)).toBe(true);
  }, 60_000);
});
