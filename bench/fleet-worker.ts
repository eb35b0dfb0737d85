/**
 * One simulator process of `bench/fleet.ts`: pairs its share of the TVs, holds their device sockets,
 * heartbeats like the player (every 15 s, each TV at its own phase) and takes the new manifest like
 * the player does: pushed on the socket right after `content_changed` (`manifestFollows`), or fetched
 * (`GET /api/tv/content`) when the push does not come within a few seconds or the server does not
 * announce one. It measures on its side and reports to the parent over IPC (each manifest with how
 * it came); the parent never touches a socket, so the figures are the TVs' own. With `localAddress`
 * (another loopback address, e.g. 127.0.0.3) every connection of its TVs leaves from it, so several
 * simulators each have the ~28,000 ephemeral ports of their own address (`bench/cluster.ts`).
 */
import http from 'node:http';
import WebSocket from 'ws';

interface Tv {
  id: number;
  code: string;
  token: string | null;
  socket: WebSocket | null;
  etag: string | null;
  /** The manifest version held: a push or a change for it is nothing new. */
  version: string | null;
  /** The version a `content_changed` last announced. */
  told: string | null;
  /** Fetch fallback armed by a `content_changed` that announced a push. */
  fallback: NodeJS.Timeout | null;
  /** Send times of heartbeats not yet acknowledged (acks come back in order on one socket). */
  pending: number[];
  timer: NodeJS.Timeout | null;
}

type Command =
  | {
      type: 'start';
      baseUrl: string;
      devices: Array<{ id: number; code: string }>;
      heartbeatMs: number;
      concurrency: number;
      localAddress?: string;
    }
  | { type: 'reset' }
  | { type: 'report' }
  | { type: 'stop' };

let baseUrl = '';
let localAddress: string | undefined;
let heartbeatMs = 15_000;
const tvs: Tv[] = [];
const heartbeatRtts: number[] = [];
let changes: Array<{ deviceId: number; at: number }> = [];
let manifests: Array<{ deviceId: number; at: number; via: 'push' | 'fetch' }> = [];
/** How long a TV waits for the announced push before fetching (the player waits as long). */
const PUSH_FALLBACK_MS = 5000;
let errors = 0;
let revoked = 0;

const send = (message: unknown) => process.send?.(message);

/**
 * Manifest requests share a bounded pool of keep-alive connections: thousands of TVs of one process
 * opening a connection each at the same moment would exhaust this machine's file descriptors (the
 * server holds one per TV socket already), which no real fleet behind different addresses does.
 */
let agent = new http.Agent({ keepAlive: true, maxSockets: 128 });

/** One request on the pool: its status, ETag and body. */
function request(method: string, p: string, headers: Record<string, string>, body?: string) {
  return new Promise<{ status: number; etag: string | null; body: string }>((resolve, reject) => {
    http
      .request(`${baseUrl}${p}`, { method, agent, headers }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, etag: (res.headers.etag as string | undefined) ?? null, body: text }),
        );
      })
      .on('error', reject)
      .end(body);
  });
}

async function fetchManifest(tv: Tv): Promise<boolean> {
  const headers: Record<string, string> = { authorization: `Bearer ${tv.token}` };
  if (tv.etag) headers['if-none-match'] = tv.etag;
  const res = await request('GET', '/api/tv/content', headers);
  if (res.status === 304) return false;
  if (res.status !== 200) throw new Error(`content ${res.status}`);
  tv.version = (JSON.parse(res.body) as { version: string }).version;
  tv.etag = res.etag;
  return true;
}

function fetchFor(tv: Tv) {
  fetchManifest(tv)
    .then((fresh) => fresh && manifests.push({ deviceId: tv.id, at: Date.now(), via: 'fetch' }))
    .catch(() => (errors += 1));
}

