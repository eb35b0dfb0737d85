import type { DeviceClientMessage } from '@contract/realtime';
import type { Manifest } from '@contract/tv';
import { reconnectDelay } from './backoff';
import {
  DeviceRevokedError,
  fetchContent,
  postHeartbeat,
  postScreenshot,
  postStatus,
  ScreenshotRefusedError,
  type PlayerStatus,
} from './device-api';
import { onContentChanged, parseServerMessage } from './device-messages';
import { clockOffsetOf } from './screen-scheduler';
import {
  CONTENT_POLL_MS,
  DEVICE_REVOKED_CLOSE_CODE,
  DEVICE_SOCKET_PATH,
  HEARTBEAT_INTERVAL_MS,
  PUSH_WAIT_MS,
} from './protocol';

export interface DeviceLinkEvents {
  /** A new manifest arrived (never called for a 304). */
  onManifest(manifest: Manifest, etag: string | null): void;
  /**
   * The token is gone: a 401 received (a 4001 close is confirmed by one first). Never called on a
   * server failure (5xx, 1011/1013, no answer): back to pairing only then.
   */
  onRevoked(): void;
  /** Whether the server answers right now (socket up or the last request succeeded). */
  onConnection?(online: boolean): void;
  /** The server's clock minus ours (ms), measured on every manifest and heartbeat answer. */
  onClockOffset?(offsetMs: number): void;
  /**
   * The admin asked for a screenshot: the screen as a JPEG, or null when nothing is on it yet. A
   * null, a rejection or the server refusing the picture is answered `screenshot_failed`.
   */
  onScreenshotRequest?(): Promise<Blob | null>;
  /** The admin asked for a reload of the page. */
  onReloadRequest?(): void;
}

/**
 * Everything the player says to and hears from the server (docs/tv-protocol.md), and how it survives the
 * server going away: the device socket (auth message, pushes, heartbeats every 15 s) reconnected
 * with backoff; the new manifest taken from the socket when the server pushes it after
 * `content_changed` (fetched if it does not come within PUSH_WAIT_MS, or at once from a server that
 * announces none); `POST /api/tv/heartbeat` while the socket is down; an ETag poll of the manifest
 * every 30 s and on every reconnect; the playing/idle status re-sent after each reconnect (the
 * server may have swept the TV offline meanwhile); the server's clock read from every manifest and
 * heartbeat answer (`serverTime`), so campaigns switch on its time. Nothing here ever stops the
 * playback: failures only mean "keep what you have and try again".
 */
export class DeviceLink {
  private socket: WebSocket | null = null;
  private socketReady = false;
  private attempt = 0;
  private reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  private intervals: Array<ReturnType<typeof setInterval>> = [];
  private stopped = false;
  private version: string | null;
  private etag: string | null;
  private refreshing: Promise<void> | null = null;
  private refreshAgain = false;
  /** A `content_changed` whose manifest should follow on the socket; fetched if it does not. */
  private awaitedPush: { version: string; timer: ReturnType<typeof setTimeout> } | null = null;
  /** Manifests taken from the socket: a fetch in flight meanwhile may answer an older one. */
  private pushesTaken = 0;
  private status: PlayerStatus | null = null;
  private reportedStatus: string | null = null;
  private online: boolean | null = null;
  /** A 4001 being checked over HTTP: the `disconnect` before it and the close after ask once. */
  private confirming = false;
  /** A screenshot being taken or sent: a second request meanwhile gets the same picture. */
  private screenshotting = false;
  private readonly reconnectNow = () => {
    if (this.socket || this.stopped) return;
    clearTimeout(this.reconnectTimer);
    this.connect();
  };

  constructor(
    private readonly token: string,
    current: { version: string | null; etag: string | null },
    private readonly events: DeviceLinkEvents,
  ) {
    this.version = current.version;
    this.etag = current.etag;
  }

  start() {
    this.connect();
    void this.refresh();
    this.intervals.push(
      setInterval(() => this.heartbeat(), HEARTBEAT_INTERVAL_MS),
      setInterval(() => void this.refresh(), CONTENT_POLL_MS),
    );
    window.addEventListener('online', this.reconnectNow);
  }

  stop() {
    this.stopped = true;
    this.intervals.forEach(clearInterval);
    clearTimeout(this.reconnectTimer);
    clearTimeout(this.awaitedPush?.timer);
    window.removeEventListener('online', this.reconnectNow);
    const socket = this.socket;
    this.socket = null;
    socket?.close(1000, 'player stopped');
  }

