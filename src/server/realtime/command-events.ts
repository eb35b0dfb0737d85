import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Db } from '../db/client';
import type { DomainEvent, EventBus } from './event-bus';

/** The PostgreSQL channel on which server commands (`workspace:remove`) announce what they did. */
const CHANNEL = 'sinalize_commands';

/** Its `application_name`, so an operator (or a test) can tell this connection in `pg_stat_activity`. */
const APPLICATION_NAME = 'sinalize_commands';
/** The first wait before listening again after the connection ended, and the longest. */
const RETRY_FIRST_MS = 250;
const RETRY_MAX_MS = 10_000;

/**
 * A server command runs in a process of its own. With REDIS_URL it publishes on the Redis bus
 * like any server process; without Redis, on PostgreSQL, it sends its events with NOTIFY, and a
 * server started without Redis listens here and publishes them on its own bus: a removed
 * workspace's TVs are revoked at once (socket closed with 4001, token dropped from the caches)
 * instead of at the next restart. Events are small (one per device or playlist), far under
 * NOTIFY's 8,000-byte payload limit. Returns the function that stops listening.
 *
 * When PostgreSQL ends the connection (a restart, a failover, `pg_terminate_backend`), it is opened
 * again with backoff and LISTENs again; what was notified meanwhile is lost, so `onResync` is called
 * once it listens again: the process drops what it kept and the admin screens refetch
 * (docs/scaling.md, "When PostgreSQL or Redis goes away"). The first connection's failure is thrown.
 */
export async function listenForCommandEvents(
  databaseUrl: string,
  bus: EventBus,
  onError: (error: Error) => void,
  onResync: () => void = () => {},
): Promise<() => Promise<void>> {
  let client: pg.Client | null = null;
  let stopped = false;
  let attempt = 0;
  let timer: NodeJS.Timeout | undefined;
  const ended = new WeakSet<pg.Client>();

  async function open(): Promise<pg.Client> {
    const next = new pg.Client({ connectionString: databaseUrl, application_name: APPLICATION_NAME, keepAlive: true });
    next.on('error', onError);
    next.on('notification', (message) => {
      if (message.channel !== CHANNEL || !message.payload) return;
      try {
        bus.publish(JSON.parse(message.payload) as DomainEvent);
      } catch (error) {
        onError(error as Error);
      }
    });
    // Only the connection in use reconnects: one that failed while opening is retried by its caller,
    // one that ended right after opening by `use`.
    next.on('end', () => {
      ended.add(next);
      if (client !== next || stopped) return;
      client = null;
      retryLater();
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${CHANNEL}`);
      return next;
    } catch (error) {
      await next.end().catch(() => undefined);
      throw error;
    }
  }

  function retryLater() {
    const delay = Math.min(RETRY_FIRST_MS * 2 ** attempt++, RETRY_MAX_MS);
    timer = setTimeout(() => void reopen(), delay);
    timer.unref();
  }

  async function reopen() {
    let next: pg.Client;
    try {
      next = await open();
    } catch (error) {
      if (!stopped) {
        onError(error as Error);
        retryLater();
      }
      return;
    }
    if (stopped) return void next.end().catch(() => undefined);
    attempt = 0;
    use(next);
    try {
      onResync();
    } catch (error) {
      onError(error as Error);
    }
  }

  /** The connection now listening; one that ended before this line is replaced like any other. */
  function use(next: pg.Client) {
    client = next;
    if (ended.has(next)) {
      client = null;
      retryLater();
    }
  }

  use(await open());
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await client?.end();
  };
}

/** The command side: a bus whose events go out as NOTIFY (delivered when `close` has awaited them). */
export function createNotifyEventBus(db: Db): EventBus {
  const pending: Array<Promise<unknown>> = [];
  return {
    publish: (event) => void pending.push(db.execute(sql`select pg_notify(${CHANNEL}, ${JSON.stringify(event)})`)),
    subscribe: () => () => undefined,
    close: async () => {
      await Promise.all(pending);
    },
  };
}
