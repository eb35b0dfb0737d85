import type { PlayRecord, PlaysBatchResult } from '@contract/plays';
import { PlaysRefusedError } from './device-api';
import type { PlayStore } from './play-store';
import type { EndedPlay } from './window-engine';

/** How often buffered records are sent (and at once when the link to the server comes back). */
export const PLAYS_SEND_INTERVAL_MS = 30_000;
/** Records per request: the server's `PLAYS_BATCH_MAX` (not imported: no zod in the player's bundle). */
export const PLAYS_BATCH_SIZE = 500;
/** A TV offline for weeks keeps its latest records up to this many (about 12 MB); older ones go first. */
export const PLAYS_BUFFER_MAX = 50_000;

export interface PlayLogOptions {
  intervalMs?: number;
  batchSize?: number;
  maxBuffered?: number;
}

/** A new record id: a UUID where the browser makes one (secure pages only), else 32 random hex digits. */
export function newPlayId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return [...crypto.getRandomValues(new Uint8Array(16))].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** The longest time on screen a record may claim (the server's `PLAY_MAX_DURATION_MS`, a day). */
const MAX_DURATION_MS = 24 * 60 * 60 * 1000;

/**
 * The record of an item that left window (zone) `window`, whose key is `zone` (the manifest zone's,
 * or `janela-1`/`janela-2` without zones: docs/layouts.md#plays), stamped on the server's clock (our
 * clock plus `offsetMs`, as campaigns are decided); null for an item that never really showed (0 ms).
 */
export function toPlayRecord(play: EndedPlay, window: number, offsetMs: number, zone?: string): PlayRecord | null {
  const durationMs = Math.min(Math.round(play.durationMs), MAX_DURATION_MS);
  if (durationMs <= 0) return null;
  return {
    clientId: newPlayId(),
    mediaId: play.item.mediaId,
    playlistId: play.origin?.playlistId ?? null,
    campaignId: play.origin?.campaignId ?? null,
    window,
    ...(zone === undefined ? {} : { zone }),
    startedAt: new Date(play.startedAt + offsetMs).toISOString(),
    durationMs,
    completed: play.completed,
  };
}

/**
 * The TV's proof of play on its way to the server (docs/proof-of-play.md#plays): each record goes into the store
 * first, and the store is sent oldest first in batches, every `intervalMs` and when `flush` is
 * called (the link is back). Records leave the store only once the server has them all (accepted
 * or already stored); offline, or on a server error, they wait for the next round, across reloads
 * with IndexedDB. A batch the server refuses as invalid (400) is dropped: it would block the rest.
 */
export class PlayLog {
  private timer: ReturnType<typeof setInterval> | undefined;
  private writes: Promise<unknown> = Promise.resolve();
  private flushing: Promise<void> | null = null;
  private again = false;
  private stopped = false;
  private readonly intervalMs: number;
  private readonly batchSize: number;
  private readonly maxBuffered: number;

  constructor(
    private readonly store: PlayStore,
    private readonly send: (plays: PlayRecord[]) => Promise<PlaysBatchResult>,
    options: PlayLogOptions = {},
  ) {
    this.intervalMs = options.intervalMs ?? PLAYS_SEND_INTERVAL_MS;
    this.batchSize = options.batchSize ?? PLAYS_BATCH_SIZE;
    this.maxBuffered = options.maxBuffered ?? PLAYS_BUFFER_MAX;
  }

  start() {
    this.timer = setInterval(() => void this.flush(), this.intervalMs);
  }

  /** No more sending nor recording (the screen closes: its last records would belong to no one). */
  stop() {
    this.stopped = true;
    clearInterval(this.timer);
  }

  /** Keeps a record; resolves once it is stored. */
  record(play: PlayRecord): Promise<void> {
    if (this.stopped) return Promise.resolve();
    const write = this.writes.then(async () => {
      await this.store.add([play]);
      const excess = (await this.store.count()) - this.maxBuffered;
      if (excess > 0) await this.store.remove((await this.store.oldest(excess)).map((r) => r.key));
    });
    this.writes = write.catch(() => undefined);
    return this.writes.then(() => undefined);
  }

  /** Resolves once every record handed over so far is in the store (before the page reloads). */
  settled(): Promise<void> {
    return this.writes.then(() => undefined);
  }

  /** Forgets every record kept (the TV was unpaired: they cannot be sent as any device). */
  async clear() {
    this.stop();
    await this.writes;
    await this.store.clear().catch(() => undefined);
  }

  /** Sends what is buffered, batch after batch, until the store is empty or a batch fails; calls meanwhile run once more after. */
  flush(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    if (this.flushing) {
      this.again = true;
      return this.flushing;
    }
    this.flushing = (async () => {
      do {
        this.again = false;
        await this.writes;
        await this.sendAll();
      } while (this.again && !this.stopped);
    })().finally(() => {
      this.flushing = null;
    });
    return this.flushing;
  }

  private async sendAll() {
    while (!this.stopped) {
      const batch = await this.store.oldest(this.batchSize).catch(() => []);
      if (batch.length === 0) return;
      const keys = batch.map((r) => r.key);
      try {
        const result = await this.send(batch.map((r) => r.play));
        // The server takes a batch whole or not at all; anything else, keep the records and try later.
        if (result.accepted + result.duplicates !== batch.length) return;
      } catch (error) {
        if (!(error instanceof PlaysRefusedError)) return;
      }
      await this.store.remove(keys);
      if (batch.length < this.batchSize) return;
    }
  }
}
