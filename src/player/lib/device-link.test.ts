import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DeviceLink, type DeviceLinkEvents } from './device-link';

/** A socket the test talks through: what the player sent, and a way to answer as the server. */
class FakeSocket {
  static last: FakeSocket | null = null;
  sent: unknown[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  constructor() {
    FakeSocket.last = this;
  }
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {}
  receive(message: unknown) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
}

const manifest = {
  version: 'v1',
  device: { id: 7, name: 'TV', layout: 'single', orientation: 'horizontal', resolution: '1920x1080' },
  windows: [null],
  campaigns: [],
  timeZone: 'America/Sao_Paulo',
  serverTime: '2026-05-07T15:00:10.000Z',
};

/** What the server answers a call other than the manifest: ok unless a test says otherwise (a throw is no answer). */
let answer: (url: string) => Response;
/** The manifest's answer when a test changes it (a throw is no answer). */
let contentAnswer: (() => Response) | null;
let requests: Array<{ url: string; body: unknown; headers: Record<string, string> }>;
beforeEach(() => {
  answer = () => Response.json({ activeSessionId: null });
  contentAnswer = null;
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2026-05-07T15:00:00.000Z'));
  requests = [];
  vi.stubGlobal('window', new EventTarget());
  vi.stubGlobal('location', { protocol: 'http:', host: 'tv.local' });
  vi.stubGlobal('WebSocket', FakeSocket);
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : init.body;
    requests.push({ url, body, headers: init.headers as Record<string, string> });
    if (url === '/api/tv/content') return contentAnswer?.() ?? Response.json(manifest, { headers: { etag: '"v1"' } });
    return answer(url);
  });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('device link and campaigns', () => {
  it('reads the server clock from the manifest and every heartbeat answer, and reports the campaign on air', async () => {
    const offsets: number[] = [];
    const link = new DeviceLink(
      'token',
      { version: null, etag: null },
      { onManifest: () => undefined, onRevoked: () => undefined, onClockOffset: (o) => offsets.push(o) },
    );
    link.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(offsets).toEqual([10_000]); // the fetched manifest: the server is 10 s ahead

    const socket = FakeSocket.last!;
    socket.onopen?.();
    socket.receive({ type: 'heartbeat_ack', contentVersion: 'v1', serverTime: '2026-05-07T15:00:09.500Z' });
    expect(offsets).toEqual([10_000, 9_500]);
    socket.receive({ type: 'heartbeat_ack', contentVersion: 'v1' }); // an older server: nothing to learn
    expect(offsets).toHaveLength(2);

    link.setStatus({ state: 'playing', sessionId: 's1', campaignId: 5 });
    link.setStatus({ state: 'playing', sessionId: 's1', campaignId: null });
    await vi.advanceTimersByTimeAsync(0);
    expect(requests.filter((r) => r.url === '/api/tv/status').map((r) => r.body)).toEqual([
      { state: 'playing', sessionId: 's1', campaignId: 5 },
      { state: 'playing', sessionId: 's1', campaignId: null },
    ]);
    link.stop();
  });
});

/** A started link whose socket is up (authenticated and acknowledged), and the socket. */
async function connectedLink(events: Partial<DeviceLinkEvents> = {}) {
  const link = new DeviceLink(
    'token',
    { version: null, etag: null },
    { onManifest: () => undefined, onRevoked: () => undefined, ...events },
  );
  link.start();
  const socket = FakeSocket.last!;
  socket.onopen?.();
  socket.receive({ type: 'heartbeat_ack', contentVersion: 'v1' });
  await vi.advanceTimersByTimeAsync(0);
  return { link, socket };
}

const statusBodies = () => requests.filter((r) => r.url === '/api/tv/status').map((r) => r.body);
const uploads = () => requests.filter((r) => r.url === '/api/tv/screenshot');
const failures = (socket: FakeSocket) =>
  socket.sent.filter((m) => (m as { type: string }).type === 'screenshot_failed').length;

describe('device link and the screens seen from afar', () => {
  const single = (playlistId: number | null, campaignId: number | null = null) => ({
    fullScreen: false,
    windows: [{ playlistId, campaignId }],
  });

  it('reports what each window plays with the status, only when it changes, and again after a reconnect', async () => {
    const { link, socket } = await connectedLink();
    link.setStatus({ state: 'playing', sessionId: 's1', campaignId: null, nowPlaying: single(3) });
    await vi.advanceTimersByTimeAsync(0);
    // The same report again (a new manifest that changed no window): nothing is sent.
    link.setStatus({ state: 'playing', sessionId: 's1', campaignId: null, nowPlaying: single(3) });
    await vi.advanceTimersByTimeAsync(0);
    link.setStatus({ state: 'playing', sessionId: 's1', campaignId: 5, nowPlaying: single(8, 5) });
    await vi.advanceTimersByTimeAsync(0);
    expect(statusBodies()).toEqual([
      { state: 'playing', sessionId: 's1', campaignId: null, nowPlaying: single(3) },
      { state: 'playing', sessionId: 's1', campaignId: 5, nowPlaying: single(8, 5) },
    ]);

    // The server may have swept the TV offline meanwhile: the last report goes again.
    socket.onclose?.({ code: 1006 });
    await vi.advanceTimersByTimeAsync(30_000);
    const again = FakeSocket.last!;
    expect(again).not.toBe(socket);
    again.onopen?.();
    again.receive({ type: 'heartbeat_ack', contentVersion: 'v1' });
    await vi.advanceTimersByTimeAsync(0);
    expect(statusBodies().at(-1)).toEqual({
      state: 'playing',
      sessionId: 's1',
      campaignId: 5,
      nowPlaying: single(8, 5),
    });
    link.stop();
  });

  it('reports again when the server answers over HTTP after a gap, with the socket still down', async () => {
    const { link, socket } = await connectedLink();
    link.setStatus({ state: 'playing', sessionId: 's1', campaignId: null, nowPlaying: single(3) });
    await vi.advanceTimersByTimeAsync(0);
    expect(statusBodies()).toHaveLength(1);
    // The socket drops and never comes back (a proxy that refuses upgrades); the server is down a while.
    answer = () => {
      throw new TypeError('Failed to fetch');
    };
    socket.onclose?.({ code: 1006 });
    await vi.advanceTimersByTimeAsync(15_000);
    // Back: the HTTP heartbeat is answered, and the sweep may have cleared the session meanwhile.
    answer = (url) =>
      url === '/api/tv/heartbeat' ? Response.json({ contentVersion: 'v1' }) : Response.json({ activeSessionId: 's1' });
    await vi.advanceTimersByTimeAsync(15_000);
    expect(statusBodies()).toHaveLength(2);
    expect(statusBodies().at(-1)).toEqual({
      state: 'playing',
      sessionId: 's1',
      campaignId: null,
      nowPlaying: single(3),
    });
    link.stop();
  });

  it('takes Capturar tela and Recarregar from the HTTP heartbeat when no socket is up (docs/tv-protocol.md#commands)', async () => {
    const jpeg = new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], { type: 'image/jpeg' });
    let reloads = 0;
    const { link, socket } = await connectedLink({
      onScreenshotRequest: async () => jpeg,
      onReloadRequest: () => reloads++,
    });
    // A proxy that refuses upgrades: the socket drops and stays down, the heartbeats go over HTTP.
    answer = () => {
      throw new TypeError('Failed to fetch');
    };
    socket.onclose?.({ code: 1006 });
    answer = (url) =>
      url === '/api/tv/heartbeat'
        ? Response.json({ contentVersion: 'v1', commands: ['screenshot', 'reload', 'formatar'] })
        : Response.json({ activeSessionId: null });
    await vi.advanceTimersByTimeAsync(15_000);
    expect(uploads()).toHaveLength(1);
    expect(reloads).toBe(1);
    answer = (url) =>
      url === '/api/tv/heartbeat' ? Response.json({ contentVersion: 'v1' }) : Response.json({ activeSessionId: null });
    await vi.advanceTimersByTimeAsync(15_000);
    expect([uploads().length, reloads]).toEqual([1, 1]);
    link.stop();
  });

