import { randomUUID } from 'node:crypto';
import WebSocket from 'ws';
import { HEARTBEAT_INTERVAL_MS } from '../../contract/constants';
import type { PlayRecord } from '../../contract/plays';
import { eventually } from './eventually';

const REQUEST_TIMEOUT_MS = 10_000;

/**
 * The player's reconnect delay, src/player/lib/backoff.ts `reconnectDelay` (1 s doubling to 30 s,
 * "equal jitter" down to half), copied: the server may not import the player (docs/ARCHITECTURE.md,
 * import direction). Moving it to src/contract would let both share one.
 */
const reconnectDelay = (attempt: number) => {
  const ceiling = Math.min(30_000, 1000 * 2 ** Math.max(0, attempt));
  return Math.round(ceiling / 2 + (ceiling / 2) * Math.random());
};

/** How often a simulated TV heartbeats, makes a play record and sends its records (ms). */
export interface TvPace {
  heartbeatMs: number;
  playMs: number;
  flushMs: number;
}
/** The fault tests' pace: a few seconds show every kind of traffic. */
export const TEST_PACE: TvPace = { heartbeatMs: 2000, playMs: 1000, flushMs: 2000 };
/**
 * A player's own pace, for drills at thousands of TVs: a heartbeat every HEARTBEAT_INTERVAL_MS, an
 * 8-s item at a time, the records sent every 30 s (src/player/lib/play-log.ts
 * `PLAYS_SEND_INTERVAL_MS`, copied for the same reason as the reconnect delay).
 */
export const PLAYER_PACE: TvPace = { heartbeatMs: HEARTBEAT_INTERVAL_MS, playMs: 8000, flushMs: 30_000 };

export interface TvStatus {
  lastAckAt: number;
  /** Records answered 200. */
  acked: number;
  /** Records still to send. */
  pending: number;
  /** The latest `POST /api/tv/plays` answered 200 (0: none). */
  last200At: number;
  /** Its first drop since the time asked for, if any. */
  drop: { closedAt: number; backAt: number | null } | null;
}

export type TvRecord = Pick<SimulatedTv, 'made' | 'acked' | 'playAnswers' | 'drops' | 'opens' | 'attempts'>;

/**
 * A paired TV for the fault tests, following the player's rules (src/player/lib/device-link.ts,
 * play-log.ts) at the tests' faster pace (`TEST_PACE`) unless given the player's: its device
 * socket reconnected after any close, heartbeats on it, the manifest fetched when an ack names
 * another version, play records kept until the server has stored them. It never unpairs itself: it
 * counts what would have unpaired a player (a 4001 close, a `disconnect`, a 401), so a test can
 * assert there was none.
 *
 * Its reconnection after a drop: 0.5–1 s by default; with `reconnect: 'player'`, the player's own
 * rule (device-link.ts, checked by its test "after a drop, waits its jittered delay"): the backoff
 * of `backoff.ts`, attempts counted until an ack, as the process-kill test needs it to be honest.
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
  /** Each drop of an acknowledged socket, and when a socket was acknowledged again (null: not yet). */
  readonly drops: Array<{ closedAt: number; backAt: number | null }> = [];
  /** When each of its sockets was asked for (reconnection attempts included). */
  readonly attempts: number[] = [];
  /** When each of its sockets opened (reconnections included). */
  readonly opens: number[] = [];
  /** The client id of every record the server answered 200 for. */
  readonly acked: string[] = [];
  /** Every `POST /api/tv/plays` answer (0: none). */
  readonly playAnswers: Array<{ at: number; status: number }> = [];
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
  private online = false;
  private attempt = 0;

  constructor(
    private readonly baseUrl: string,
    readonly token: string,
    private readonly mediaId: number,
    private readonly options: { reconnect?: 'fixed' | 'player'; pace?: TvPace } = {},
  ) {}

  private get pace(): TvPace {
    return this.options.pace ?? TEST_PACE;
  }

  private get headers() {
    return { authorization: `Bearer ${this.token}` };
  }

  start(): void {
    this.connect();
    void this.fetchContent();
    const { pace } = this;
    this.timers.push(
      setInterval(
        () => this.socket?.readyState === WebSocket.OPEN && this.send({ type: 'heartbeat' }),
        pace.heartbeatMs,
      ),
      setInterval(() => this.producing && this.play(), pace.playMs),
      setInterval(() => void this.flush(), pace.flushMs),
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

  /** Where it stands, for a fleet in another process (simulated-tv-fleet.ts): numbers only, cheap to send. */
  status(dropsSince: number): TvStatus {
    const drop = this.drops.find((d) => d.closedAt >= dropsSince);
    return {
      lastAckAt: this.lastAckAt,
      acked: this.acked.length,
      pending: this.pending.length,
      last200At: this.playAnswers.findLast((a) => a.status === 200)?.at ?? 0,
      drop: drop ? { ...drop } : null,
    };
  }

  /** Everything it recorded, sent once at the end of a drill (simulated-tv-fleet.ts). */
  record(): TvRecord {
    const { made, acked, playAnswers, drops, opens, attempts } = this;
    return { made, acked, playAnswers, drops, opens, attempts };
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
    this.attempts.push(Date.now());
    this.note('connect');
    socket.on('open', () => {
      this.note('open');
      this.opens.push(Date.now());
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
        if (!this.online) {
          this.online = true;
          this.attempt = 0;
          const drop = this.drops.at(-1);
          if (drop && drop.backAt === null) drop.backAt = this.lastAckAt;
        }
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
      const wasOnline = this.online;
      this.online = false;
      if (wasOnline) this.drops.push({ closedAt: Date.now(), backAt: null });
      if (this.stopped || this.paused) return;
      clearTimeout(this.reconnectTimer);
      if (this.options.reconnect !== 'player') {
        this.reconnectTimer = setTimeout(() => this.connect(), 500 + Math.random() * 500);
        return;
      }
      this.reconnectTimer = setTimeout(() => this.connect(), reconnectDelay(this.attempt++));
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
      startedAt: new Date(Date.now() - this.pace.playMs).toISOString(),
      durationMs: this.pace.playMs,
      completed: true,
    });
  }

  private async flush() {
    if (this.flushing || this.pending.length === 0 || this.stopped || this.paused) return;
    this.flushing = true;
    try {
      const batch = this.pending.slice(0, 500);
      const res = await this.request('/api/tv/plays', { method: 'POST', body: JSON.stringify({ plays: batch }) });
      this.playAnswers.push({ at: Date.now(), status: res?.status ?? 0 });
      // Stored (accepted or already there): out of the buffer. Anything else: sent again later.
      if (res?.status === 200) {
        this.pending.splice(0, batch.length);
        this.acked.push(...batch.map((p) => p.clientId));
      }
    } finally {
      this.flushing = false;
    }
  }
}

/** Starts every TV and waits until each has had a heartbeat acknowledged and holds its manifest. */
export async function startOnline(tvs: SimulatedTv[], timeoutMs = 30_000) {
  const started = Date.now();
  tvs.forEach((tv) => tv.start());
  await eventually(
    () => tvs.every((tv) => tv.ackedSince(started) && tv.version !== null),
    'the fleet online',
    timeoutMs,
  );
}
