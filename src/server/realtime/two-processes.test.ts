import type { ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tvHeaders } from '../test/api-factories';
import { eventually } from '../test/eventually';
import { ownDatabase, startServer } from '../test/test-server';

const { DATABASE_URL, REDIS_URL } = process.env;
const ADMIN = { email: 'admin@dois.processos', password: 'senha-dois-processos' };

async function login(url: string) {
  const res = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  expect(res.status).toBe(200);
  return (res.headers.get('set-cookie') ?? '').split(';')[0]!;
}

const nextMessage = (ws: WebSocket, match: (m: Record<string, unknown>) => boolean, timeoutMs = 15_000) =>
  new Promise<Record<string, unknown>>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no matching message within ${timeoutMs} ms`)), timeoutMs);
    ws.on('message', (raw) => {
      const message = JSON.parse(String(raw)) as Record<string, unknown>;
      if (match(message)) {
        clearTimeout(timer);
        resolve(message);
      }
    });
  });

/** docs/ARCHITECTURE.md#shape-of-the-system: several server processes share PostgreSQL and Redis, and events cross between them. */
describe.skipIf(!DATABASE_URL || !REDIS_URL)('two server processes over PostgreSQL and Redis', () => {
  const servers: ChildProcess[] = [];
  let a = '';
  let b = '';

  beforeAll(async () => {
    const database = await ownDatabase('two_processes');
    // One media store for both, as several processes need (docs/scaling.md): an upload's job may
    // run on either process, which then reads the file from the store.
    const env = {
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'sinalize-two-')),
      DATABASE_URL: database.url,
      REDIS_URL: REDIS_URL!,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      SESSION_SECRET: 'x'.repeat(48),
    };
    // One after the other: the first applies the migrations and creates the admin.
    const first = await startServer(env);
    const second = await startServer(env);
    servers.push(first.child, second.child);
    a = first.url;
    b = second.url;
  }, 90_000);

  afterAll(() => {
    for (const child of servers) child.kill('SIGTERM');
  });

  it('a device paired on process A reaches an admin socket on process B; a disconnect on A closes its socket on B with 4001', async () => {
    const cookieA = await login(a);
    const cookieB = await login(b);
    const admin = new WebSocket(`${b.replace('http', 'ws')}/ws`, { headers: { cookie: cookieB } });
    await new Promise((resolve) => admin.once('open', resolve));

    const created = await fetch(`${a}/api/devices`, {
      method: 'POST',
      headers: { cookie: cookieA, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'TV A', location: 'Loja', resolution: '1920x1080', authCode: '424242' }),
    });
    const device = (await created.json()) as { id: number };
    const update = nextMessage(admin, (m) => m.type === 'device_update' && m.deviceId === device.id);
    const paired = await fetch(`${a}/api/tv/authenticate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code: '424242' }),
    });
    const { token } = (await paired.json()) as { token: string };
    expect(await update).toMatchObject({ status: 'online', activeSessionId: null });

    const tv = new WebSocket(`${b.replace('http', 'ws')}/ws/device`, { headers: tvHeaders(token) });
    await new Promise((resolve) => tv.once('open', resolve));
    const closed = new Promise<number>((resolve) => tv.once('close', resolve));
    await fetch(`${a}/api/devices/${device.id}/disconnect`, { method: 'POST', headers: { cookie: cookieA } });
    expect(await closed).toBe(4001);
    expect((await fetch(`${b}/api/tv/content`, { headers: tvHeaders(token) })).status).toBe(401);
    admin.close();
  }, 60_000);

  it('a playlist edit on process A reaches a TV on process B as its new manifest on the socket (issue 12)', async () => {
    const cookie = await login(a);
    const api = async <T>(url: string, method: string, body: unknown): Promise<T> => {
      const res = await fetch(`${a}${url}`, {
        method,
        headers: { cookie, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(res.status, `${method} ${url}`).toBeLessThan(300);
      return (await res.json()) as T;
    };
    const png = await sharp({ create: { width: 16, height: 9, channels: 3, background: '#115e59' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'dois.png');
    const image = (await (
      await fetch(`${a}/api/media/upload`, { method: 'POST', headers: { cookie }, body: form })
    ).json()) as { id: number };
    const ready = async () =>
      (
        (await (await fetch(`${a}/api/media`, { headers: { cookie } })).json()) as Array<{ id: number; status: string }>
      ).find((m) => m.id === image.id)?.status === 'ready';
    await eventually(ready, 'the image ready', 30_000);
    const playlist = await api<{ id: number }>('/api/playlists', 'POST', {
      name: 'Dois',
      items: [{ mediaId: image.id, duration: 5 }],
    });
    const device = await api<{ id: number }>('/api/devices', 'POST', {
      name: 'TV B',
      location: 'Loja',
      resolution: '1920x1080',
      authCode: '525252',
    });
    await api(`/api/devices/${device.id}`, 'PATCH', { assignedPlaylistId1: playlist.id });
    const paired = await fetch(`${b}/api/tv/authenticate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code: '525252' }),
    });
    const { token } = (await paired.json()) as { token: string };
    // Its first fetch, like the player: B's cache holds this pairing before the socket opens.
    expect((await fetch(`${b}/api/tv/content`, { headers: tvHeaders(token) })).status).toBe(200);

    const tv = new WebSocket(`${b.replace('http', 'ws')}/ws/device`, { headers: tvHeaders(token) });
    const messages: Array<Record<string, unknown>> = [];
    tv.on('message', (raw) => messages.push(JSON.parse(String(raw)) as Record<string, unknown>));
    await new Promise((resolve) => tv.once('open', resolve));
    // The first ack: B holds this TV's manifest state, so the edit's event finds it.
    const acked = nextMessage(tv, (m) => m.type === 'heartbeat_ack', 15_000);
    tv.send(JSON.stringify({ type: 'heartbeat' }));
    await acked;

    const pushed = nextMessage(tv, (m) => m.type === 'manifest', 15_000);
    await api(`/api/playlists/${playlist.id}`, 'PUT', { name: 'Dois', items: [{ mediaId: image.id, duration: 11 }] });
    const { manifest } = (await pushed) as {
      manifest: { version: string; windows: Array<{ items: Array<{ duration: number }> }> };
    };
    expect(manifest.windows[0]!.items[0]!.duration).toBe(11);
    const pushes = messages.filter((m) => m.type !== 'heartbeat_ack');
    // The manifest is the notice: one frame (docs/tv-protocol.md#device-socket).
    expect(pushes).toEqual([{ type: 'manifest', manifest }]);
    const fetched = await fetch(`${b}/api/tv/content`, { headers: tvHeaders(token) });
    // The same manifest; only `serverTime`, the clock at each sending, moves on.
    const body = (await fetched.json()) as typeof manifest & { serverTime: string };
    expect({ ...body, serverTime: (manifest as typeof body).serverTime }).toEqual(manifest);
    expect(Date.parse(body.serverTime)).toBeGreaterThanOrEqual(Date.parse((manifest as typeof body).serverTime));
    const again = await fetch(`${b}/api/tv/content`, {
      headers: { ...tvHeaders(token), 'if-none-match': `"${manifest.version}"` },
    });
    expect(again.status).toBe(304);
    tv.close();
  }, 60_000);

  it("each process keeps its device list true: its own writes at once, the other process's as their events arrive (issue 12)", async () => {
    const cookieA = await login(a);
    const cookieB = await login(b);
    const names = async (url: string, cookie: string) =>
      (
        (await (await fetch(`${url}/api/devices`, { headers: { cookie } })).json()) as Array<{
          id: number;
          name: string;
        }>
      ).map((d) => d.name);
    // Both lists read (and kept) before the changes.
    const before = await names(a, cookieA);
    expect(await names(b, cookieB)).toEqual(before);

    const created = await fetch(`${a}/api/devices`, {
      method: 'POST',
      headers: { cookie: cookieA, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'TV lista A', location: 'Loja', resolution: '1920x1080', authCode: '515151' }),
    });
    const device = (await created.json()) as { id: number };
    // The process that made it: in the very next answer, whatever Redis's delay.
    expect(await names(a, cookieA)).toContain('TV lista A');
    await expect.poll(() => names(b, cookieB)).toContain('TV lista A');

    const renamed = await fetch(`${b}/api/devices/${device.id}`, {
      method: 'PUT',
      headers: { cookie: cookieB, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'TV lista B', location: 'Loja', resolution: '1920x1080', authCode: '515151' }),
    });
    expect(renamed.status).toBe(200);
    expect(await names(b, cookieB)).toContain('TV lista B');
    await expect.poll(() => names(a, cookieA)).toContain('TV lista B');
    expect(await names(a, cookieA)).not.toContain('TV lista A');
  }, 60_000);

  it('Capturar tela and Recarregar asked on process A reach a TV on process B; its report, picture and failure reach A (issue 15)', async () => {
    const cookieA = await login(a);
    const admin = new WebSocket(`${a.replace('http', 'ws')}/ws`, { headers: { cookie: cookieA } });
    await new Promise((resolve) => admin.once('open', resolve));
    const created = await fetch(`${a}/api/devices`, {
      method: 'POST',
      headers: { cookie: cookieA, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'TV telas', location: 'Loja', resolution: '1920x1080', authCode: '626262' }),
    });
    const device = (await created.json()) as { id: number };
    const paired = await fetch(`${b}/api/tv/authenticate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code: '626262' }),
    });
    const { token } = (await paired.json()) as { token: string };
    const bearer = tvHeaders(token);
    const tv = new WebSocket(`${b.replace('http', 'ws')}/ws/device`, { headers: bearer });
    await new Promise((resolve) => tv.once('open', resolve));
    const acked = nextMessage(tv, (m) => m.type === 'heartbeat_ack');
    tv.send(JSON.stringify({ type: 'heartbeat' }));
    await acked;

    // What it plays, reported to B, reaches the admin on A.
    const nowPlaying = { fullScreen: false, windows: [{ playlistId: null, campaignId: null }] };
    const update = nextMessage(
      admin,
      (m) => m.type === 'device_update' && m.deviceId === device.id && m.nowPlaying !== null,
    );
    await fetch(`${b}/api/tv/status`, {
      method: 'POST',
      headers: { ...bearer, 'content-type': 'application/json' },
      body: JSON.stringify({ state: 'idle', nowPlaying }),
    });
    expect(await update).toMatchObject({ nowPlaying });

    const asked = nextMessage(tv, (m) => m.type === 'screenshot');
    expect(
      (await fetch(`${a}/api/devices/${device.id}/screenshot`, { method: 'POST', headers: { cookie: cookieA } }))
        .status,
    ).toBe(202);
    await asked;
    const changed = nextMessage(
      admin,
      (m) => m.type === 'device_changed' && (m.device as { screenshotAt: string | null }).screenshotAt !== null,
    );
    const jpeg = await sharp({ create: { width: 32, height: 18, channels: 3, background: '#dc2626' } })
      .jpeg()
      .toBuffer();
    const sent = await fetch(`${b}/api/tv/screenshot`, {
      method: 'POST',
      headers: { ...bearer, 'content-type': 'image/jpeg' },
      body: new Uint8Array(jpeg),
    });
    expect(sent.status).toBe(200);
    const { takenAt } = (await sent.json()) as { takenAt: string };
    expect(await changed).toMatchObject({ device: { id: device.id, screenshotAt: takenAt } });

    const failed = nextMessage(admin, (m) => m.type === 'device_screenshot_failed' && m.deviceId === device.id);
    tv.send(JSON.stringify({ type: 'screenshot_failed' }));
    await failed;

    const reload = nextMessage(tv, (m) => m.type === 'reload');
    expect(
      (await fetch(`${a}/api/devices/${device.id}/reload`, { method: 'POST', headers: { cookie: cookieA } })).status,
    ).toBe(202);
    await reload;
    tv.close();
    admin.close();
  }, 60_000);

  it('a logout on process A closes the admin socket of that session on process B (docs/api.md#admin-channel)', async () => {
    const cookie = await login(a);
    const socket = new WebSocket(`${b.replace('http', 'ws')}/ws`, { headers: { cookie } });
    await new Promise((resolve) => socket.once('open', resolve));
    const closed = new Promise<number>((resolve) => socket.once('close', resolve));
    expect((await fetch(`${a}/api/auth/logout`, { method: 'POST', headers: { cookie } })).status).toBe(204);
    expect(await closed).toBe(4001);
  }, 60_000);
});
