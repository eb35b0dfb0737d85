import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../paths';
import { tvHeaders } from '../test/api-factories';
import { messages } from '../../contract/messages';
import { eventually } from '../test/eventually';
import { startFaultProxy, type FaultProxy } from '../test/fault-proxy';
import { createProcessDatabase, freePort, startServerProcess, type ServerProcess } from '../test/server-process';
import {
  clientAddress,
  findHaproxy,
  openSocket,
  HAPROXY_CONFIG,
  seenBy,
  send,
  startHaproxy,
  type Balancer,
  type SendOptions,
} from './haproxy-harness';

const { DATABASE_URL, REDIS_URL } = process.env;
const HAPROXY = findHaproxy();
const ADMIN = { email: 'admin@balanceador.teste', password: 'senha-do-balanceador' };
const LOGIN_BUDGET = 3;

describe('docs/scaling.md, "Behind a balancer: HAProxy"', () => {
  it('shows docs/haproxy.cfg as it is, the config the balancer test runs', () => {
    const doc = readFileSync(path.join(PROJECT_ROOT, 'docs/scaling.md'), 'utf8');
    expect(doc).toContain(`\`\`\`haproxy\n${readFileSync(HAPROXY_CONFIG, 'utf8')}\`\`\``);
  });
});

/** docs/scaling.md, "Behind a balancer: HAProxy": two real processes behind Debian's HAProxy on docs/haproxy.cfg. */
describe.skipIf(!DATABASE_URL || !REDIS_URL || !HAPROXY)('two server processes behind HAProxy', () => {
  let env: Record<string, string> = {};
  /** b reaches the database through a proxy that can cut it (its database away, a's not). */
  let databaseOfB: FaultProxy;
  const envOf = (name: 'a' | 'b') => (name === 'b' ? { ...env, DATABASE_URL: databaseOfB.url } : env);
  const processes: { a?: ServerProcess; b?: ServerProcess } = {};
  let ports = { a: 0, b: 0 };
  let balancer: Balancer;
  const through = (url: string, options: SendOptions = {}) => send(balancer.url, url, options);
  /** A request with an id of its own, and which process logged it (and the client address it saw). */
  const traced = async (url: string, options: SendOptions = {}) => {
    const id = randomUUID();
    const answer = await through(url, { ...options, headers: { ...options.headers, 'x-request-id': id } });
    return { ...answer, id };
  };
  const whoServed = (id: string) =>
    (['a', 'b'] as const).flatMap((name) => {
      const address = seenBy(processes[name]!.output(), id);
      return address === undefined ? [] : [{ name, address }];
    });

  const wsUrl = () => balancer.url.replace('http', 'ws');
  const signIn = async (from: string) => {
    const login = await through('/api/auth/login', { from, method: 'POST', body: ADMIN });
    expect(login.status).toBe(200);
    return String(login.headers['set-cookie']).split(';')[0]!;
  };
  /** A device created and paired through the balancer, as a TV pairs. */
  const pairTv = async (from: string, cookie: string, authCode: string) => {
    const created = await through('/api/devices', {
      from,
      method: 'POST',
      headers: { cookie },
      body: { name: `TV ${authCode}`, location: 'Loja', resolution: '1920x1080', authCode },
    });
    expect(created.status).toBe(201);
    const paired = await through('/api/tv/authenticate', { from, method: 'POST', body: { code: authCode } });
    expect(paired.status).toBe(200);
    return {
      device: (JSON.parse(created.body) as { id: number }).id,
      token: (JSON.parse(paired.body) as { token: string }).token,
    };
  };
  const heartbeat = async ({ socket, messages }: Awaited<ReturnType<typeof openSocket>>) => {
    const before = messages.filter((m) => m.type === 'heartbeat_ack').length;
    socket.send(JSON.stringify({ type: 'heartbeat' }));
    await eventually(() => messages.filter((m) => m.type === 'heartbeat_ack').length > before, 'heartbeat_ack', 15_000);
  };

  beforeAll(async () => {
    env = {
      DATABASE_URL: await createProcessDatabase(DATABASE_URL!, 'haproxy'),
      REDIS_URL: REDIS_URL!,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      SESSION_SECRET: 'b'.repeat(48),
      // HAProxy itself, named alone: a client on another loopback address is not trusted.
      TRUST_PROXY: '127.0.0.1',
      LOGIN_RATE_LIMIT: String(LOGIN_BUDGET),
      // The "incoming request" lines tell which process served a request, and whom it saw.
      LOG_LEVEL: 'debug',
    };
    ports = { a: await freePort(), b: await freePort() };
    // One after the other: the first applies the migrations and creates the admin.
    databaseOfB = await startFaultProxy(env.DATABASE_URL!);
    processes.a = await startServerProcess(envOf('a'), ports.a);
    processes.b = await startServerProcess(envOf('b'), ports.b);
    balancer = await startHaproxy(HAPROXY!, {
      bind: `127.0.0.1:${await freePort()}`,
      processA: `127.0.0.1:${ports.a}`,
      processB: `127.0.0.1:${ports.b}`,
    });
  }, 60_000);

  afterAll(async () => {
    await balancer?.stop();
    await Promise.all([processes.a?.stop(), processes.b?.stop()]);
    await databaseOfB?.close();
  });

  it('spreads requests over both processes, which see the client address, not the balancer', async () => {
    const client = clientAddress();
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) {
      const answer = await traced('/api/health', { from: client });
      expect(answer.status).toBe(200);
      expect(answer.headers['x-request-id']).toBe(answer.id);
      ids.push(answer.id);
    }
    // A log line may reach us through the pipe just after the answer.
    await eventually(() => ids.every((id) => whoServed(id).length === 1), 'each request in one process log');
    const served = ids.flatMap(whoServed);
    expect(new Set(served.map((s) => s.name))).toEqual(new Set(['a', 'b']));
    expect(new Set(served.map((s) => s.address))).toEqual(new Set([client]));
  });

  it('upgrades WebSockets: an admin socket hears a TV pair, the TV socket gets its heartbeat ack', async () => {
    const from = clientAddress();
    const cookie = await signIn(from);
    const admin = await openSocket(`${wsUrl()}/ws`, { cookie }, from);
    const { device, token } = await pairTv(from, cookie, '737373');
    await eventually(
      () => admin.messages.some((m) => m.type === 'device_update' && m.deviceId === device && m.status === 'online'),
      'device_update on the admin socket',
      15_000,
    );
    const tv = await openSocket(`${wsUrl()}/ws/device`, tvHeaders(token), from);
    await heartbeat(tv);
    admin.socket.close();
    tv.socket.close();
    await Promise.all([admin.closed, tv.closed]);
  });

  it("keys the login limit on each client's address, which a forged X-Forwarded-For does not change", async () => {
    const [first, second] = [clientAddress(), clientAddress()];
    const attempt = (from: string, headers: Record<string, string> = {}) =>
      through('/api/auth/login', {
        from,
        method: 'POST',
        headers,
        body: { email: `${randomUUID()}@balanceador.teste`, password: 'errada-de-proposito' },
      }).then((answer) => answer.status);
    for (let i = 0; i < LOGIN_BUDGET; i++) expect(await attempt(first)).toBe(401);
    expect(await attempt(first)).toBe(429);
    // The frontend drops what the client sent before HAProxy appends the real address.
    expect(await attempt(first, { 'x-forwarded-for': '203.0.113.9' })).toBe(429);
    // Another client has a budget of its own: the processes do not see everyone as HAProxy.
    expect(await attempt(second)).toBe(401);
  });

  it('keeps a process whose database is away in rotation: its clients get the pt-BR 503 JSON, not HAProxy’s page', async () => {
    const from = clientAddress();
    const direct = () => fetch(`http://127.0.0.1:${ports.b}/api/health`).then((answer) => answer.status);
    databaseOfB.cut();
    try {
      await eventually(async () => (await direct()) === 503, "b's health answering 503", 15_000);
      // HAProxy's own checks come from 127.0.0.1 (clients from other addresses): three of them
      // answered 503 is past `fall 2`, so b would be out by now if a 503 took it out.
      const since = processes.b!.output().length;
      const checks = () =>
        processes
          .b!.output()
          .slice(since)
          .split('\n')
          .filter((line) => line.includes('"url":"/api/health"') && line.includes('"remoteAddress":"127.0.0.1"'))
          .length;
      await eventually(() => checks() >= 3, "three of HAProxy's checks answered by b", 15_000);
      expect(balancer.output()).not.toMatch(/process_b is DOWN/);

      // Requests reach b and get its own answer; a's are unaffected.
      const answers: Array<Awaited<ReturnType<typeof traced>>> = [];
      await eventually(async () => {
        answers.push(await traced('/api/health', { from }));
        return answers.some(({ id }) => whoServed(id)[0]?.name === 'b');
      }, 'a request served by b');
      await eventually(() => answers.every(({ id }) => whoServed(id).length === 1), 'each request in one log');
      for (const answer of answers) {
        const byB = whoServed(answer.id)[0]!.name === 'b';
        expect(answer.status).toBe(byB ? 503 : 200);
        if (byB)
          expect(JSON.parse(answer.body)).toMatchObject({
            message: messages.unavailable.database,
            code: 'SERVICE_UNAVAILABLE',
          });
      }
    } finally {
      databaseOfB.restore();
    }
    await eventually(async () => (await direct()) === 200, "b's database back", 15_000);
  });

  it('takes a process killed with -9 out without a failed request, its TV reconnects through, and puts it back once restarted', async () => {
    const from = clientAddress();
    const { token } = await pairTv(from, await signIn(from), '747474');
    // The process holding this TV's socket is the one killed.
    const tv = await openSocket(`${wsUrl()}/ws/device`, tvHeaders(token), from);
    await eventually(() => whoServed(tv.id).length === 1, 'the upgrade in one process log');
    const victim = whoServed(tv.id)[0]!.name;
    const survivor = victim === 'a' ? 'b' : 'a';
    const marked = (state: 'DOWN' | 'UP') => () =>
      balancer.output().includes(`sinalize_processes/process_${victim} is ${state}`);

    const answers: Array<{ status: number; id: string }> = [];
    let polling = true;
    const poll = (async () => {
      while (polling) answers.push(await traced('/api/health', { from }).catch(() => ({ status: 0, id: '' })));
    })();
    // Declared here so a failed wait below still ends the loop.
    let takenOutMs = 0;
    let putBackMs = 0;
    try {
      const killedAt = Date.now();
      processes[victim]!.child.kill('SIGKILL');
      await tv.closed;
      // The player reconnects at once: through HAProxy, to the process still alive.
      const again = await openSocket(`${wsUrl()}/ws/device`, tvHeaders(token), from);
      await heartbeat(again);
      await eventually(() => whoServed(again.id)[0]?.name === survivor, 'the TV back on the survivor');
      again.socket.close();
      await processes[victim]!.stop();

      await eventually(marked('DOWN'), 'HAProxy taking the killed process out', 15_000);
      takenOutMs = Date.now() - killedAt;
      // By the refused connections themselves (`observe layer4`), not two health checks later.
      expect(balancer.output()).toMatch(new RegExp(`process_${victim} is DOWN, reason: Health analyze`));
      const sentWhileOut = answers.length;
      await eventually(() => answers.length >= sentWhileOut + 5, 'requests while it is out', 10_000);
      const whileOut = answers.slice(sentWhileOut, sentWhileOut + 5);
      await eventually(
        () => whileOut.every(({ id }) => whoServed(id)[0]?.name === survivor),
        'the survivor serving all',
      );

      processes[victim] = await startServerProcess(envOf(victim), ports[victim]);
      const answeringAt = Date.now();
      await eventually(marked('UP'), 'HAProxy putting the restarted process back', 15_000);
      putBackMs = Date.now() - answeringAt;
      const backFrom = answers.length;
      await eventually(
        () => answers.slice(backFrom).some(({ id }) => whoServed(id)[0]?.name === victim),
        'a request reaching the restarted process',
        10_000,
      );
    } finally {
      polling = false;
      await poll;
    }

    expect(answers.filter((a) => a.status !== 200)).toEqual([]);
    // Its httplog lines: retries "+N" mark a request refused by the dead process and sent on to
    // the other, so the requests above did meet the dead process before it was taken out.
    const redispatched = balancer.output().match(/ \d+\/\d+\/\d+\/\d+\/\+\d+ /g)?.length ?? 0;
    expect(redispatched).toBeGreaterThan(0);
    console.info(
      `HAProxy: process_${victim} out ${takenOutMs} ms after kill -9, back ${putBackMs} ms after it answered again; ` +
        `${answers.length} requests, none failed, ${redispatched} of them refused by the dead process and redispatched`,
    );
  }, 45_000);
});
