import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DeviceLink } from './device-link';

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

let requests: Array<{ url: string; body: unknown }>;
beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2026-05-07T15:00:00.000Z'));
  requests = [];
  vi.stubGlobal('window', new EventTarget());
  vi.stubGlobal('location', { protocol: 'http:', host: 'tv.local' });
  vi.stubGlobal('WebSocket', FakeSocket);
  vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
    requests.push({ url, body: init.body ? JSON.parse(String(init.body)) : undefined });
    if (url === '/api/tv/content') return Promise.resolve(Response.json(manifest, { headers: { etag: '"v1"' } }));
    return Promise.resolve(Response.json({ activeSessionId: null }));
  });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('device link and campaigns', () => {
  it('reads the server clock from the manifest and every heartbeat answer, and reports the campaign on air', async () => {
    const offsets: number[] = [];
    const link = new DeviceLink('token', { version: null, etag: null }, { onManifest: () => undefined, onRevoked: () => undefined, onClockOffset: (o) => offsets.push(o) });
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