  it('sends the screen as a JPEG when asked for a screenshot, and says nothing else on the socket', async () => {
    const jpeg = new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3])], { type: 'image/jpeg' });
    let asked = 0;
    const { link, socket } = await connectedLink({ onScreenshotRequest: async () => (asked++, jpeg) });
    socket.receive({ type: 'screenshot' });
    await vi.advanceTimersByTimeAsync(0);
    expect(asked).toBe(1);
    expect(uploads()).toHaveLength(1);
    const [upload] = uploads();
    expect(upload!.headers).toMatchObject({ authorization: 'Bearer token', 'content-type': 'image/jpeg' });
    expect([...new Uint8Array(await (upload!.body as Blob).arrayBuffer())]).toEqual([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]);
    expect(failures(socket)).toBe(0);
    link.stop();
  });

  it('answers screenshot_failed when there is nothing on screen, the capture throws or the server refuses the picture', async () => {
    let capture: () => Promise<Blob | null> = async () => null;
    const { link, socket } = await connectedLink({ onScreenshotRequest: () => capture() });
    socket.receive({ type: 'screenshot' });
    await vi.advanceTimersByTimeAsync(0);
    expect(failures(socket)).toBe(1);
    expect(uploads()).toHaveLength(0);

    capture = () =>
      Promise.reject(new DOMException('The canvas has been tainted by cross-origin data.', 'SecurityError'));
    socket.receive({ type: 'screenshot' });
    await vi.advanceTimersByTimeAsync(0);
    expect(failures(socket)).toBe(2);
    capture = () => {
      throw new Error('no 2d canvas');
    };
    socket.receive({ type: 'screenshot' });
    await vi.advanceTimersByTimeAsync(0);
    expect(failures(socket)).toBe(3);
    expect(uploads()).toHaveLength(0);

    capture = async () => new Blob([new Uint8Array(8)], { type: 'image/jpeg' });
    answer = (url) =>
      url === '/api/tv/screenshot'
        ? Response.json({ message: 'A captura de tela deve ser uma imagem JPEG.' }, { status: 413 })
        : Response.json({});
    socket.receive({ type: 'screenshot' });
    await vi.advanceTimersByTimeAsync(0);
    expect(uploads()).toHaveLength(1);
    expect(failures(socket)).toBe(4);
    link.stop();
  });

  it('does not send a screenshot lost to the network again, and keeps playing online on the socket', async () => {
    const connection: boolean[] = [];
    const { link, socket } = await connectedLink({
      onScreenshotRequest: async () => new Blob([new Uint8Array(8)], { type: 'image/jpeg' }),
      onConnection: (online) => connection.push(online),
    });
    answer = (url) => {
      if (url === '/api/tv/screenshot') throw new TypeError('Failed to fetch');
      return Response.json({});
    };
    socket.receive({ type: 'screenshot' });
    await vi.advanceTimersByTimeAsync(0);
    expect(uploads()).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(uploads()).toHaveLength(1);
    expect(failures(socket)).toBe(0);
    expect(connection).toEqual([true]);
    link.stop();
  });

  it('goes back to pairing when the server refuses the token with the screenshot', async () => {
    let revoked = 0;
    const { socket } = await connectedLink({
      onScreenshotRequest: async () => new Blob([new Uint8Array(8)]),
      onRevoked: () => revoked++,
    });
    answer = (url) => (url === '/api/tv/screenshot' ? new Response(null, { status: 401 }) : Response.json({}));
    socket.receive({ type: 'screenshot' });
    await vi.advanceTimersByTimeAsync(0);
    expect(revoked).toBe(1);
    expect(failures(socket)).toBe(0);
  });

  it('hands a reload request to the page', async () => {
    let reloads = 0;
    const { link, socket } = await connectedLink({ onReloadRequest: () => reloads++ });
    socket.receive({ type: 'heartbeat_ack', contentVersion: 'v1' });
    expect(reloads).toBe(0);
    socket.receive({ type: 'reload' });
    expect(reloads).toBe(1);
    link.stop();
  });
});

