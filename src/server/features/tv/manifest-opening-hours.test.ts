import { describe, expect, it } from 'vitest';
import type { Manifest } from '../../../contract/tv';
import { makeGroup, makePairedDevice, signedInUser } from '../../test/factories';
import { useTestApp } from '../../test/test-app';

/** docs/opening-hours.md: the TV gets its hours (its own, else its group's) in its manifest. */
describe('opening hours in the manifest', () => {
  const t = useTestApp();

  it("sends the screen's own hours, else its group's, and follows a change of either", async () => {
    const owner = await signedInUser(t.app, t.database);
    const group = await makeGroup(t, { owner, name: 'Lojas' });
    const { device, headers } = await makePairedDevice(t, { owner, groupId: group.id });
    const call = (method: 'PUT' | 'PATCH', url: string, payload: object) =>
      t.app.inject({ method, url, headers: { cookie: owner.cookie }, payload });
    const content = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/tv/content', headers })).json<Manifest>();
    expect((await content()).openingHours).toBeUndefined();

    const shop = { weekly: [{ weekday: 1, start: '08:00', end: '18:00' }], exceptions: [] };
    expect((await call('PATCH', `/api/device-groups/${group.id}`, { openingHours: shop })).statusCode).toBe(200);
    await expect.poll(async () => (await content()).openingHours).toEqual(shop);

    const own = {
      weekly: [{ weekday: 6, start: '22:00', end: '04:00' }],
      exceptions: [{ date: '2026-12-25', intervals: [] }],
    };
    const { openingHours: _hours, ...fields } = device;
    expect((await call('PUT', `/api/devices/${device.id}`, { ...fields, openingHours: own })).statusCode).toBe(200);
    await expect.poll(async () => (await content()).openingHours).toEqual(own);

    await call('PUT', `/api/devices/${device.id}`, { ...fields, openingHours: null });
    await call('PATCH', `/api/device-groups/${group.id}`, { openingHours: null });
    await expect.poll(async () => (await content()).openingHours).toBeUndefined();
  });
});