  /** What the admin should see: Executando (`playing` with a session) or Aguardando (`idle`). */
  setStatus(status: PlayerStatus) {
    this.status = status;
    void this.reportStatus();
  }

  /** A `serverTime` just received (sent as the body left the server: latency makes it a bit early). */
  private readServerTime(serverTime: unknown) {
    const offset = clockOffsetOf(serverTime, Date.now());
    if (offset !== null && !this.stopped) this.events.onClockOffset?.(offset);
  }

  private setOnline(online: boolean) {
    if (this.online === online) return;
    // Back after a gap (over HTTP too, the socket still down): what we said may be lost (offline sweep, restart).
    if (online && this.online === false) this.reportedStatus = null;
    this.online = online;
    this.events.onConnection?.(online);
  }

  private revoke() {
    if (this.stopped) return;
    this.stop();
    this.events.onRevoked();
  }

  /** Runs a server call; a refused token ends the link, any other failure just marks us offline. */
  private async guard<T>(call: () => Promise<T>): Promise<T | undefined> {
    try {
      const result = await call();
      if (!this.stopped) this.setOnline(true);
      return result;
    } catch (error) {
      if (error instanceof DeviceRevokedError) this.revoke();
      else if (!this.socketReady) this.setOnline(false);
      return undefined;
    }
  }

  private async reportStatus() {
    const status = this.status;
    if (!status || this.stopped) return;
    const key = JSON.stringify(status);
    if (key === this.reportedStatus) return;
    const ok = await this.guard(() => postStatus(this.token, status).then(() => true));
    // Reported only if it is still the latest wish; a failure is retried after the next reconnect.
    if (ok && JSON.stringify(this.status) === key) this.reportedStatus = key;
  }

  /** Fetches the manifest if it changed (ETag); calls made meanwhile coalesce into one more fetch. */
  refresh(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    if (this.refreshing) {
      this.refreshAgain = true;
      return this.refreshing;
    }
    this.refreshing = (async () => {
      do {
        this.refreshAgain = false;
        const pushes = this.pushesTaken;
        const result = await this.guard(() => fetchContent(this.token, this.etag));
        // A manifest came on the socket meanwhile: this answer may be older; ask again with its ETag.
        if (this.pushesTaken !== pushes) this.refreshAgain = true;
        else if (result?.changed && !this.stopped) {
          this.readServerTime(result.manifest.serverTime);
          this.version = result.manifest.version;
          this.etag = result.etag;
          this.events.onManifest(result.manifest, result.etag);
        }
      } while (this.refreshAgain && !this.stopped);
    })().finally(() => {
      this.refreshing = null;
    });
    return this.refreshing;
  }

  private heartbeat() {
    if (this.stopped) return;
    if (this.socket && this.socketReady) {
      this.socket.send(JSON.stringify({ type: 'heartbeat' }));
      return;
    }
    // Socket down: the HTTP heartbeat keeps the TV online, and tells us the server is back.
    void this.guard(() => postHeartbeat(this.token)).then((answer) => {
      if (answer === undefined) return;
      this.readServerTime(answer.serverTime);
      // Without a socket, the admin's requests come with the heartbeat (docs/tv-protocol.md#commands).
      for (const command of answer.commands) {
        if (command === 'screenshot') void this.screenshot();
        else this.events.onReloadRequest?.();
      }
      const version = answer.contentVersion;
      if (version && version !== this.version) void this.refresh();
      void this.reportStatus();
      this.reconnectNow();
    });
  }