/**
 * Only a 401 the player received unpairs it (docs/scaling.md, "When PostgreSQL or Redis goes
 * away"): a server that fails (5xx, a retryable close, no answer) is waited for, with the token,
 * manifest, media and unsent plays kept.
 */
describe('device link and a failing server', () => {
  const contentCalls = () => requests.filter((r) => r.url === '/api/tv/content').length;
  const failures: Record<string, () => Response> = {
    'a 503': () => Response.json({ message: 'Serviço temporariamente indisponível.' }, { status: 503 }),
    'a proxy 502': () => new Response('Bad Gateway', { status: 502 }),
    'no answer': () => {
      throw new TypeError('Failed to fetch');
    },
  };

  for (const [what, failure] of Object.entries(failures)) {
    it(`keeps its pairing when a 4001 is followed by ${what} on the manifest, and reconnects`, async () => {
      let revoked = 0;
      const { link, socket } = await connectedLink({ onRevoked: () => revoked++ });
      contentAnswer = failure;
      const asked = contentCalls();
      socket.receive({ type: 'disconnect' });
      socket.onclose?.({ code: 4001 });
      await vi.advanceTimersByTimeAsync(0);
      expect(contentCalls()).toBeGreaterThan(asked);
      expect(revoked).toBe(0);
      // Tries the socket again with backoff, while the server is still failing.
      await vi.advanceTimersByTimeAsync(30_000);
      expect(FakeSocket.last).not.toBe(socket);
      expect(revoked).toBe(0);
      link.stop();
    });
  }

  it('unpairs when a 4001 is confirmed by a 401', async () => {
    let revoked = 0;
    const { socket } = await connectedLink({ onRevoked: () => revoked++ });
    contentAnswer = () => Response.json({ message: 'Dispositivo não autenticado.' }, { status: 401 });
    socket.receive({ type: 'disconnect' });
    socket.onclose?.({ code: 4001 });
    await vi.advanceTimersByTimeAsync(0);
    expect(revoked).toBe(1);
  });

  it('after a drop, waits its jittered delay (0.5–1 s) before reconnecting, and asks nothing over HTTP meanwhile', async () => {
    // docs/scaling.md, "kill -9 of one process of three": thousands of TVs lose one process at once.
    for (const [random, delay] of [
      [0, 500],
      [0.999, 1000],
    ] as const) {
      vi.spyOn(Math, 'random').mockReturnValue(random);
      const { link } = await connectedLink();
      const dropped = FakeSocket.last!;
      const before = requests.length;
      dropped.onclose?.({ code: 1006 });
      await vi.advanceTimersByTimeAsync(delay - 1);
      expect(FakeSocket.last).toBe(dropped);
      expect(requests.slice(before).map((r) => r.url)).toEqual([]);
      await vi.advanceTimersByTimeAsync(1);
      expect(FakeSocket.last).not.toBe(dropped);
      link.stop();
      vi.restoreAllMocks();
    }
  });

  it('reconnects after a 1011 or 1013 close without asking anything or unpairing', async () => {
    let revoked = 0;
    const { link, socket } = await connectedLink({ onRevoked: () => revoked++ });
    for (const code of [1013, 1011]) {
      const current = FakeSocket.last!;
      const asked = contentCalls();
      current.onclose?.({ code });
      await vi.advanceTimersByTimeAsync(0);
      expect(contentCalls()).toBe(asked);
      await vi.advanceTimersByTimeAsync(30_000);
      expect(FakeSocket.last).not.toBe(current);
    }
    expect(FakeSocket.last).not.toBe(socket);
    expect(revoked).toBe(0);
    link.stop();
  });

  it('keeps its pairing through minutes of 5xx and no answers on every call, then takes the new manifest', async () => {
    let revoked = 0;
    const manifests: string[] = [];
    const { link, socket } = await connectedLink({
      onRevoked: () => revoked++,
      onManifest: (m) => manifests.push(m.version),
    });
    let round = 0;
    const failing = () => {
      round += 1;
      if (round % 2) throw new TypeError('Failed to fetch');
      return new Response(null, { status: 503 });
    };
    answer = failing;
    contentAnswer = failing;
    socket.onclose?.({ code: 1006 });
    link.setStatus({ state: 'playing', sessionId: 's1', campaignId: null });
    await vi.advanceTimersByTimeAsync(5 * 60_000);
    expect(revoked).toBe(0);
    expect(round).toBeGreaterThan(10);

    answer = () => Response.json({ contentVersion: 'v2' });
    contentAnswer = () => Response.json({ ...manifest, version: 'v2' }, { headers: { etag: '"v2"' } });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(manifests.at(-1)).toBe('v2');
    expect(revoked).toBe(0);
    link.stop();
  });

  it('goes back to pairing on a 401 to any call', async () => {
    let revoked = 0;
    const { socket } = await connectedLink({ onRevoked: () => revoked++ });
    answer = (url) => (url === '/api/tv/heartbeat' ? new Response(null, { status: 401 }) : Response.json({}));
    socket.onclose?.({ code: 1006 });
    await vi.advanceTimersByTimeAsync(15_000);
    expect(revoked).toBe(1);
  });
});
