// The feeds' refreshes on a thread of their own, on PostgreSQL (the main side and why:
// feed-refresh-thread.ts). Each message is one feed's refresh; the answer is the events to publish.
import os from 'node:os';
import { parentPort } from 'node:worker_threads';
import { connectPostgres } from '../../db/client';
import { plainError, threadData } from '../../lib/threads';
import { createMediaStore } from '../../storage/media-store';
import type { FeedRefreshThreadData, FeedThreadReply, FeedThreadRequest } from './feed-refresh-thread';
import { refreshFeed } from './feed-service';

const port = parentPort!;
// The lowest priority, for this thread alone: on Linux a nice value is a thread's own (0 names the
// calling thread), so when both want a core the TVs' loop goes first. Elsewhere it would be the
// whole process's, the TVs' loop with it: left as it is.
if (process.platform === 'linux') os.setPriority(os.constants.priority.PRIORITY_LOW);
const { databaseUrl, feeds, mediaStorage, tmpDir } = threadData<FeedRefreshThreadData>();
const send = (reply: FeedThreadReply) => port.postMessage(reply);
/** Told on the main thread's log: errors as their plain fields, which cross threads. */
const log = {
  error: (details: object, message: string) =>
    send({
      log: {
        message,
        details: Object.fromEntries(
          Object.entries(details).map(([k, v]) => [k, v instanceof Error ? plainError(v) : v]),
        ),
      },
    }),
};
// One connection: the job runs one refresh at a time (feed-jobs.ts), and a refresh's statements
// never run beside its transaction.
const database = connectPostgres(databaseUrl, 1);
const deps = { db: database.db, store: createMediaStore(mediaStorage), tmpDir, feeds, log };

port.on('message', (request: FeedThreadRequest) => {
  if ('close' in request) {
    // Ends this thread only (the main side waits for its exit).
    void database.close().finally(() => process.exit(0));
    return;
  }
  refreshFeed(deps, request.mediaId).then(
    (events) => send({ id: request.id, ok: true, events }),
    (error: unknown) => send({ id: request.id, ok: false, error: plainError(error) }),
  );
});
