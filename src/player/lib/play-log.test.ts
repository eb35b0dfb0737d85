import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  PLAY_MAX_DURATION_MS,
  PLAYS_BATCH_MAX,
  playRecordSchema,
  type PlayRecord,
  type PlaysBatchResult,
} from '@contract/plays';
import type { ManifestItem } from '@contract/tv';
import { PlaysRefusedError, ServerUnreachableError } from './device-api';
import { newPlayId, PlayLog, PLAYS_BATCH_SIZE, PLAYS_SEND_INTERVAL_MS, toPlayRecord } from './play-log';
import { createMemoryPlayStore, type PlayStore } from './play-store';

const play = (n: number): PlayRecord => ({
  clientId: `registro-${String(n).padStart(4, '0')}`,
  mediaId: 1,
  playlistId: 2,
  campaignId: null,
  window: 0,
  startedAt: new Date(1_700_000_000_000 + n * 1000).toISOString(),
  durationMs: 1000,
  completed: true,
});

/** A server by hand: each call is recorded and answered by `answer` (all accepted unless changed). */
function fakeServer() {
  const batches: PlayRecord[][] = [];
  const server = {
    batches,
    answer: (plays: PlayRecord[]): Promise<PlaysBatchResult> =>
      Promise.resolve({ accepted: plays.length, duplicates: 0 }),
    send: (plays: PlayRecord[]) => {
      batches.push(plays);
      return server.answer(plays);
    },
  };
  return server;
}

const ids = async (store: PlayStore) => (await store.oldest(1_000_000)).map((r) => r.play.clientId);

describe('play log (buffer and sender)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('keeps the records and sends them every interval, oldest first, then deletes them', async () => {
    const store = createMemoryPlayStore();
    const server = fakeServer();
    const log = new PlayLog(store, server.send);
    log.start();
    await log.record(play(1));
    await log.record(play(2));
    await vi.advanceTimersByTimeAsync(PLAYS_SEND_INTERVAL_MS - 1);
    expect(server.batches).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.batches).toEqual([[play(1), play(2)]]);
    expect(await store.count()).toBe(0);
    await vi.advanceTimersByTimeAsync(PLAYS_SEND_INTERVAL_MS);
    expect(server.batches).toHaveLength(1); // nothing left: nothing sent
    log.stop();
  });

  it('offline, the records wait; on flush (the link is back) the backlog goes in batches of at most 500', async () => {
    const store = createMemoryPlayStore();
    const server = fakeServer();
    server.answer = () => Promise.reject(new ServerUnreachableError());
    const log = new PlayLog(store, server.send);
    log.start();
    for (let n = 1; n <= 1100; n++) void log.record(play(n));
    await vi.advanceTimersByTimeAsync(3 * PLAYS_SEND_INTERVAL_MS);
    expect(server.batches.map((b) => b.length)).toEqual([500, 500, 500]); // each round tried the oldest once
    expect(await store.count()).toBe(1100);

    server.answer = (plays) => Promise.resolve({ accepted: plays.length, duplicates: 0 });
    server.batches.length = 0;
    await log.flush();
    expect(server.batches.map((b) => b.length)).toEqual([500, 500, 100]);
    expect(server.batches.flat().map((p) => p.clientId)).toEqual(
      Array.from({ length: 1100 }, (_, i) => play(i + 1).clientId),
    );
    expect(await store.count()).toBe(0);
    log.stop();
  });

  it('settles once every record handed over is stored, so a reload right after loses none', async () => {
    const stored: PlayRecord[] = [];
    const memory = createMemoryPlayStore();
    // A store that takes a while per write, as IndexedDB does.
    const slow: PlayStore = {
      ...memory,
      add: async (plays) => (await new Promise((r) => setTimeout(r, 50)), stored.push(...plays), memory.add(plays)),
    };
    const log = new PlayLog(slow, fakeServer().send);
    for (let n = 1; n <= 3; n++) void log.record(play(n));
    let settled = false;
    void log.settled().then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(100);
    expect(stored).toHaveLength(2);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(50);
    expect(settled).toBe(true);
    expect(await ids(memory)).toEqual([play(1).clientId, play(2).clientId, play(3).clientId]);
  });

  it('deletes only a batch the server has whole (accepted + duplicates); a short answer keeps it', async () => {
    const store = createMemoryPlayStore();
    const server = fakeServer();
    const log = new PlayLog(store, server.send);
    await log.record(play(1));
    await log.record(play(2));
    server.answer = () => Promise.resolve({ accepted: 1, duplicates: 0 });
    await log.flush();
    expect(await ids(store)).toEqual([play(1).clientId, play(2).clientId]);
    server.answer = () => Promise.resolve({ accepted: 1, duplicates: 1 });
    await log.flush();
    expect(await store.count()).toBe(0);
  });

  it('drops a batch the server refuses as invalid (it would block the rest); keeps one refused as revoked', async () => {
    const store = createMemoryPlayStore();
    const server = fakeServer();
    const log = new PlayLog(store, server.send, { batchSize: 2 });
    for (let n = 1; n <= 3; n++) await log.record(play(n));
    server.answer = (plays) =>
      plays[0]!.clientId === play(1).clientId
        ? Promise.reject(new PlaysRefusedError(400))
        : Promise.resolve({ accepted: plays.length, duplicates: 0 });
    await log.flush();
    expect(server.batches.map((b) => b.map((p) => p.clientId))).toEqual([
      [play(1).clientId, play(2).clientId],
      [play(3).clientId],
    ]);
    expect(await store.count()).toBe(0);

    await log.record(play(4));
    server.answer = () => Promise.reject(new Error('401'));
    await log.flush();
    expect(await ids(store)).toEqual([play(4).clientId]);
  });

  it('flushes asked for during a send run once more after it, not in parallel', async () => {
    const store = createMemoryPlayStore();
    const server = fakeServer();
    let release: () => void = () => undefined;
    let inFlight = 0;
    let most = 0;
    server.answer = (plays) => {
      inFlight++;
      most = Math.max(most, inFlight);
      return new Promise((resolve) => {
        release = () => {
          inFlight--;
          resolve({ accepted: plays.length, duplicates: 0 });
        };
      });
    };
    const log = new PlayLog(store, server.send);
    await log.record(play(1));
    const first = log.flush();
    await vi.advanceTimersByTimeAsync(0);
    await log.record(play(2));
    const second = log.flush();
    release();
    await vi.advanceTimersByTimeAsync(0);
    release();
    await Promise.all([first, second]);
    expect(most).toBe(1);
    expect(server.batches).toEqual([[play(1)], [play(2)]]);
  });

  it('keeps at most maxBuffered records, the latest ones', async () => {
    const store = createMemoryPlayStore();
    const log = new PlayLog(store, fakeServer().send, { maxBuffered: 3 });
    for (let n = 1; n <= 5; n++) await log.record(play(n));
    expect(await ids(store)).toEqual([3, 4, 5].map((n) => play(n).clientId));
  });

  it('after stop (the TV unpaired) records nothing; clear forgets what was kept', async () => {
    const store = createMemoryPlayStore();
    const server = fakeServer();
    const log = new PlayLog(store, server.send);
    log.start();
    await log.record(play(1));
    await log.clear();
    await log.record(play(2));
    await vi.advanceTimersByTimeAsync(2 * PLAYS_SEND_INTERVAL_MS);
    expect(await store.count()).toBe(0);
    expect(server.batches).toEqual([]);
  });
});