async function pair(tv: Tv) {
  const res = await request(
    'POST',
    '/api/tv/authenticate',
    { 'content-type': 'application/json' },
    JSON.stringify({ code: tv.code, deviceInfo: { model: 'fleet-bench' } }),
  );
  if (res.status < 200 || res.status > 299) throw new Error(`pairing ${res.status}: ${res.body}`);
  tv.token = (JSON.parse(res.body) as { token: string }).token;
  await fetchManifest(tv);
  const socket = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/ws/device`, {
    headers: { authorization: `Bearer ${tv.token}` },
    perMessageDeflate: false,
    localAddress,
  });
  tv.socket = socket;
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  socket.on('message', (raw) => {
    const message = JSON.parse(String(raw)) as
      | { type: 'heartbeat_ack' }
      | { type: 'content_changed'; version: string; manifestFollows?: boolean }
      | { type: 'manifest'; manifest: { version: string } };
    if (message.type === 'heartbeat_ack') {
      const sentAt = tv.pending.shift();
      if (sentAt !== undefined) heartbeatRtts.push(Date.now() - sentAt);
    } else if (message.type === 'content_changed') {
      changes.push({ deviceId: tv.id, at: Date.now() });
      tv.told = message.version;
      if (message.version === tv.version) return;
      if (message.manifestFollows) {
        if (tv.fallback) clearTimeout(tv.fallback);
        tv.fallback = setTimeout(() => {
          tv.fallback = null;
          fetchFor(tv);
        }, PUSH_FALLBACK_MS);
      } else {
        // Each TV on its own: the other messages that arrived in the same read are timestamped
        // first, as their own TVs would, before this one starts its request.
        setImmediate(() => fetchFor(tv));
      }
    } else if (message.type === 'manifest') {
      if (tv.fallback) clearTimeout(tv.fallback);
      tv.fallback = null;
      if (message.manifest.version === tv.version) return;
      // A manifest that comes unannounced is its own notice (docs/tv-protocol.md#device-socket).
      if (tv.told !== message.manifest.version) changes.push({ deviceId: tv.id, at: Date.now() });
      tv.version = message.manifest.version;
      tv.etag = `"${tv.version}"`;
      manifests.push({ deviceId: tv.id, at: Date.now(), via: 'push' });
    }
  });
  socket.on('error', () => (errors += 1));
  socket.on('close', (code) => {
    if (code === 4001) revoked += 1;
    tv.socket = null;
  });
  // Each TV at its own phase, like a fleet switched on over time.
  const beat = () => {
    if (tv.socket?.readyState !== WebSocket.OPEN) return;
    tv.pending.push(Date.now());
    tv.socket.send('{"type":"heartbeat"}');
  };
  tv.timer = setTimeout(function tick() {
    beat();
    tv.timer = setTimeout(tick, heartbeatMs);
  }, Math.random() * heartbeatMs);
}

async function start(command: Extract<Command, { type: 'start' }>) {
  baseUrl = command.baseUrl;
  heartbeatMs = command.heartbeatMs;
  localAddress = command.localAddress;
  agent = new http.Agent({ keepAlive: true, maxSockets: 128, localAddress });
  for (const d of command.devices)
    tvs.push({
      ...d,
      token: null,
      socket: null,
      etag: null,
      version: null,
      told: null,
      fallback: null,
      pending: [],
      timer: null,
    });
  let next = 0;
  const lane = async () => {
    while (next < tvs.length) {
      const tv = tvs[next++]!;
      try {
        await pair(tv);
      } catch {
        errors += 1;
      }
    }
  };
  await Promise.all(Array.from({ length: command.concurrency }, lane));
  send({ type: 'started', held: tvs.filter((t) => t.socket).length, errors });
}

process.on('message', (command: Command) => {
  if (command.type === 'start') void start(command);
  else if (command.type === 'reset') {
    heartbeatRtts.length = 0;
    changes = [];
    manifests = [];
    send({ type: 'reset-done' });
  } else if (command.type === 'report') {
    send({
      type: 'report',
      held: tvs.filter((t) => t.socket?.readyState === WebSocket.OPEN).length,
      heartbeatRtts,
      changes,
      manifests,
      errors,
      revoked,
    });
  } else if (command.type === 'stop') {
    for (const tv of tvs) {
      if (tv.timer) clearTimeout(tv.timer);
      if (tv.fallback) clearTimeout(tv.fallback);
      tv.socket?.terminate();
    }
    process.exit(0);
  }
});
