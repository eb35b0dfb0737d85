import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Device } from '../../../contract/devices';
import { byNameThenId, compareNames } from '../../../contract/sort';
import type { SessionUser } from '../../auth/session-user';
import { devices } from '../../db/schema';
import { createInProcessEventBus } from '../../realtime/event-bus';
import { makeMedia, makeWorkspace, signedInUser, workspaceOf } from '../../test/factories';
import { useTestApp } from '../../test/test-app';
import { createPresenceService } from '../tv/presence-service';
import { createDeviceListCache } from './device-list-cache';
import { presentDevice, deviceColumns } from './device-presenter';

/**
 * `GET /api/devices` is kept between requests (issue 12): these prove that whatever changes a device
 * — here or in another process, whose events reach this one on the bus — is in the next answer.
 */
describe('the kept device list', () => {
  const t = useTestApp();
  const newDevice = (cookie: string, name: string, authCode: string, extra: Record<string, unknown> = {}) =>
    t.app
      .inject({
        method: 'POST',
        url: '/api/devices',
        headers: { cookie },
        payload: { name, location: 'Loja', resolution: '1920x1080', authCode, ...extra },
      })
      .then((r) => {
        expect(r.statusCode, r.body).toBe(201);
        return r.json<Device>();
      });
  const list = async (cookie: string) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/devices', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    return res.json<Device[]>();
  };
  const byId = async (cookie: string, id: number) => (await list(cookie)).find((d) => d.id === id);

  it('takes heartbeats, status changes and edits announced by another process', async () => {
    const { user, cookie } = await signedInUser(t.app, t.database);
    const workspaceId = await workspaceOf(t.database, user.id);
    const a = await newDevice(cookie, 'TV A', '111111');
    const b = await newDevice(cookie, 'TV B', '222222');
    expect((await list(cookie)).map((d) => d.name)).toEqual(['TV A', 'TV B']);

    // Heartbeats of a TV (paired by another process: a token is all presence asks for) through the app's bus.
    const [paired] = await t.database.db
      .update(devices)
      .set({ tokenHash: 'f'.repeat(64) })
      .where(eq(devices.id, a.id))
      .returning(deviceColumns);
    t.bus.publish({ type: 'device.changed', deviceId: a.id, workspaceId, device: presentDevice(paired!) });
    const presence = createPresenceService(t.database.db, t.bus, { flushIntervalMs: 60_000, offlineAfterMs: 45_000 });
    const first = new Date('2026-11-22T10:00:00.000Z');
    await presence.heartbeat(a.id, workspaceId, first);
    expect(await byId(cookie, a.id)).toMatchObject({ status: 'online', lastSeen: first.toISOString() });
    const later = new Date('2026-11-22T10:00:15.000Z');
    await presence.heartbeat(a.id, workspaceId, later);
    await presence.flush();
    expect(await byId(cookie, a.id)).toMatchObject({ status: 'online', lastSeen: later.toISOString() });
    await presence.sweep(later.getTime() + 60_000);
    expect(await byId(cookie, a.id)).toMatchObject({ status: 'offline', lastSeen: later.toISOString() });
    await presence.stop();

    // Another process renames B (its row written there, its event relayed here) and creates C.
    const [renamed] = await t.database.db
      .update(devices)
      .set({ name: 'TV 0 (antes de todas)' })
      .where(eq(devices.id, b.id))
      .returning(deviceColumns);
    t.bus.publish({ type: 'device.changed', deviceId: b.id, workspaceId, device: presentDevice(renamed!) });
    const [created] = await t.database.db
      .insert(devices)
      .values({
        name: 'TV C',
        location: 'Loja',
        resolution: '1920x1080',
        authCode: '333333',
        userId: user.id,
        workspaceId,
      })
      .returning(deviceColumns);
    t.bus.publish({ type: 'device.changed', deviceId: created!.id, workspaceId, device: presentDevice(created!) });
    expect((await list(cookie)).map((d) => d.name)).toEqual(['TV 0 (antes de todas)', 'TV A', 'TV C']);

    // The answer is the database's, field for field.
    const fresh = (await t.database.db.select(deviceColumns).from(devices)).map(presentDevice).sort(byNameThenId);
    expect(await list(cookie)).toEqual(fresh);
  });

  it('drops the list when a removal clears what devices point at: playlist, group, user', async () => {
    const { user: admin, cookie } = await signedInUser(t.app, t.database, 'admin');
    const { user: other, cookie: otherCookie } = await signedInUser(t.app, t.database);
    const group = (
      await t.app.inject({
        method: 'POST',
        url: '/api/device-groups',
        headers: { cookie },
        payload: { name: 'Vitrines' },
      })
    ).json<{ id: number }>();
    const image = await makeMedia(t, { userId: admin.id });
    const playlist = (
      await t.app.inject({
        method: 'POST',
        url: '/api/playlists',
        headers: { cookie },
        payload: { name: 'Ofertas', durationDays: 0, items: [{ mediaId: image.id, duration: 10 }] },
      })
    ).json<{ id: number }>();
    const device = await newDevice(otherCookie, 'TV Vitrine', '444444', { groupId: group.id });
    expect(
      (
        await t.app.inject({
          method: 'PATCH',
          url: `/api/devices/${device.id}`,
          headers: { cookie },
          payload: { assignedPlaylistId1: playlist.id },
        })
      ).statusCode,
    ).toBe(200);
    expect(await byId(cookie, device.id)).toMatchObject({
      groupId: group.id,
      assignedPlaylistId1: playlist.id,
      userId: other.id,
    });

    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/playlists/${playlist.id}`, headers: { cookie } })).statusCode,
    ).toBe(204);
    expect(await byId(cookie, device.id)).toMatchObject({ assignedPlaylistId1: null });
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/device-groups/${group.id}`, headers: { cookie } })).statusCode,
    ).toBe(204);
    expect(await byId(cookie, device.id)).toMatchObject({ groupId: null });
    // Removing a user hands what they made to the admin who removed them (docs/security.md#roles-and-tenancy).
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/users/${other.id}`, headers: { cookie } })).statusCode,
    ).toBe(204);
    expect(await byId(cookie, device.id)).toMatchObject({ userId: admin.id });
  });

  it('applies edits, renames, new devices and removals as announced, in the order of names', async () => {
    const { user, cookie } = await signedInUser(t.app, t.database);
    const workspaceId = await workspaceOf(t.database, user.id);
    const caixa = await newDevice(cookie, 'TV Caixa', '777777');
    const balcao = await newDevice(cookie, 'TV Balcão', '888888');
    const names = async () => (await list(cookie)).map((d) => d.name);
    expect(await names()).toEqual(['TV Balcão', 'TV Caixa']);
    // Announced only (the rows are left as they were): an answer that shows them read no database.
    t.bus.publish({
      type: 'device.changed',
      deviceId: caixa.id,
      workspaceId,
      device: { ...caixa, location: 'Caixa 2' },
    });
    expect(await byId(cookie, caixa.id)).toMatchObject({ name: 'TV Caixa', location: 'Caixa 2' });

    t.bus.publish({ type: 'device.changed', deviceId: caixa.id, workspaceId, device: { ...caixa, name: 'TV Adega' } });
    t.bus.publish({
      type: 'device.changed',
      deviceId: 999_001,
      workspaceId,
      device: { ...caixa, id: 999_001, name: 'TV Bar' },
    });
    t.bus.publish({ type: 'device.deleted', deviceId: balcao.id, workspaceId });
    expect(await names()).toEqual(['TV Adega', 'TV Bar']);
  });

  it('places a device created live where the next read puts it, in the one order of names', async () => {
    const { user, cookie } = await signedInUser(t.app, t.database);
    const actor = { id: user.id, role: user.role, workspaceId: await workspaceOf(t.database, user.id) } as SessionUser;
    await newDevice(cookie, 'Avenida', '100100');
    await newDevice(cookie, 'area 0', '100101');
    await list(cookie);
    // Each creation is announced and placed in the kept list (the admin UI places it with the same
    // comparator); the last answer must be what a fresh read (another process, a restart) answers.
    const names = ['Área 1', 'tv b', 'TV b', 'TV 10', 'TV 2', 'TV 🎉', 'TV ~', 'TV b', 'Ótica', 'oficina', 'TV 02'];
    for (const [i, name] of names.entries()) await newDevice(cookie, name, String(100_000 + i));
    const kept = await list(cookie);
    const fresh = createDeviceListCache({ db: t.database.db, bus: createInProcessEventBus() });
    expect(kept).toEqual(JSON.parse((await fresh.get(actor)).body.toString()));
    fresh.stop();
    expect(kept.map((d) => d.name)).toEqual(['area 0', 'Avenida', ...names].sort(compareNames));
    expect(kept.map((d) => d.name).slice(0, 3)).toEqual(['area 0', 'Área 1', 'Avenida']);
  });

  it('keeps one list per workspace', async () => {
    const { cookie } = await signedInUser(t.app, t.database);
    const { cookie: otherCookie } = await signedInUser(t.app, t.database, 'user', await makeWorkspace(t.database));
    await newDevice(cookie, 'TV daqui', '555555');
    await newDevice(otherCookie, 'TV de lá', '666666');
    expect((await list(cookie)).map((d) => d.name)).toEqual(['TV daqui']);
    expect((await list(otherCookie)).map((d) => d.name)).toEqual(['TV de lá']);
  });
});

/** The read and the events race: a list read before a change must never be the one kept after it. */
describe('a device list read while the bus speaks', () => {
  const t = useTestApp();
  const setup = async () => {
    const { user } = await signedInUser(t.app, t.database);
    const workspaceId = await workspaceOf(t.database, user.id);
    const [row] = await t.database.db
      .insert(devices)
      .values({
        name: 'TV 1',
        location: 'Loja',
        resolution: '1920x1080',
        authCode: '123456',
        userId: user.id,
        workspaceId,
      })
      .returning({ id: devices.id });
    const actor = { id: user.id, role: user.role, workspaceId } as SessionUser;
    const bus = createInProcessEventBus();
    return { actor, workspaceId, deviceId: row!.id, bus, cache: createDeviceListCache({ db: t.database.db, bus }) };
  };
  const names = async (answer: Promise<{ body: Buffer }>) =>
    (JSON.parse((await answer).body.toString()) as Device[]).map((d) => d.name);

  it('answers a read that an edit overlapped, and reads again for the next request', async () => {
    const { actor, workspaceId, deviceId, bus, cache } = await setup();
    const overlapped = cache.get(actor);
    // Announced while the read is under way (its commit may have come after the read's snapshot),
    // and not one the list can take in place: the read cannot be kept.
    bus.publish({ type: 'group.deleted', groupId: 999_999, workspaceId });
    expect(await names(overlapped)).toEqual(['TV 1']);
    // Written without an announcement: only a new read can see it, so it shows whether one happens.
    await t.database.db.update(devices).set({ name: 'TV 1 lida de novo' }).where(eq(devices.id, deviceId));
    expect(await names(cache.get(actor))).toEqual(['TV 1 lida de novo']);
    cache.stop();
  });

  it('applies the heartbeats announced during a read to the list it keeps', async () => {
    const { actor, workspaceId, deviceId, bus, cache } = await setup();
    const read = cache.get(actor);
    // The flush announces before it writes: the read may not have this beat.
    const beat = '2026-11-22T11:00:00.000Z';
    bus.publish({ type: 'device.heartbeats', beats: [{ deviceId, workspaceId, timestamp: beat }] });
    await read;
    const kept = JSON.parse((await cache.get(actor)).body.toString()) as Device[];
    expect(kept[0]).toMatchObject({ id: deviceId, lastSeen: beat });
    cache.stop();
  });

  afterEach(() => vi.useRealTimers());

  it('reads a list kept for over a minute again, in case an event was lost (Redis unreachable)', async () => {
    const { actor, deviceId, cache } = await setup();
    vi.useFakeTimers({ toFake: ['Date'] });
    expect(await names(cache.get(actor))).toEqual(['TV 1']);
    // Changed where no event reached this process.
    await t.database.db.update(devices).set({ name: 'TV 1 sem aviso' }).where(eq(devices.id, deviceId));
    expect(await names(cache.get(actor))).toEqual(['TV 1']);
    vi.setSystemTime(Date.now() + 61_000);
    await expect.poll(() => names(cache.get(actor))).toEqual(['TV 1 sem aviso']);
    cache.stop();
  });
});