  private connect() {
    if (this.stopped) return;
    const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
    let socket: WebSocket;
    try {
      socket = new WebSocket(`${scheme}//${location.host}${DEVICE_SOCKET_PATH}`);
    } catch {
      this.scheduleReconnect();
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      // Browsers cannot set headers on a WebSocket: the token goes in the first message.
      socket.send(JSON.stringify({ type: 'auth', token: this.token }));
      // The server does not acknowledge the auth; the first heartbeat's ack does.
      socket.send(JSON.stringify({ type: 'heartbeat' }));
    };
    socket.onmessage = (event) => {
      const message = parseServerMessage(String(event.data));
      if (!message) return;
      if (message.type === 'heartbeat_ack') {
        this.readServerTime(message.serverTime);
        if (!this.socketReady) {
          this.socketReady = true;
          this.attempt = 0;
          this.setOnline(true);
          // Back after a gap: whatever we said before may be lost (offline sweep, restart).
          this.reportedStatus = null;
          void this.reportStatus();
          void this.refresh();
        } else if (
          message.contentVersion &&
          message.contentVersion !== this.version &&
          message.contentVersion !== this.awaitedPush?.version
        ) {
          void this.refresh();
        }
      } else if (message.type === 'content_changed') {
        const action = onContentChanged(this.version, message);
        if (action === 'wait') this.awaitPush(message.version);
        else if (action === 'fetch') void this.refresh();
      } else if (message.type === 'manifest') {
        this.takePushed(message.manifest);
      } else if (message.type === 'disconnect') {
        void this.confirmRevoked();
      } else if (message.type === 'screenshot') {
        void this.screenshot();
      } else if (message.type === 'reload') {
        this.events.onReloadRequest?.();
      }
    };
    socket.onclose = (event) => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.socketReady = false;
      if (event.code === DEVICE_REVOKED_CLOSE_CODE) {
        void this.confirmRevoked();
        return;
      }
      this.setOnline(false);
      this.scheduleReconnect();
    };
  }

  /**
   * Takes the screen and sends it. A picture that cannot be taken (or that the server refuses) is
   * said on the socket, so the admin is not left waiting; one lost to the network is not sent again
   * (the admin asks again); a 401 unpairs as everywhere else.
   */
  private async screenshot() {
    if (this.screenshotting || this.stopped) return;
    this.screenshotting = true;
    try {
      const shot = await (async () => (await this.events.onScreenshotRequest?.()) ?? null)().catch(() => null);
      if (this.stopped) return;
      const sent = shot
        ? await this.guard(() => postScreenshot(this.token, shot).then(() => true, refusedAsFalse))
        : false;
      if (sent === false) this.send({ type: 'screenshot_failed' });
    } finally {
      this.screenshotting = false;
    }
  }

  private send(message: DeviceClientMessage) {
    if (this.socket && this.socketReady && !this.stopped) this.socket.send(JSON.stringify(message));
  }

  private awaitPush(version: string) {
    clearTimeout(this.awaitedPush?.timer);
    const timer = setTimeout(() => {
      this.awaitedPush = null;
      if (this.version !== version) void this.refresh();
    }, PUSH_WAIT_MS);
    this.awaitedPush = { version, timer };
  }

  /** A manifest pushed on the socket: exactly what `GET /api/tv/content` answers, ETag `"<version>"`. */
  private takePushed(manifest: Manifest) {
    clearTimeout(this.awaitedPush?.timer);
    this.awaitedPush = null;
    if (this.stopped) return;
    this.pushesTaken += 1;
    this.readServerTime(manifest.serverTime);
    if (manifest.version === this.version) return;
    this.version = manifest.version;
    this.etag = `"${manifest.version}"`;
    this.events.onManifest(manifest, this.etag);
  }

  /**
   * The socket said "disconnected" (4001). Asked once more over HTTP so a hiccup on the server
   * cannot unpair a screen: only a 401 received ends the link. A manifest means we are still
   * paired; a 5xx, a timeout or no answer means the server is failing (a database restarting):
   * keep the token, the manifest, the media and the unsent plays, keep playing and reconnect with
   * backoff (docs/scaling.md, "When PostgreSQL or Redis goes away").
   */
  private async confirmRevoked() {
    if (this.stopped || this.confirming) return;
    this.confirming = true;
    try {
      await fetchContent(this.token, this.etag);
    } catch (error) {
      if (error instanceof DeviceRevokedError) {
        this.revoke();
        return;
      }
      if (!this.stopped) this.setOnline(false);
    } finally {
      this.confirming = false;
    }
    if (!this.socket) this.scheduleReconnect();
  }

  private scheduleReconnect() {
    if (this.stopped) return;
    clearTimeout(this.reconnectTimer);
    this.reconnectTimer = setTimeout(() => this.connect(), reconnectDelay(this.attempt++));
  }
}

/** A refusal is an answer (the server is there): anything else goes on to `guard`. */
const refusedAsFalse = (error: unknown): false => {
  if (error instanceof ScreenshotRefusedError) return false;
  throw error;
};