describe('play records', () => {
  const item: ManifestItem = {
    mediaId: 42,
    url: '/api/tv/media/42',
    mimeType: 'image/png',
    size: 1,
    sha256: '0'.repeat(64),
    duration: 5,
  };

  it('stamps the start on the server clock and matches the server schema', () => {
    const record = toPlayRecord(
      {
        item,
        origin: { playlistId: 3, campaignId: 8 },
        startedAt: 1_700_000_000_000,
        durationMs: 5000.4,
        completed: true,
      },
      1,
      -2500,
      'rodape',
    );
    expect(record).toMatchObject({
      mediaId: 42,
      playlistId: 3,
      campaignId: 8,
      window: 1,
      zone: 'rodape',
      startedAt: new Date(1_699_999_997_500).toISOString(),
      durationMs: 5000,
      completed: true,
    });
    expect(playRecordSchema.safeParse(record).success).toBe(true);
    expect(toPlayRecord({ item, origin: null, startedAt: 0, durationMs: 0, completed: false }, 0, 0)).toBeNull();
    expect(
      toPlayRecord({ item, origin: null, startedAt: 0, durationMs: 3 * PLAY_MAX_DURATION_MS, completed: true }, 0, 0)!
        .durationMs,
    ).toBe(PLAY_MAX_DURATION_MS);
  });

  it('makes ids the server takes, with or without crypto.randomUUID', () => {
    expect(newPlayId()).toMatch(/^[0-9a-f-]{36}$/);
    const randomUUID = crypto.randomUUID;
    Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true });
    try {
      const id = newPlayId();
      expect(id).toMatch(/^[0-9a-f]{32}$/);
      expect(playRecordSchema.shape.clientId.safeParse(id).success).toBe(true);
    } finally {
      Object.defineProperty(crypto, 'randomUUID', { value: randomUUID, configurable: true });
    }
  });

  it('sends batches the size the server allows', () => {
    expect(PLAYS_BATCH_SIZE).toBe(PLAYS_BATCH_MAX);
  });
});

describe('proof of play of content items', () => {
  it('records a ticker (no file) by its mediaId, like an image', () => {
    const ticker: ManifestItem = {
      mediaId: 77,
      url: '',
      mimeType: 'application/vnd.sinalize.ticker+json',
      size: 0,
      sha256: 'ef'.repeat(32),
      duration: 10,
      content: {
        kind: 'ticker',
        options: {
          lines: ['Olá'],
          speed: 120,
          textColor: '#ffffff',
          backgroundColor: '#000000',
          size: 'medium',
          separator: '•',
        },
      },
    };
    const record = toPlayRecord(
      {
        item: ticker,
        origin: { playlistId: 5, campaignId: null },
        startedAt: 1_000,
        durationMs: 10_000,
        completed: true,
      },
      0,
      0,
      'letreiro',
    );
    expect(record).toMatchObject({ mediaId: 77, playlistId: 5, zone: 'letreiro', durationMs: 10_000, completed: true });
  });
});
