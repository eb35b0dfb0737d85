import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { activitySentence } from '../../../contract/activity-messages';
import { SCREENSHOT_MAX_BYTES } from '../../../contract/screens';
import { activities, devices } from '../../db/schema';
import { reconcileMediaStore } from '../../maintenance/orphan-files';
import { eventually } from '../../test/eventually';
import { makeDevice, makePairedDevice, makeWorkspace, userWithSession } from '../../test/factories';
import { useTestApp } from '../../test/test-app';
import { openTvSocket } from '../../test/tv-socket';
import { createPresenceService } from '../tv/presence-service';

const red = () =>
  sharp({ create: { width: 64, height: 36, channels: 3, background: { r: 230, g: 20, b: 20 } } })
    .jpeg()
    .toBuffer();
const blue = () =>
  sharp({ create: { width: 64, height: 36, channels: 3, background: { r: 20, g: 20, b: 230 } } })
    .jpeg()
    .toBuffer();
const jpegHeaders = (headers: Record<string, string>) => ({ ...headers, 'content-type': 'image/jpeg' });

describe('screens seen from afar (issue 15): what plays, Capturar tela, Recarregar', () => {
  const t = useTestApp();
  const admin = (cookie: string, method: 'GET' | 'POST', url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method, url, headers: { cookie, ...headers } });
  const upload = (headers: Record<string, string>, body: Buffer) =>
    t.app.inject({ method: 'POST', url: '/api/tv/screenshot', headers: jpegHeaders(headers), payload: body });
  const deviceOf = async (cookie: string, id: number) => (await admin(cookie, 'GET', `/api/devices/${id}`)).json();

  it('the TV reports what each window plays; it shows on the device, in its status event, and is cleared on disconnect', async () => {
    const owner = await userWithSession(t.database);
    const { device, headers } = await makePairedDevice(t, { owner, layout: 'dual' });
    expect(device).toMatchObject({ nowPlaying: null, screenshotAt: null });
    const nowPlaying = {
      fullScreen: false,
      windows: [
        { playlistId: 3, campaignId: null },
        { playlistId: 4, campaignId: 9 },
      ],
    };
    const status = await t.app.inject({
      method: 'POST',
      url: '/api/tv/status',
      headers,
      payload: { state: 'playing', sessionId: 's1', nowPlaying },
    });
    expect(status.statusCode).toBe(200);
    expect(await deviceOf(owner.cookie, device.id)).toMatchObject({ nowPlaying, activeSessionId: 's1' });
    expect(t.events.filter((e) => e.type === 'device.status').at(-1)).toMatchObject({
      deviceId: device.id,
      nowPlaying,
    });
    // The kept list (GET /api/devices) takes the report from the event, without reading again.
    expect((await admin(owner.cookie, 'GET', '/api/devices')).json()[0]).toMatchObject({ nowPlaying });
    const next = { fullScreen: true, windows: [{ playlistId: 5, campaignId: 11 }] };
    await t.app.inject({
      method: 'POST',
      url: '/api/tv/status',
      headers,
      payload: { state: 'playing', sessionId: 's1', nowPlaying: next },
    });
    expect((await admin(owner.cookie, 'GET', '/api/devices')).json()[0]).toMatchObject({ nowPlaying: next });

    await admin(owner.cookie, 'POST', `/api/devices/${device.id}/disconnect`);
    expect(await deviceOf(owner.cookie, device.id)).toMatchObject({ status: 'offline', nowPlaying: null });
  });

  it('a TV that goes silent is swept offline; its last report stays for when it is back', async () => {
    const owner = await userWithSession(t.database);
    const { device, headers } = await makePairedDevice(t, { owner });
    const nowPlaying = { fullScreen: false, windows: [{ playlistId: null, campaignId: null }] };
    await t.app.inject({ method: 'POST', url: '/api/tv/status', headers, payload: { state: 'idle', nowPlaying } });
    expect(await deviceOf(owner.cookie, device.id)).toMatchObject({ nowPlaying });
    await t.database.db
      .update(devices)
      .set({ lastSeen: new Date(Date.now() - 3_600_000) })
      .where(eq(devices.id, device.id));
    await createPresenceService(t.database.db, t.bus, { flushIntervalMs: 60_000, offlineAfterMs: 45_000 }).sweep();
    expect(await deviceOf(owner.cookie, device.id)).toMatchObject({ status: 'offline', nowPlaying });
    expect(t.events.filter((e) => e.type === 'device.status').at(-1)).toMatchObject({ status: 'offline', nowPlaying });
    // Back with a heartbeat: online again, the report as it was.
    await t.app.inject({ method: 'POST', url: '/api/tv/heartbeat', headers });
    expect(await deviceOf(owner.cookie, device.id)).toMatchObject({ status: 'online', nowPlaying });
  });

  it('refuses a bad report with 400 and keeps the previous one', async () => {
    const owner = await userWithSession(t.database);
    const { device, headers } = await makePairedDevice(t, { owner });
    const good = { fullScreen: false, windows: [{ playlistId: 1, campaignId: null }] };
    await t.app.inject({
      method: 'POST',
      url: '/api/tv/status',
      headers,
      payload: { state: 'idle', nowPlaying: good },
    });
    for (const nowPlaying of [
      { fullScreen: false, windows: [] },
      // One per zone, and a layout has at most 8 (docs/layouts.md).
      { fullScreen: false, windows: Array(9).fill({ playlistId: 1, campaignId: null }) },
      { windows: [{ playlistId: 'x' }] },
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/tv/status',
        headers,
        payload: { state: 'idle', nowPlaying },
      });
      expect(res.statusCode, JSON.stringify(nowPlaying)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
    }
    expect(await deviceOf(owner.cookie, device.id)).toMatchObject({ nowPlaying: good });
  });

  it('Capturar tela: the request reaches the TV socket, its JPEG is kept and served, the previous one deleted', async () => {
    const owner = await userWithSession(t.database);
    const { device, token, headers } = await makePairedDevice(t, { owner });
    const tv = await openTvSocket(t.app, token);
    const asked = await admin(owner.cookie, 'POST', `/api/devices/${device.id}/screenshot`);
    expect(asked.statusCode).toBe(202);
    expect(Date.parse(asked.json().requestedAt)).toBeGreaterThan(Date.now() - 10_000);
    await eventually(() => tv.pushes().some((m) => m.type === 'screenshot'), 'screenshot request on the TV socket');

    const first = await red();
    const sent = await upload(headers, first);
    expect(sent.statusCode).toBe(200);
    const { takenAt } = sent.json();
    const changed = t.events.filter((e) => e.type === 'device.changed').at(-1);
    expect(changed).toMatchObject({ deviceId: device.id, device: { screenshotAt: takenAt } });
    expect(await deviceOf(owner.cookie, device.id)).toMatchObject({ screenshotAt: takenAt });

    const got = await admin(owner.cookie, 'GET', `/api/devices/${device.id}/screenshot`);
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('image/jpeg');
    expect(got.headers['cache-control']).toBe('private, no-cache');
    expect(Buffer.compare(got.rawPayload, first)).toBe(0);
    const again = await admin(owner.cookie, 'GET', `/api/devices/${device.id}/screenshot`, {
      'if-none-match': String(got.headers.etag),
    });
    expect(again.statusCode).toBe(304);

    const [row] = await t.database.db
      .select({ key: devices.screenshotKey })
      .from(devices)
      .where(eq(devices.id, device.id));
    expect(await t.store.size(row!.key!)).toBe(first.length);
    const second = await blue();
    expect((await upload(headers, second)).statusCode).toBe(200);
    expect(await t.store.size(row!.key!)).toBeNull();
    const latest = await admin(owner.cookie, 'GET', `/api/devices/${device.id}/screenshot`, {
      'if-none-match': String(got.headers.etag),
    });
    expect(latest.statusCode).toBe(200);
    expect(Buffer.compare(latest.rawPayload, second)).toBe(0);
    tv.socket.close();
  });

  it('a TV that cannot capture says so on its socket, and the admin screens hear it', async () => {
    const { device, token } = await makePairedDevice(t);
    const tv = await openTvSocket(t.app, token);
    tv.socket.send(JSON.stringify({ type: 'screenshot_failed' }));
    await eventually(
      () => t.events.some((e) => e.type === 'device.screenshot_failed' && e.deviceId === device.id),
      'screenshot_failed event',
    );
    tv.socket.close();
  });

  it('Recarregar: the request reaches the TV socket and the history records who asked', async () => {
    const owner = await userWithSession(t.database);
    const { device, token } = await makePairedDevice(t, { owner, name: 'TV da vitrine' });
    const tv = await openTvSocket(t.app, token);
    const asked = await admin(owner.cookie, 'POST', `/api/devices/${device.id}/reload`);
    expect(asked.statusCode).toBe(202);
    await eventually(() => tv.pushes().some((m) => m.type === 'reload'), 'reload request on the TV socket');
    const history = await t.database.db.select().from(activities).where(eq(activities.type, 'device_reloaded'));
    expect(history).toMatchObject([{ userId: owner.user.id, entityId: device.id, data: { name: 'TV da vitrine' } }]);
    expect(activitySentence(history[0]!.type, history[0]!.data)).toBe(
      'Player do dispositivo "TV da vitrine" recarregado remotamente',
    );
    tv.socket.close();
  });

  it('an offline TV cannot be asked: 409 DEVICE_OFFLINE in words, nothing sent', async () => {
    const owner = await userWithSession(t.database);
    const unpaired = await makeDevice(t, { owner });
    const before = t.events.length;
    const shot = await admin(owner.cookie, 'POST', `/api/devices/${unpaired.id}/screenshot`);
    expect(shot.statusCode).toBe(409);
    expect(shot.json()).toMatchObject({
      code: 'DEVICE_OFFLINE',
      message: 'A TV está offline. Para capturar a tela, ela precisa estar ligada e conectada.',
    });
    const reload = await admin(owner.cookie, 'POST', `/api/devices/${unpaired.id}/reload`);
    expect(reload.statusCode).toBe(409);
    expect(reload.json()).toMatchObject({
      code: 'DEVICE_OFFLINE',
      message: 'A TV está offline. Para recarregá-la, ela precisa estar ligada e conectada.',
    });
    expect(t.events.slice(before).filter((e) => e.type === 'device.command')).toEqual([]);
    const none = await admin(owner.cookie, 'GET', `/api/devices/${unpaired.id}/screenshot`);
    expect(none.statusCode).toBe(404);
    expect(none.json()).toMatchObject({ code: 'NOT_FOUND', message: 'Nenhuma captura de tela desta TV ainda.' });
  });

  it('validation: a bad id is 400 JSON; the TV upload must be a JPEG (400), within the limit (413), typed image/jpeg (415)', async () => {
    const owner = await userWithSession(t.database);
    for (const [method, url] of [
      ['POST', '/api/devices/abc/screenshot'],
      ['GET', '/api/devices/abc/screenshot'],
      ['POST', '/api/devices/abc/reload'],
    ] as const) {
      const res = await admin(owner.cookie, method, url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
    }
    const { device, headers } = await makePairedDevice(t, { owner });
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#ff0000' } })
      .png()
      .toBuffer();
    const notJpeg = await upload(headers, png);
    expect(notJpeg.statusCode).toBe(400);
    expect(notJpeg.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'A captura de tela deve ser uma imagem JPEG.',
    });
    const empty = await upload(headers, Buffer.alloc(0));
    expect(empty.statusCode).toBe(400);
    const huge = Buffer.concat([await red(), Buffer.alloc(SCREENSHOT_MAX_BYTES)]);
    const tooBig = await upload(headers, huge);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json()).toMatchObject({
      code: 'FST_ERR_CTP_BODY_TOO_LARGE',
      message: 'O corpo da requisição é grande demais.',
    });
    const typed = await t.app.inject({
      method: 'POST',
      url: '/api/tv/screenshot',
      headers: { ...headers, 'content-type': 'image/png' },
      payload: png,
    });
    expect(typed.statusCode).toBe(415);
    expect(typed.json()).toMatchObject({
      code: 'FST_ERR_CTP_INVALID_MEDIA_TYPE',
      message: 'Tipo de conteúdo não suportado.',
    });
    // Only the TV's upload takes a JPEG body: anywhere else it is refused before it is read.
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: '/api/devices',
      headers: { cookie: owner.cookie, 'content-type': 'image/jpeg' },
      payload: await red(),
    });
    expect(elsewhere.statusCode).toBe(415);
    expect(elsewhere.json()).toMatchObject({
      code: 'FST_ERR_CTP_INVALID_MEDIA_TYPE',
      message: 'Tipo de conteúdo não suportado.',
    });
    expect(await deviceOf(owner.cookie, device.id)).toMatchObject({ screenshotAt: null });
  });

  it('auth: no session is 401 on the admin routes; no token, or a revoked one, is 401 on the upload and stores nothing', async () => {
    const owner = await userWithSession(t.database);
    const { device, headers } = await makePairedDevice(t, { owner });
    for (const [method, url] of [
      ['POST', `/api/devices/${device.id}/screenshot`],
      ['GET', `/api/devices/${device.id}/screenshot`],
      ['POST', `/api/devices/${device.id}/reload`],
    ] as const) {
      const res = await t.app.inject({ method, url });
      expect(res.statusCode, url).toBe(401);
      expect(res.json().code).toBe('UNAUTHENTICATED');
    }
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/tv/screenshot',
          headers: { 'content-type': 'image/jpeg' },
          payload: await red(),
        })
      ).statusCode,
    ).toBe(401);
    await admin(owner.cookie, 'POST', `/api/devices/${device.id}/disconnect`);
    const revoked = await upload(headers, await red());
    expect(revoked.statusCode).toBe(401);
    expect(revoked.json().code).toBe('DEVICE_UNAUTHENTICATED');
    expect(await deviceOf(owner.cookie, device.id)).toMatchObject({ screenshotAt: null });
  });

  it("isolation: another workspace's device is 404 on every route, and its TV hears nothing", async () => {
    const { device, token, headers } = await makePairedDevice(t);
    await upload(headers, await red());
    const tv = await openTvSocket(t.app, token);
    const stranger = await userWithSession(t.database, 'admin', await makeWorkspace(t.database));
    for (const [method, url] of [
      ['POST', `/api/devices/${device.id}/screenshot`],
      ['GET', `/api/devices/${device.id}/screenshot`],
      ['POST', `/api/devices/${device.id}/reload`],
    ] as const) {
      const res = await admin(stranger.cookie, method, url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND', message: 'Dispositivo não encontrado' });
    }
    await tv.roundTrip();
    expect(tv.pushes().filter((m) => m.type === 'screenshot' || m.type === 'reload')).toEqual([]);
    tv.socket.close();
  });

  it("a removed device's screenshot is deleted with it; the store's reconciliation keeps live screenshots", async () => {
    const owner = await userWithSession(t.database);
    const kept = await makePairedDevice(t, { owner });
    const removed = await makePairedDevice(t, { owner });
    await upload(kept.headers, await red());
    await upload(removed.headers, await blue());
    const keyOf = async (id: number) =>
      (await t.database.db.select({ key: devices.screenshotKey }).from(devices).where(eq(devices.id, id)))[0]!.key!;
    const [keptKey, removedKey] = [await keyOf(kept.device.id), await keyOf(removed.device.id)];
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: `/api/devices/${removed.device.id}`,
          headers: { cookie: owner.cookie },
        })
      ).statusCode,
    ).toBe(204);
    expect(await t.store.size(removedKey)).toBeNull();
    const later = new Date(Date.now() + 3_600_000);
    const result = await reconcileMediaStore(t.database.db, t.store, { graceMs: 0, log: t.app.log, now: later });
    expect(result.deleted).not.toContain(keptKey);
    expect(await t.store.size(keptKey)).not.toBeNull();
  });
});
