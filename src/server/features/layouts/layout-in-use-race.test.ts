import pg from 'pg';
import { describe, expect, it } from 'vitest';
import type { Device } from '../../../contract/devices';
import type { Layout } from '../../../contract/layouts';
import { makeDevice, signedInUser } from '../../test/factories';
import { lockWaiterAppears } from '../../test/lock-waiters';
import { testDatabaseUrl } from '../../test/test-database';
import { useTestApp } from '../../test/test-app';

/**
 * docs/layouts.md#api, races: a layout's removal and a device taking that layout meet on the
 * layout's row (`FOR UPDATE` against `FOR SHARE`), so neither a removed layout in use nor a device
 * naming a layout that is gone can be left behind. PostgreSQL only: PGlite runs one transaction at a time.
 */
describe.skipIf(!process.env.DATABASE_URL)('a layout removed while a device takes it (PostgreSQL)', () => {
  const t = useTestApp();

  async function setup() {
    const owner = await signedInUser(t.app, t.database);
    const call = (method: 'GET' | 'PUT' | 'DELETE', url: string, payload?: object) =>
      Promise.resolve(
        t.app.inject({ method, url, headers: { cookie: owner.cookie }, ...(payload ? { payload } : {}) }),
      );
    const layout = (
      await t.app.inject({
        method: 'POST',
        url: '/api/layouts',
        headers: { cookie: owner.cookie },
        payload: {
          name: 'Vitrine',
          orientation: 'horizontal',
          zones: [
            { name: 'Principal', x: 0, y: 0, width: 100, height: 80 },
            { name: 'Rodapé', x: 0, y: 80, width: 100, height: 20 },
          ],
        },
      })
    ).json<Layout>();
    const device = await makeDevice(t, { owner, name: 'TV Vitrine' });
    const take = () => call('PUT', `/api/devices/${device.id}`, { ...device, layoutId: layout.id });
    const other = new pg.Client({ connectionString: testDatabaseUrl() });
    await other.connect();
    return { call, layout, device, take, other };
  }

  it('a removal asked while the device takes the layout waits, then names the device (409)', async () => {
    const { call, layout, device, take, other } = await setup();
    try {
      await other.query('begin');
      // The device's row held: the PUT takes the layout's share lock, then waits here.
      await other.query('select id from devices where id = $1 for update', [device.id]);
      const taking = take();
      await lockWaiterAppears(t.database);
      const removing = call('DELETE', `/api/layouts/${layout.id}`);
      await lockWaiterAppears(t.database, 10_000, 2);
      await other.query('commit');
      expect((await taking).statusCode).toBe(200);
      const removed = await removing;
      expect(removed.statusCode, removed.body).toBe(409);
      expect(removed.json().message).toContain('pela tela "TV Vitrine"');
      expect((await call('GET', `/api/devices/${device.id}`)).json<Device>().layoutId).toBe(layout.id);
    } finally {
      await other.end();
    }
  });

  it('a device taking a layout being removed waits, then finds it gone (400) and keeps its own', async () => {
    const { call, layout, device, take, other } = await setup();
    try {
      await other.query('begin');
      // The history held: the removal locks the layout, then waits to write its entry.
      await other.query('lock table activities in exclusive mode');
      const removing = call('DELETE', `/api/layouts/${layout.id}`);
      await lockWaiterAppears(t.database);
      const taking = take();
      await lockWaiterAppears(t.database, 10_000, 2);
      await other.query('commit');
      expect((await removing).statusCode).toBe(204);
      const taken = await taking;
      expect(taken.statusCode, taken.body).toBe(400);
      expect(taken.json()).toMatchObject({ code: 'LAYOUT_NOT_FOUND' });
      expect((await call('GET', `/api/devices/${device.id}`)).json<Device>()).toMatchObject({ layoutId: null });
    } finally {
      await other.end();
    }
  });
});
