import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { devices } from '../../db/schema';
import { makePairedDevice, signedInUser } from '../../test/factories';
import { eventually } from '../../test/eventually';
import { openTvSocket } from '../../test/tv-socket';
import { useTestApp } from '../../test/test-app';

/** docs/tv-protocol.md#commands: Capturar tela and Recarregar reach a TV by socket or by heartbeat, once. */
describe('requests to a TV without a socket', () => {
  const t = useTestApp();

  async function setup() {
    const owner = await signedInUser(t.app, t.database);
    const paired = await makePairedDevice(t, { owner });
    const ask = (command: 'screenshot' | 'reload') =>
      t.app.inject({
        method: 'POST',
        url: `/api/devices/${paired.device.id}/${command}`,
        headers: { cookie: owner.cookie },
      });
    const heartbeat = async () =>
      (await t.app.inject({ method: 'POST', url: '/api/tv/heartbeat', headers: paired.headers })).json();
    return { ...paired, owner, ask, heartbeat };
  }

  it('gives a TV that only answers over HTTP its requests with the next heartbeat, once', async () => {
    const { ask, heartbeat } = await setup();
    expect((await heartbeat()).commands).toBeUndefined();
    expect((await ask('screenshot')).statusCode).toBe(202);
    expect((await ask('reload')).statusCode).toBe(202);
    expect((await ask('screenshot')).statusCode).toBe(202);
    expect((await heartbeat()).commands).toEqual(['screenshot', 'reload']);
    expect((await heartbeat()).commands).toBeUndefined();
  });

  it('a TV with a socket gets the push, and its heartbeat nothing more', async () => {
    const { token, ask, heartbeat } = await setup();
    const tv = await openTvSocket(t.app, token);
    expect((await ask('screenshot')).statusCode).toBe(202);
    await eventually(() => tv.pushes().some((m) => m.type === 'screenshot'), 'the push');
    expect((await heartbeat()).commands).toBeUndefined();
    expect(tv.pushes().filter((m) => m.type === 'screenshot')).toHaveLength(1);
    tv.socket.close();
  });

  it('forgets what was asked of a TV that went offline before taking it: no reload hours later', async () => {
    const { device, ask, heartbeat } = await setup();
    expect((await ask('reload')).statusCode).toBe(202);
    // The TV falls silent: the presence sweep flips it offline.
    await t.database.db
      .update(devices)
      .set({ lastSeen: new Date(Date.now() - 10 * 60_000) })
      .where(eq(devices.id, device.id));
    await eventually(async () => {
      const [row] = await t.database.db.select({ s: devices.status }).from(devices).where(eq(devices.id, device.id));
      return row!.s === 'offline';
    }, 'the sweep');
    expect((await heartbeat()).commands).toBeUndefined();
  });

  it('forgets what was asked of a TV that is disconnected', async () => {
    const { device, ask, owner } = await setup();
    const pending = async () =>
      (await t.database.db.select({ p: devices.pendingCommands }).from(devices).where(eq(devices.id, device.id)))[0]!.p;
    await ask('reload');
    expect(await pending()).toEqual(['reload']);
    await t.app.inject({
      method: 'POST',
      url: `/api/devices/${device.id}/disconnect`,
      headers: { cookie: owner.cookie },
    });
    expect(await pending()).toEqual([]);
  });
});
