import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adsMessages } from '../../../contract/ads-messages';
import { devices, partners } from '../../db/schema';
import { makeDevice, makeWorkspace, signedInUser, workspaceOf } from '../../test/factories';
import { useTestApp } from '../../test/test-app';
import { createPartner } from './partner-service';

/** docs/ads.md: a screen's partner, price per play (integer cents) and audience per play. */
describe('devices: partner, price and audience per play', () => {
  const t = useTestApp();

  async function setup() {
    const admin = await signedInUser(t.app, t.database, 'admin');
    const partner = (
      await t.app.inject({
        method: 'POST',
        url: '/api/partners',
        headers: { cookie: admin.cookie },
        payload: { name: 'Shopping Centro', document: '11222333000181', commissionPercent: 20 },
      })
    ).json();
    const device = await makeDevice(t, { owner: admin });
    const body = {
      name: device.name,
      location: device.location,
      resolution: device.resolution,
      authCode: device.authCode,
    };
    const put = (payload: object, cookie = admin.cookie) =>
      t.app.inject({ method: 'PUT', url: `/api/devices/${device.id}`, headers: { cookie }, payload });
    return { admin, partner, device, body, put };
  }

  it('round-trips through PUT, GET and the list; left out of a PUT they are kept', async () => {
    const { admin, partner, device, body, put } = await setup();
    expect(device).toMatchObject({ partnerId: null, pricePerPlayCents: null, audiencePerPlay: null });
    const saved = await put({ ...body, partnerId: partner.id, pricePerPlayCents: 150, audiencePerPlay: 40 });
    expect(saved.statusCode).toBe(200);
    const fields = { partnerId: partner.id, pricePerPlayCents: 150, audiencePerPlay: 40 };
    expect(saved.json()).toMatchObject(fields);
    const headers = { cookie: admin.cookie };
    expect((await t.app.inject({ method: 'GET', url: `/api/devices/${device.id}`, headers })).json()).toMatchObject(
      fields,
    );
    const list = (await t.app.inject({ method: 'GET', url: '/api/devices', headers })).json();
    expect(list.find((d: { id: number }) => d.id === device.id)).toMatchObject(fields);

    expect((await put({ ...body, name: 'Renomeada' })).json()).toMatchObject({ name: 'Renomeada', ...fields });
    expect(
      (await put({ ...body, partnerId: null, pricePerPlayCents: null, audiencePerPlay: null })).json(),
    ).toMatchObject({ partnerId: null, pricePerPlayCents: null, audiencePerPlay: null });
  });

  it('refuses bad values (400 pt-BR) and another workspace’s partner (400 PARTNER_NOT_FOUND), saving nothing', async () => {
    const { device, body, put } = await setup();
    const other = await signedInUser(t.app, t.database, 'admin', await makeWorkspace(t.database));
    const foreign = (
      await t.app.inject({
        method: 'POST',
        url: '/api/partners',
        headers: { cookie: other.cookie },
        payload: { name: 'Outro', document: '52998224725' },
      })
    ).json();
    for (const [payload, message] of [
      [{ pricePerPlayCents: 1.5 }, adsMessages.priceInvalid],
      [{ pricePerPlayCents: -1 }, adsMessages.priceInvalid],
      [{ audiencePerPlay: -3 }, adsMessages.audienceInvalid],
      [{ audiencePerPlay: 'muitos' }, adsMessages.audienceInvalid],
    ] as const) {
      const res = await put({ ...body, ...payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const crossed = await put({ ...body, partnerId: foreign.id });
    expect(crossed.statusCode).toBe(400);
    expect(crossed.json()).toMatchObject({ code: 'PARTNER_NOT_FOUND', message: adsMessages.partners.notFound });
    const [row] = await t.database.db.select().from(devices).where(eq(devices.id, device.id));
    expect(row).toMatchObject({ partnerId: null, pricePerPlayCents: null, audiencePerPlay: null });
  });

  it('a removed user’s partner (made while an admin, then demoted) stays, credited to the admin who removed them', async () => {
    const admin = await signedInUser(t.app, t.database, 'admin');
    const workspaceId = await workspaceOf(t.database, admin.user.id);
    const former = await signedInUser(t.app, t.database, 'user', workspaceId);
    const partner = await createPartner(
      t.database.db,
      { id: former.user.id, role: 'user', workspaceId, sessionTokenHash: '' },
      { name: 'Do ex-admin', document: '52998224725', contactName: null, contactEmail: null, commissionPercent: 5 },
    );
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/users/${former.user.id}`,
      headers: { cookie: admin.cookie },
    });
    expect(removed.statusCode).toBe(204);
    const [row] = await t.database.db.select().from(partners).where(eq(partners.id, partner.id));
    expect(row).toMatchObject({ userId: admin.user.id, workspaceId });
  });

  it('removing a partner leaves its screens without one, their price and audience kept', async () => {
    const { admin, partner, device, body, put } = await setup();
    await put({ ...body, partnerId: partner.id, pricePerPlayCents: 99, audiencePerPlay: 7 });
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/partners/${partner.id}`,
      headers: { cookie: admin.cookie },
    });
    expect(removed.statusCode).toBe(204);
    const [row] = await t.database.db.select().from(devices).where(eq(devices.id, device.id));
    expect(row).toMatchObject({ partnerId: null, pricePerPlayCents: 99, audiencePerPlay: 7 });
  });
});
