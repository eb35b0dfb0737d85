/**
 * Simulated TVs for tests, benchmarks and demos: creates (or reuses) devices through the admin
 * API, pairs each with its code, holds its device socket and sends heartbeats, like the player,
 * and keeps the manifest the server pushes on the socket (its own notice of the change, or after a
 * `content_changed`: docs/tv-protocol.md#device-socket).
 * The server must allow the pairing rate (PAIRING_RATE_LIMIT / PAIRING_GLOBAL_RATE_LIMIT).
 */
import WebSocket from 'ws';
import type { Manifest } from '../src/contract/tv';

export interface SimulatorOptions {
  baseUrl: string;
  email: string;
  password: string;
  devices: number;
  /** Device names are `${prefix} 001`…; existing ones with these names are reused. */
  prefix?: string;
  layout?: 'single' | 'dual';
  heartbeatMs?: number;
  /** Report `playing` after pairing (the admin screens then show Executando). */
  play?: boolean;
  log?: (line: string) => void;
}

export interface SimulatedDevice {
  id: number;
  name: string;
  code: string;
  token: string | null;
  socket: WebSocket | null;
  /**
   * Arrival times (ms) of each notice of a change, for latency measurements: a `content_changed`,
   * or a manifest that came without one.
   */
  contentChanges: Array<{ version: string; at: number }>;
  /** Arrival times (ms) of each manifest pushed on the socket (issue 12), and the latest one. */
  manifests: Array<{ version: string; at: number }>;
  manifest: Manifest | null;
  /** Set when the server revoked the token (socket closed with 4001): back to pairing. */
  revoked: boolean;
  /** When its pairing request was sent (ms), for latency measurements. */
  pairingStartedAt: number | null;
}

async function json<T>(res: Response): Promise<T> {
  if (!res.ok) throw new Error(`${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

const randomCode = () => String(Math.floor(Math.random() * 1_000_000)).padStart(6, '0');

export async function startSimulator(options: SimulatorOptions) {
  const { baseUrl, prefix = 'Simulador', heartbeatMs = 15_000, log = () => {} } = options;
  const login = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: options.email, password: options.password }),
  });
  await json(login);
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
  const api = (path: string, init: RequestInit = {}) =>
    fetch(`${baseUrl}${path}`, {
      ...init,
      headers: { cookie, ...(init.body ? { 'content-type': 'application/json' } : {}), ...init.headers },
    });

  const existing = await json<Array<{ id: number; name: string; authCode: string; paired: boolean }>>(
    await api('/api/devices'),
  );
  const byName = new Map(existing.map((d) => [d.name, d]));
  const devices: SimulatedDevice[] = [];
  for (let i = 1; i <= options.devices; i++) {
    const name = `${prefix} ${String(i).padStart(3, '0')}`;
    let row = byName.get(name);
    while (!row) {
      const res = await api('/api/devices', {
        method: 'POST',
        body: JSON.stringify({
          name,
          location: 'Simulação',
          resolution: '1920x1080',
          layout: options.layout ?? 'single',
          authCode: randomCode(),
        }),
      });
      if (res.status === 409) continue;
      row = await json(res);
    }
    // A code pairs one TV (docs/tv-protocol.md#pairing): a device left paired by an earlier run is re-armed first.
    if (row.paired) await json(await api(`/api/devices/${row.id}/disconnect`, { method: 'POST' }));
    devices.push({
      id: row.id,
      name,
      code: row.authCode,
      token: null,
      socket: null,
      contentChanges: [],
      manifests: [],
      manifest: null,
      revoked: false,
      pairingStartedAt: null,
    });
  }
  log(`${devices.length} dispositivos prontos`);

  async function pair(device: SimulatedDevice) {
    device.pairingStartedAt = Date.now();
    const res = await fetch(`${baseUrl}/api/tv/authenticate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code: device.code, deviceInfo: { model: 'simulador' } }),
    });
    device.token = (await json<{ token: string }>(res)).token;
    device.revoked = false;
    const socket = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/ws/device`, {
      headers: { authorization: `Bearer ${device.token}` },
    });
    device.socket = socket;
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    socket.on('message', (raw) => {
      const message = JSON.parse(String(raw)) as { type: string; version?: string; manifest?: Manifest };
      if (message.type === 'content_changed') device.contentChanges.push({ version: message.version!, at: Date.now() });
      if (message.type === 'manifest' && message.manifest) {
        if (device.contentChanges.at(-1)?.version !== message.manifest.version)
          device.contentChanges.push({ version: message.manifest.version, at: Date.now() });
        device.manifest = message.manifest;
        device.manifests.push({ version: message.manifest.version, at: Date.now() });
      }
    });
    socket.on('close', (code) => {
      if (code === 4001) device.revoked = true;
      device.socket = null;
    });
    if (options.play) {
      await json(
        await fetch(`${baseUrl}/api/tv/status`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${device.token}` },
          body: JSON.stringify({ state: 'playing' }),
        }),
      );
    }
  }

  // Pair a few at a time: fast, without a thundering herd on the server.
  for (let i = 0; i < devices.length; i += 20) await Promise.all(devices.slice(i, i + 20).map(pair));
  log(`${devices.length} dispositivos pareados`);

  const beat = setInterval(() => {
    for (const d of devices)
      if (d.socket?.readyState === WebSocket.OPEN) d.socket.send(JSON.stringify({ type: 'heartbeat' }));
  }, heartbeatMs);

  return {
    devices,
    cookie,
    pair,
    async stop() {
      clearInterval(beat);
      await Promise.all(
        devices.map(
          (d) =>
            new Promise<void>((resolve) => {
              if (!d.socket || d.socket.readyState === WebSocket.CLOSED) return resolve();
              d.socket.once('close', () => resolve());
              d.socket.close(1000);
            }),
        ),
      );
    },
  };
}
