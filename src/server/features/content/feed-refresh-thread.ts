import { setTimeout as wait } from 'node:timers/promises';
import type { Worker } from 'node:worker_threads';
import type { Config, MediaStorageConfig } from '../../config';
import type { Database } from '../../db/client';
import { errorOf, startThread, type PlainError } from '../../lib/threads';
import type { DomainEvent } from '../../realtime/event-bus';
import type { FeedPictureDeps } from './feed-images';
import { refreshFeed } from './feed-service';

/** What the thread is started with (structured-cloned: data only). */
export interface FeedRefreshThreadData {
  databaseUrl: string;
  feeds: Config['feeds'];
  mediaStorage: MediaStorageConfig;
  tmpDir: string;
}
export type FeedThreadRequest = { id: number; mediaId: number } | { close: true };
export type FeedThreadReply =
  | { id: number; ok: true; events: DomainEvent[] }
  | { id: number; ok: false; error: PlainError }
  | { log: { message: string; details: Record<string, unknown> } };

export interface FeedRefresher {
  /** Refreshes one feed (`refreshFeed`) and answers the events to publish. */
  refresh(mediaId: number): Promise<DomainEvent[]>;
  /** The refreshes' thread, while one runs (tests); null when they run on this one. */
  threadId(): number | null;
  close(): Promise<void>;
}

/** How long a closing thread may take to end its pool before it is stopped. */
const CLOSE_GRACE_MS = 5000;

/**
 * Where the `feeds.refresh` job's work runs (docs/content.md#refreshing). On PostgreSQL, on a
 * thread of its own with a connection of its own: the fetch, the parse and the statements (each
 * built by Drizzle and encoded by the driver on the thread that sends it) leave the event loop
 * that answers the TVs, and the main thread only publishes the events the refresh answers
 * (docs/benchmarks.md, "Refreshing 500 feeds"). On PGlite, here: its database already works on a
 * thread of its own (db/pglite-thread.ts), and only this process's main thread speaks to it.
 */
export function createFeedRefresher(
  database: Pick<Database, 'kind' | 'url'>,
  deps: FeedPictureDeps,
  mediaStorage: MediaStorageConfig,
): FeedRefresher {
  if (database.kind !== 'postgres' || !database.url)
    return { refresh: (mediaId) => refreshFeed(deps, mediaId), threadId: () => null, close: async () => {} };
  return feedRefreshThread(
    { databaseUrl: database.url, feeds: deps.feeds, mediaStorage, tmpDir: deps.tmpDir },
    deps.log,
  );
}

/**
 * One thread, started at the first refresh and kept (its connection too). A thread that fails or
 * exits fails the refresh it owed (the job records it; the feed's next turn tries again), and the
 * next refresh starts another. It keeps the process alive only while it owes an answer.
 */
function feedRefreshThread(data: FeedRefreshThreadData, log: FeedPictureDeps['log']): FeedRefresher {
  let current: Worker | null = null;
  let closed = false;
  let nextId = 1;
  const pending = new Map<number, { resolve: (events: DomainEvent[]) => void; reject: (error: Error) => void }>();
  const failAll = (error: Error) => {
    for (const [id, waiting] of pending) {
      pending.delete(id);
      waiting.reject(error);
    }
  };

  function start(): Worker {
    const thread = startThread('features/content/feed-refresh-worker', data, {
      // As PGlite's thread: a second heap's default young generation would cost tens of MB.
      resourceLimits: { maxYoungGenerationSizeMb: 8 },
    });
    thread.unref();
    thread.on('message', (reply: FeedThreadReply) => {
      if ('log' in reply) return log?.error(reply.log.details, reply.log.message);
      const waiting = pending.get(reply.id);
      pending.delete(reply.id);
      if (pending.size === 0) thread.unref();
      if (reply.ok) waiting?.resolve(reply.events);
      else waiting?.reject(errorOf(reply.error));
    });
    thread.on('error', (error) =>
      failAll(Object.assign(new Error(`feed refresh thread failed: ${error.message}`), { cause: error })),
    );
    thread.on('exit', (code) => {
      if (current === thread) current = null;
      failAll(new Error(`feed refresh thread exited (code ${code})`));
    });
    return thread;
  }

  return {
    refresh(mediaId) {
      if (closed) return Promise.reject(new Error('feed refresh thread closed'));
      const thread = (current ??= start());
      const id = nextId++;
      thread.ref();
      return new Promise<DomainEvent[]>((resolve, reject) => {
        pending.set(id, { resolve, reject });
        thread.postMessage({ id, mediaId } satisfies FeedThreadRequest);
      });
    },
    threadId: () => current?.threadId ?? null,
    async close() {
      closed = true;
      const thread = current;
      if (!thread) return;
      const exited = new Promise((resolve) => thread.once('exit', resolve));
      thread.postMessage({ close: true } satisfies FeedThreadRequest);
      await Promise.race([exited, wait(CLOSE_GRACE_MS, undefined, { ref: false })]);
      await thread.terminate();
    },
  };
}
