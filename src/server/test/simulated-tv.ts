import { randomUUID } from 'node:crypto';
import WebSocket from 'ws';
import type { PlayRecord } from '../../contract/plays';

const REQUEST_TIMEOUT_MS = 10_000;

/**
 * A paired TV for the fault tests, following the player's rules (src/player/lib/device-link.ts,
 * play-log.ts) at a faster pace: its device socket reconnected after any close, heartbeats on it,
 * the manifest fetched when an ack names another version, one play record a second kept until the
 * server has stored it. It never unpairs itself: it counts what would have unpaired a player (a
 * 4001 close, a `disconnect`, a 401), so a test can assert there was none.
 */
export class SimulatedTv {
  /** Close codes of its sockets, in order. */
  readonly closeCodes: number[] = [];
  disconnects = 0;
  unauthorized = 0;
  /** When the latest heartbeat ack came. */
  lastAckAt = 0;
  version: string | null = null;
  manifest: { version: string; device: { name: string } } | null = null;
  /** Records made and not yet stored by the server. */
  readonly pending: PlayRecord[] = [];
  /** The client id of every record made. */
  readonly made: string[] = [];
  /** What its sockets went through, with the time since it was made: shown when a fault test fails. */
  readonly trail: string[] = [];
  private readonly bornAt = Date.now();
  private socket: WebSocket | null = null;
  private timers: NodeJS.Timeout[] = [];
  private reconnectTimer: NodeJS.Timeout | undefined;
  private paused = false;
  private stopped = false;
  private producing = true;
  private flushing = false;

  constructor(
    private readonly baseUrl: string,
    readonly token: string,
    private readonly mediaId: number,
  ) {}

  private get headers() {
    return { authorization: `Bearer ${this.token}` };
  }

  start(): void {
    this.connect();
    void this.fetchContent();
    this.timers.push(
      setInterval(() => this.socket?.readyState === WebSocket.OPEN && this.send({ type: 'heartbeat' }), 2000),
      setInterval(() => this.producing && this.play(), 1000),
      setInterval(() => void this.flush(), 2000),
    );
  }

  /**
   * Away until `resume` (the test decides when the TV comes back): no socket and no request, so a
   * restarted server has not seen its token yet (it keeps making play records).
   */
  pause(): void {
    this.paused = true;
    clearTimeout(this.reconnectTimer);
  }

  resume(): void {
    this.paused = false;
    this.note(`resume, socket ${this.socket ? 'held' : 'none'}`);
    if (!this.socket) this.connect();
  }

  /** Ends its socket, as a network hiccup would; it reconnects. */
  drop(): void {
    this.socket?.terminate();
  }

  stopProducing(): void {
    this.producing = false;
  }

  stop(): void {
    this.stopped = true;
    this.timers.forEach(clearInterval);
    clearTimeout(this.reconnectTimer);
    this.socket?.terminate();
  }

  /** Online on its socket: acknowledged since `since` (ms). */
  ackedSince(since: number): boolean {
    return this.lastAckAt >= since;
  }

  private note(what: string) {
    this.trail.push(`${Date.now() - this.bornAt} ms ${what}${this.paused ? ' (paused)' : ''}`);
  }

  private send(message: unknown) {
    this.socket?.send(JSON.stringify(message));
  }

  private connect() {
    if (this.stopped || this.paused) return;
    const socket = new WebSocket(`${this.baseUrl.replace(/^http/, 'ws')}/ws/device`, { headers: this.headers });
    this.socket = socket;
    this.note('connect');
    socket.on('open', () => {
      this.note('open');
      this.send({ type: 'heartbeat' });
    });
    socket.on('message', (raw) => {
      const message = JSON.parse(String(raw)) as {
        type: string;
        contentVersion?: string | null;
        manifest?: SimulatedTv['manifest'];
      };
      if (message.type === 'heartbeat_ack') {
        this.lastAckAt = Date.now();
        if (message.contentVersion && message.contentVersion !== this.version) void this.fetchContent();
      } else if (message.type === 'manifest' && message.manifest) {
        this.manifest = message.manifest;
        this.version = message.manifest.version;
      } else if (message.type === 'disconnect') {
        this.disconnects += 1;
      }
    });
    socket.on('error', (error) => this.note(`error ${error.message}`));
    socket.on('close', (code) => {
      this.note(`close ${code}`);
      if (this.socket === socket) this.socket = null;
      this.closeCodes.push(code);
      if (this.stopped || this.paused) return;
      clearTimeout(this.reconnectTimer);
      this.reconnectTimer = setTimeout(() => this.connect(), 500 + Math.random() * 500);
    });
  }

  private async request(path: string, init: RequestInit = {}): Promise<Response | null> {
    try {
      const res = await fetch(`${this.baseUrl}${path}`, {
        ...init,
        headers: { ...this.headers, ...(init.body ? { 'content-type': 'application/json' } : {}), ...init.headers },
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      if (res.status === 401) this.unauthorized += 1;
      return res;
    } catch {
      return null; // no answer: the server is down or restarting
    }
  }

  private async fetchContent() {
    if (this.paused) return;
    const res = await this.request('/api/tv/content', {
      headers: this.version ? { 'if-none-match': `"${this.version}"` } : {},
    });
    if (res?.status !== 200) return;
    this.manifest = (await res.json()) as SimulatedTv['manifest'];
    this.version = this.manifest!.version;
  }

  private play() {
    const clientId = randomUUID();
    this.made.push(clientId);
    this.pending.push({
      clientId,
      mediaId: this.mediaId,
      playlistId: null,
      campaignId: null,
      window: 0,
      startedAt: new Date(Date.now() - 1000).toISOString(),
      durationMs: 1000,
      completed: true,
    });
  }

  private async flush() {
    if (this.flushing || this.pending.length === 0 || this.stopped || this.paused) return;
    this.flushing = true;
    try {
      const batch = this.pending.slice(0, 500);
      const res = await this.request('/api/tv/plays', { method: 'POST', body: JSON.stringify({ plays: batch }) });
      // Stored (accepted or already there): out of the buffer. Anything else: sent again later.
      if (res?.status === 200) this.pending.splice(0, batch.length);
    } finally {
      this.flushing = false;
    }
  }
}
