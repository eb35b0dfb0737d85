import type { WebSocket } from 'ws';
import { describe, expect, it } from 'vitest';
import { messages } from '../../../contract/messages';
import { signedInUser } from '../../test/factories';
import { recordingSleep } from '../../test/recording-sleep';
import { useTestApp } from '../../test/test-app';
import { eventually } from '../../test/eventually';
import { tvHeaders } from '../../test/api-factories';

const deviceBody = (authCode: string) => ({ name: 'TV', location: 'Loja', resolution: '1920x1080', authCode });

/** docs/tv-protocol.md#pairing: a code pairs one TV; knowing (or probing) a code gives no way into a live screen. */
describe('code takeover', () => {
  // Refusals wait through a recorder, not a timer: a minute's delay costs the test nothing.
  const delays = recordingSleep();
  const t = useTestApp(
    {
      codeConflictLimitPerHour: 3,
      tv: {
        flushIntervalMs: 1000,
        offlineAfterMs: 45_000,
        pairing: { perAddressPerMinute: 1000, globalPerMinute: 1000, failureDelayMs: 60_000 },
      },
    },
    { sleep: delays.sleep },
  );
  const authenticate = (code: string) =>
    t.app.inject({ method: 'POST', url: '/api/tv/authenticate', payload: { code } });

  it("user B can neither map codes nor take user A's paired screen; Desconectar re-arms, a new code revokes", async () => {
    const a = await signedInUser(t.app, t.database);
    const b = await signedInUser(t.app, t.database);
    const code = '314159';
    const device = (
      await t.app.inject({
        method: 'POST',
        url: '/api/devices',
        headers: { cookie: a.cookie },
        payload: deviceBody(code),
      })
    ).json();
    expect(device.paired).toBe(false);

    // TV1 pairs with A's code and holds a socket.
    const first = await authenticate(code);
    expect(first.statusCode).toBe(200);
    const token1: string = first.json().token;
    const socket: WebSocket = await t.app.injectWS('/ws/device', { headers: tvHeaders(token1) });
    let socketClosed = false;
    socket.on('close', () => (socketClosed = true));
    const got = await t.app.inject({ method: 'GET', url: `/api/devices/${device.id}`, headers: { cookie: a.cookie } });
    expect(got.json().paired).toBe(true);
    expect(got.json()).not.toHaveProperty('tokenHash');

    // B probes: each 409 is budgeted (3 here), then 429 with Retry-After whatever the code.
    const probe = (authCode: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/devices',
        headers: { cookie: b.cookie },
        payload: deviceBody(authCode),
      });
    for (let i = 0; i < 3; i++) {
      const res = await probe(code);
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('AUTH_CODE_DUPLICATE');
    }
    const limited = await probe(code);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ message: messages.devices.codeConflictsExhausted, code: 'RATE_LIMITED' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // A free code is refused too once the budget is spent: 201 vs 429 would still tell codes apart.
    expect((await probe('271828')).statusCode).toBe(429);
    // The budget is per user: A is not affected.
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/devices',
          headers: { cookie: a.cookie },
          payload: deviceBody(code),
        })
      ).statusCode,
    ).toBe(409);

    // TV2 typing A's (spent) code is refused exactly like a wrong code.
    delays.waits.length = 0;
    const takeover = await authenticate(code);
    expect(takeover.statusCode).toBe(401);
    const wrong = await authenticate('000000');
    expect(takeover.json()).toEqual(wrong.json());
    // Both awaited the same constant delay (what is left of the minute after the lookup) before answering.
    expect(delays.waits).toEqual([
      expect.objectContaining({ awaited: true }),
      expect.objectContaining({ awaited: true }),
    ]);
    for (const { ms } of delays.waits) expect(ms).toBeGreaterThan(50_000);

    // TV1 keeps working: content answers, its socket stays open.
    expect((await t.app.inject({ method: 'GET', url: '/api/tv/content', headers: tvHeaders(token1) })).statusCode).toBe(
      200,
    );
    socket.send(JSON.stringify({ type: 'heartbeat' }));
    const acks: unknown[] = [];
    socket.on('message', (raw) => acks.push(JSON.parse(String(raw))));
    socket.send(JSON.stringify({ type: 'heartbeat' }));
    await eventually(() => acks.length > 0);
    expect(socketClosed).toBe(false);

    // Desconectar re-arms the current code: the next TV pairs with it.
    await t.app.inject({ method: 'POST', url: `/api/devices/${device.id}/disconnect`, headers: { cookie: a.cookie } });
    await eventually(() => socketClosed);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/devices/${device.id}`, headers: { cookie: a.cookie } })).json()
        .paired,
    ).toBe(false);
    const repaired = await authenticate(code);
    expect(repaired.statusCode).toBe(200);
    const token1b: string = repaired.json().token;
    expect((await authenticate(code)).statusCode).toBe(401);

    // A new code revokes the paired TV and arms only the new code.
    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/devices/${device.id}`,
      headers: { cookie: a.cookie },
      payload: deviceBody('161803'),
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().paired).toBe(false);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/tv/content', headers: tvHeaders(token1b) })).statusCode,
    ).toBe(401);
    expect((await authenticate(code)).statusCode).toBe(401);
    const tv2 = await authenticate('161803');
    expect(tv2.statusCode).toBe(200);
    expect(tv2.json().device.id).toBe(device.id);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/tv/content', headers: tvHeaders(tv2.json().token) })).statusCode,
    ).toBe(200);
    expect((await authenticate('161803')).statusCode).toBe(401);
  });

  it('two TVs typing the same armed code at once: exactly one is paired', async () => {
    const a = await signedInUser(t.app, t.database);
    await t.app.inject({
      method: 'POST',
      url: '/api/devices',
      headers: { cookie: a.cookie },
      payload: deviceBody('112358'),
    });
    const results = await Promise.all([authenticate('112358'), authenticate('112358'), authenticate('112358')]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 401, 401]);
  });

  it('changing a code to a taken one counts against the same budget', async () => {
    const a = await signedInUser(t.app, t.database);
    const b = await signedInUser(t.app, t.database);
    await t.app.inject({
      method: 'POST',
      url: '/api/devices',
      headers: { cookie: a.cookie },
      payload: deviceBody('999001'),
    });
    const own = (
      await t.app.inject({
        method: 'POST',
        url: '/api/devices',
        headers: { cookie: b.cookie },
        payload: deviceBody('999002'),
      })
    ).json();
    const edit = () =>
      t.app.inject({
        method: 'PUT',
        url: `/api/devices/${own.id}`,
        headers: { cookie: b.cookie },
        payload: deviceBody('999001'),
      });
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await edit()).statusCode);
    expect(statuses).toEqual([409, 409, 409, 429]);
    // Saving without touching the code is not a probe.
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: `/api/devices/${own.id}`,
          headers: { cookie: b.cookie },
          payload: deviceBody('999002'),
        })
      ).statusCode,
    ).toBe(200);
  });
});
