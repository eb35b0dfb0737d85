import type { WebSocket } from '@fastify/websocket';
import type { DeviceServerMessage } from '../../../contract/realtime';
import { withServerTime } from './manifest-body';
import type { CachedManifest, ChangedManifests, ManifestService } from './manifest-service';

/**
 * TVs told (a manifest or a notice each) per turn of the event loop: a send costs tens of µs, mostly
 * the kernel's (docs/benchmarks.md#other-figures), so a turn stays short and heartbeats are answered between slices.
 */
const SLICE = 500;
/** A TV with this much still unsent on its socket is not reading: it fetches its manifest itself. */
export const MAX_BUFFERED_BYTES = 256 * 1024;
/** Manifest bytes handed to sockets but not yet flushed, over all TVs: above this, wait a while. */
const MAX_IN_FLIGHT_BYTES = 16 * 1024 * 1024;
/** Longest wait for sockets to flush before the next slice (a callback lost must not stall pushes). */
const FLUSH_WAIT_MS = 1000;

export interface OpenDeviceSockets {
  /** The open sockets of a device, if any. */
  socketsOf(deviceId: number): Iterable<WebSocket> | undefined;
  /** The token hash the socket authenticated with: its manifest's URLs are signed for it. */
  pairingOf(socket: WebSocket): string | undefined;
}

const yieldTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The edit → TV path (docs/tv-protocol.md#device-socket and docs/benchmarks.md#targets; issues 12 and 28). Every
 * affected TV gets its new manifest on its socket, and that one frame is the notice, so a fleet
 * does not answer a push with a stampede of `GET /api/tv/content`. Manifests are built (through the
 * manifest service's cache, shared with that GET: same body, same ETag) and written in slices with
 * a yield between them, so heartbeats and requests keep being answered. A TV whose manifest cannot
 * go at once (the bytes written but not yet flushed over all TVs are over the allowance, or a
 * playlist must load first) is told `content_changed` and waits in one set: an edit arriving while
 * an earlier one is still being sent only adds devices, each gets the manifest current when its
 * turn comes, once, and a slice waits for the bytes to flush first. A TV whose socket is backed up
 * is sent no manifest (it falls back to the fetch).
 */
export function createManifestPusher(
  manifests: ManifestService,
  open: OpenDeviceSockets,
  onError: (error: unknown) => void,
  maxInFlightBytes = MAX_IN_FLIGHT_BYTES,
) {
  const waiting = new Set<number>();
  /** The ETag (version) last pushed on each socket. */
  const sent = new WeakMap<WebSocket, string>();
  let draining = false;
  let stopped = false;
  let inFlight = 0;
  let flushed: (() => void) | null = null;

  async function tell(changed: ChangedManifests) {
    for (let i = 0; i < changed.length; i += SLICE) {
      if (i > 0) await yieldTurn();
      for (const { deviceId, version } of changed.slice(i, i + SLICE)) {
        const sockets = open.socketsOf(deviceId);
        if (!sockets) continue;
        let notice: string | undefined;
        for (const socket of sockets) {
          const pairing = open.pairingOf(socket) ?? '';
          // A socket of an older pairing (its revocation on its way) hears nothing more.
          if (!manifests.pairedWith(deviceId, pairing)) continue;
          // The manifest is its own notice when it can be built now: one frame, one send and one
          // read per TV instead of two (docs/tv-protocol.md#device-socket).
          const entry = canTake(socket) && inFlight <= maxInFlightBytes && manifests.builtNow(deviceId, pairing);
          if (entry) {
            send(socket, entry);
            continue;
          }
          notice ??= JSON.stringify({
            type: 'content_changed',
            version,
            manifestFollows: true,
          } satisfies DeviceServerMessage);
          socket.send(notice);
          waiting.add(deviceId);
        }
      }
    }
    if (!draining && !stopped && waiting.size > 0) void drain();
  }

  async function drain() {
    draining = true;
    try {
      while (waiting.size > 0 && !stopped) {
        await yieldTurn();
        if (inFlight > maxInFlightBytes) await untilFlushed();
        const slice: number[] = [];
        for (const deviceId of waiting) {
          slice.push(deviceId);
          waiting.delete(deviceId);
          if (slice.length === SLICE) break;
        }
        // Built and written without an await; the rare device whose manifest needs a query first
        // is sent when it is loaded, before the next slice.
        const loading: Array<Promise<void>> = [];
        for (const deviceId of slice) {
          for (const socket of open.socketsOf(deviceId) ?? []) {
            try {
              const pending = pushTo(deviceId, socket);
              if (pending) loading.push(pending.catch(onError));
            } catch (error) {
              onError(error);
            }
          }
        }
        if (loading.length > 0) await Promise.all(loading);
      }
    } finally {
      draining = false;
    }
  }

  function pushTo(deviceId: number, socket: WebSocket): Promise<void> | undefined {
    const pairing = open.pairingOf(socket);
    if (!pairing || !canTake(socket)) return;
    const entry = manifests.builtNow(deviceId, pairing);
    if (entry) {
      send(socket, entry);
      return;
    }
    return manifests.get(deviceId, pairing).then(() => {
      // Still null: this socket's token is no longer the device's (its revocation closes it).
      const loaded = manifests.builtNow(deviceId, pairing);
      if (loaded && socket.readyState === socket.OPEN) send(socket, loaded);
    });
  }

  /** Open, and reading: a TV with a backed-up socket is left to fetch its manifest itself. */
  const canTake = (socket: WebSocket) =>
    socket.readyState === socket.OPEN && socket.bufferedAmount <= MAX_BUFFERED_BYTES;

  function send(socket: WebSocket, entry: CachedManifest) {
    // The ETag is the version: a TV is never sent the same manifest twice.
    if (sent.get(socket) === entry.etag) return;
    sent.set(socket, entry.etag);
    // The cached body is spliced in as is: no second serialisation, the GET's body but for the
    // instant it is sent (`serverTime`).
    const data = `{"type":"manifest","manifest":${withServerTime(entry.body)}}`;
    inFlight += data.length;
    socket.send(data, () => {
      inFlight -= data.length;
      if (inFlight <= maxInFlightBytes / 2) flushed?.();
    });
  }

  function untilFlushed() {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(done, FLUSH_WAIT_MS);
      function done() {
        clearTimeout(timer);
        flushed = null;
        resolve();
      }
      flushed = done;
    });
  }

  return {
    /** Tells these TVs `content_changed`, then sends each its manifest (in the background). */
    push: (changed: ChangedManifests) => tell(changed).catch(onError),
    stop() {
      stopped = true;
      waiting.clear();
    },
  };
}
