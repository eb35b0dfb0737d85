import { eq } from 'drizzle-orm';
import type { WebSocket } from 'ws';
import { describe, expect, it } from 'vitest';
import { DEVICE_REVOKED_CLOSE_CODE } from '../../../contract/realtime';
import { hashToken } from '../../auth/tokens';
import { devices } from '../../db/schema';
import { signedInUser } from '../../test/factories';
import { recordingSleep } from '../../test/recording-sleep';
import { useTestApp } from '../../test/test-app';
import { noisePng, uploadSettled } from '../../test/uploads';
import { eventually } from '../../test/eventually';
import { tvHeaders } from '../../test/api-factories';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('TV protocol', () => {
  // Refusals wait through a recorder, not a timer: a minute's delay costs the tests nothing.
  const delays = recordingSleep();
  const t = useTestApp(
    {
      tv: {
        flushIntervalMs: 40,
        offlineAfterMs: 400,
        pairing: { perAddressPerMinute: 1000, globalPerMinute: 1000, failureDelayMs: 60_000 },
      },
    },
    { sleep: delays.sleep },
  );

  // Each test's image differs: ids restart with every blank database while the app (and its
  // manifest cache, keyed by content version) lives on, so equal content would meet an old body.
  let seed = 0;
  /** A user with one uploaded image, a playlist of it, and a device; optionally paired. */
  async function setup(layout: 'single' | 'dual' = 'single') {
    const owner = await signedInUser(t.app, t.database);
    const headers = { cookie: owner.cookie };
    const image = await uploadSettled(t.app, owner.cookie, {
      content: await noisePng(64, 48, ++seed),
      filename: 'vitrine.png',
      contentType: 'image/png',
    });
    const playlist = (
      await t.app.inject({
        method: 'POST',
        url: '/api/playlists',
        headers,
        payload: { name: 'Vitrine', items: [{ mediaId: image.id, duration: 7 }] },
      })
    ).json();
    const code = String(100000 + Math.floor(Math.random() * 899999));
    const device = (
      await t.app.inject({
        method: 'POST',
        url: '/api/devices',
        headers,
        payload: { name: 'TV', location: 'Loja', resolution: '1920x1080', layout, authCode: code },
      })
    ).json();
    const pair = async () =>
      (await t.app.inject({ method: 'POST', url: '/api/tv/authenticate', payload: { code } })).json().token as string;
    return { owner, headers, image, playlist, device, code, pair };
  }
  const deviceRow = async (id: number) => (await t.database.db.select().from(devices).where(eq(devices.id, id)))[0]!;

  it('pairs with the 6-digit code: token (hash stored), device online, event out', async () => {
    const { device, code, headers } = await setup();
    delays.waits.length = 0;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/tv/authenticate',
      payload: { code, deviceInfo: { model: 'Android TV' } },
    });
    expect(res.statusCode).toBe(200);
    expect(delays.waits).toEqual([]);
    const body = res.json();
    expect(body.device).toEqual({
      id: device.id,
      name: 'TV',
      layout: 'single',
      orientation: 'horizontal',
      resolution: '1920x1080',
    });
    expect(body.token).toMatch(/^[\w-]{43}$/);
    const row = await deviceRow(device.id);
    expect(row.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.tokenHash).not.toContain(body.token);
    expect((await t.app.inject({ method: 'GET', url: `/api/devices/${device.id}`, headers })).json()).toMatchObject({
      status: 'online',
      activeSessionId: null,
    });
    expect(t.events).toContainEqual(
      expect.objectContaining({ type: 'device.status', deviceId: device.id, status: 'online' }),
    );
  });

  it('refuses a wrong code with 401 after the constant delay, and a malformed one with 400', async () => {
    delays.waits.length = 0;
    const res = await t.app.inject({ method: 'POST', url: '/api/tv/authenticate', payload: { code: '000000' } });
    expect(res.statusCode).toBe(401);
    // Awaited before answering: what is left of the minute once the lookup is done (a few ms).
    expect(delays.waits).toEqual([{ ms: expect.any(Number), awaited: true }]);
    expect(delays.waits[0]!.ms).toBeGreaterThan(50_000);
    expect(delays.waits[0]!.ms).toBeLessThanOrEqual(60_000);
    expect(res.json().code).toBe('PAIRING_FAILED');
    const bad = await t.app.inject({ method: 'POST', url: '/api/tv/authenticate', payload: { code: '12ab56' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Código deve conter exatamente 6 dígitos');
  });

  it('serves the manifest with an ETag, 304 when unchanged, and a new version on every relevant change', async () => {
    const { headers, device, playlist, image, pair } = await setup();
    const token = await pair();
    const content = (etag?: string) =>
      t.app.inject({
        method: 'GET',
        url: '/api/tv/content',
        headers: { ...tvHeaders(token), ...(etag ? { 'if-none-match': etag } : {}) },
      });

    const empty = await content();
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toMatchObject({ device: { id: device.id, layout: 'single' }, windows: [null] });
    expect(empty.headers.etag).toBe(`"${empty.json().version}"`);
    expect((await content(empty.headers.etag as string)).statusCode).toBe(304);

    await t.app.inject({
      method: 'PATCH',
      url: `/api/devices/${device.id}`,
      headers,
      payload: { assignedPlaylistId1: playlist.id, assignedPlaylistId2: null },
    });
    await eventually(async () => (await content(empty.headers.etag as string)).statusCode === 200);
    const assigned = await content(empty.headers.etag as string);
    expect(assigned.statusCode).toBe(200);
    const manifest = assigned.json();
    expect(manifest.windows).toEqual([
      {
        playlistId: playlist.id,
        name: 'Vitrine',
        startDate: null,
        durationDays: 0,
        items: [
          {
            mediaId: image.id,
            url: expect.stringMatching(/^\/api\/tv\/media\/\d+\?device=\d+&expires=\d+&signature=/),
            mimeType: 'image/png',
            size: image.size,
            sha256: image.sha256,
            duration: 7,
          },
        ],
      },
    ]);

    await t.app.inject({
      method: 'PUT',
      url: `/api/playlists/${playlist.id}`,
      headers,
      payload: { name: 'Vitrine', items: [{ mediaId: image.id, duration: 9 }] },
    });
    await eventually(async () => (await content(assigned.headers.etag as string)).statusCode === 200);
    const edited = await content(assigned.headers.etag as string);
    expect(edited.statusCode).toBe(200);
    expect(edited.json().windows[0].items[0].duration).toBe(9);

    await t.app.inject({ method: 'DELETE', url: `/api/media/${image.id}`, headers });
    await eventually(async () => (await content(edited.headers.etag as string)).statusCode === 200);
    const mediaGone = await content(edited.headers.etag as string);
    expect(mediaGone.statusCode).toBe(200);
    expect(mediaGone.json().windows[0].items).toEqual([]);
  });

  it('serves media by signed, expiring URL with Range, and refuses a tampered one', async () => {
    const { headers, device, playlist, image, pair } = await setup();
    await t.app.inject({
      method: 'PATCH',
      url: `/api/devices/${device.id}`,
      headers,
      payload: { assignedPlaylistId1: playlist.id },
    });
    const token = await pair();
    const url: string = (
      await t.app.inject({ method: 'GET', url: '/api/tv/content', headers: tvHeaders(token) })
    ).json().windows[0].items[0].url;
    const whole = await t.app.inject({ method: 'GET', url });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('image/png');
    expect(whole.rawPayload.length).toBe(image.size);
    const part = await t.app.inject({ method: 'GET', url, headers: { range: 'bytes=0-9' } });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload).toEqual(whole.rawPayload.subarray(0, 10));
    // Another first character (a signature starting with "x" once made this the same URL: 1 run in 64).
    const tampered = url.replace(/signature=(.)/, (_, first: string) => `signature=${first === 'x' ? 'y' : 'x'}`);
    expect((await t.app.inject({ method: 'GET', url: tampered })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: url.replace(/expires=\d+/, 'expires=1000') })).statusCode).toBe(
      403,
    );
  });

  it('moves Aguardando → Executando → Aguardando with status reports, and batches lastSeen from heartbeats', async () => {
    const { device, pair } = await setup();
    const token = await pair();
    const playing = await t.app.inject({
      method: 'POST',
      url: '/api/tv/status',
      headers: tvHeaders(token),
      payload: { state: 'playing', sessionId: 'sessao-1' },
    });
    expect(playing.json()).toEqual({ activeSessionId: 'sessao-1' });
    expect(await deviceRow(device.id)).toMatchObject({ status: 'online', activeSessionId: 'sessao-1' });
    const idle = await t.app.inject({
      method: 'POST',
      url: '/api/tv/status',
      headers: tvHeaders(token),
      payload: { state: 'idle' },
    });
    expect(idle.json()).toEqual({ activeSessionId: null });
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/tv/status',
          headers: tvHeaders(token),
          payload: { state: 'dancing' },
        })
      ).statusCode,
    ).toBe(400);

    const before = (await deviceRow(device.id)).lastSeen!;
    const { workspaceId } = await deviceRow(device.id);
    // The beat's time must be later than the pairing's: wait for the clock to move, not a set time.
    await eventually(() => Date.now() > before.getTime(), 'the clock past the last beat');
    const beat = await t.app.inject({ method: 'POST', url: '/api/tv/heartbeat', headers: tvHeaders(token) });
    expect(beat.json()).toEqual({ contentVersion: expect.any(String), serverTime: expect.any(String) });
    // No bus event per heartbeat (issue 12): one batch per flush carries every device that beat.
    expect(t.events.filter((e) => (e.type as string) === 'device.heartbeat')).toEqual([]);
    await eventually(() =>
      t.events.some(
        (e) =>
          e.type === 'device.heartbeats' &&
          e.beats.some((b) => b.deviceId === device.id && b.workspaceId === workspaceId),
      ),
    );
    await eventually(async () => (await deviceRow(device.id)).lastSeen!.getTime() > before.getTime());
  });

  it('sweeps a silent device offline, and a new heartbeat brings it back', async () => {
    const { device, pair } = await setup();
    const token = await pair();
    await t.app.inject({
      method: 'POST',
      url: '/api/tv/status',
      headers: tvHeaders(token),
      payload: { state: 'playing' },
    });
    await eventually(async () => (await deviceRow(device.id)).status === 'offline');
    expect(await deviceRow(device.id)).toMatchObject({ status: 'offline', activeSessionId: null });
    expect(t.events).toContainEqual(
      expect.objectContaining({ type: 'device.status', deviceId: device.id, status: 'offline' }),
    );
    await t.app.inject({ method: 'POST', url: '/api/tv/heartbeat', headers: tvHeaders(token) });
    expect((await deviceRow(device.id)).status).toBe('online');
  });

  it('answers 401 to every TV call without a valid token', async () => {
    for (const [method, url] of [
      ['GET', '/api/tv/content'],
      ['POST', '/api/tv/heartbeat'],
      ['POST', '/api/tv/status'],
    ] as const) {
      for (const headers of [{}, tvHeaders('nao-e-um-token')]) {
        const res = await t.app.inject({
          method,
          url,
          headers,
          payload: url.endsWith('status') ? { state: 'idle' } : undefined,
        });
        expect(res.statusCode, `${method} ${url}`).toBe(401);
        expect(res.json().code).toBe('DEVICE_UNAUTHENTICATED');
      }
    }
  });

  for (const [name, revoke] of [
    [
      'a disconnect from the admin',
      (s: Awaited<ReturnType<typeof setup>>) =>
        t.app.inject({ method: 'POST', url: `/api/devices/${s.device.id}/disconnect`, headers: s.headers }),
    ],
    [
      'a code change',
      (s: Awaited<ReturnType<typeof setup>>) =>
        t.app.inject({
          method: 'PUT',
          url: `/api/devices/${s.device.id}`,
          headers: s.headers,
          payload: { name: 'TV', location: 'Loja', resolution: '1920x1080', authCode: '999999' },
        }),
    ],
  ] as const) {
    it(`after ${name}: the socket closes with 4001 and the token gets 401`, async () => {
      const setupData = await setup();
      const token = await setupData.pair();
      const socket: WebSocket = await t.app.injectWS('/ws/device', { headers: tvHeaders(token) });
      const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
      const messages: unknown[] = [];
      socket.on('message', (raw) => messages.push(JSON.parse(String(raw))));
      socket.send(JSON.stringify({ type: 'heartbeat' }));
      await eventually(() => messages.length > 0);
      expect(messages).toContainEqual({
        type: 'heartbeat_ack',
        contentVersion: expect.any(String),
        serverTime: expect.any(String),
      });

      await revoke(setupData);
      expect(await closed).toBe(DEVICE_REVOKED_CLOSE_CODE);
      expect(messages).toContainEqual({ type: 'disconnect' });
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/tv/content', headers: tvHeaders(token) })).statusCode,
      ).toBe(401);
    });
  }

  it("a TV whose token a new pairing replaced (on another process) gets 401, never the new pairing's manifest", async () => {
    const { device, pair, headers, playlist, code } = await setup();
    await t.app.inject({
      method: 'PATCH',
      url: `/api/devices/${device.id}`,
      headers,
      payload: { assignedPlaylistId1: playlist.id },
    });
    const old = await pair();
    expect((await t.app.inject({ method: 'GET', url: '/api/tv/content', headers: tvHeaders(old) })).statusCode).toBe(
      200,
    );
    // Re-coded and re-paired through another process: the new token is in the database, its
    // revocation event has not reached this process (the old token is still in its cache), but an
    // edit of the device has, so this process's manifest state is reloaded with the new pairing.
    const fresh = 'novo-token-de-outro-processo-0123456789abcdefghij';
    await t.database.db
      .update(devices)
      .set({ tokenHash: hashToken(fresh) })
      .where(eq(devices.id, device.id));
    const renamed = { name: 'TV da vitrine', location: 'Loja', resolution: '1920x1080', authCode: code };
    expect(
      (await t.app.inject({ method: 'PUT', url: `/api/devices/${device.id}`, headers, payload: renamed })).statusCode,
    ).toBe(200);
    // The edit reaches the manifest state through the event bus (Redis: a moment later). Until then
    // the old TV still gets its own, unchanged manifest; after it, never the renamed one.
    let stale = await t.app.inject({ method: 'GET', url: '/api/tv/content', headers: tvHeaders(old) });
    for (
      const started = Date.now();
      stale.statusCode === 200 && !stale.body.includes('TV da vitrine') && Date.now() - started < 10_000;
    ) {
      await sleep(50);
      stale = await t.app.inject({ method: 'GET', url: '/api/tv/content', headers: tvHeaders(old) });
    }
    expect(stale.statusCode, stale.body).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/tv/content', headers: tvHeaders(fresh) })).statusCode).toBe(
      200,
    );
  });

  it('pushes the new manifest over the socket when the assignment changes', async () => {
    const { headers, device, playlist, pair } = await setup();
    const token = await pair();
    const socket: WebSocket = await t.app.injectWS('/ws/device');
    const messages: Array<{ type: string; manifest?: { version: string } }> = [];
    socket.on('message', (raw) => messages.push(JSON.parse(String(raw))));
    socket.send(JSON.stringify({ type: 'auth', token }));
    socket.send(JSON.stringify({ type: 'heartbeat' }));
    await eventually(() => messages.some((m) => m.type === 'heartbeat_ack'));
    await t.app.inject({
      method: 'PATCH',
      url: `/api/devices/${device.id}`,
      headers,
      payload: { assignedPlaylistId1: playlist.id },
    });
    await eventually(() => messages.some((m) => m.type === 'manifest'));
    const change = messages.find((m) => m.type === 'manifest');
    expect(change?.manifest?.version).toBe(
      (await t.app.inject({ method: 'GET', url: '/api/tv/content', headers: tvHeaders(token) })).json().version,
    );
    socket.terminate();
  });
});

describe('TV pairing limits', () => {
  const t = useTestApp({
    tv: {
      flushIntervalMs: 1000,
      offlineAfterMs: 45_000,
      pairing: { perAddressPerMinute: 3, globalPerMinute: 5, failureDelayMs: 0 },
    },
  });

  it('throttles guessing per address (429) and globally across addresses', async () => {
    const attempt = (ip: string) =>
      t.app.inject({ method: 'POST', url: '/api/tv/authenticate', remoteAddress: ip, payload: { code: '000001' } });
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await attempt('203.0.113.7')).statusCode);
    expect(statuses).toEqual([401, 401, 401, 429]);
    const others = [];
    for (let i = 0; i < 4; i++) others.push((await attempt(`198.51.100.${i}`)).statusCode);
    expect(others).toEqual([401, 401, 429, 429]);
  });
});
