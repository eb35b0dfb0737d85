import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { listenOnPg } from '../db/pg-listener';
import type { DomainEvent, EventBus } from './event-bus';

/** The PostgreSQL channel on which server commands (`workspace:remove`) announce what they did. */
const CHANNEL = 'sinalize_commands';

/** Its `application_name`, so an operator (or a test) can tell this connection in `pg_stat_activity`. */
const APPLICATION_NAME = 'sinalize_commands';

/**
 * A server command runs in a process of its own. With REDIS_URL it publishes on the Redis bus
 * like any server process; without Redis, on PostgreSQL, it sends its events with NOTIFY, and a
 * server started without Redis listens here and publishes them on its own bus: a removed
 * workspace's TVs are revoked at once (socket closed with 4001, token dropped from the caches)
 * instead of at the next restart. Events are small (one per device or playlist), far under
 * NOTIFY's 8,000-byte payload limit. Returns the function that stops listening.
 *
 * When PostgreSQL ends the connection it is opened again with backoff (`db/pg-listener.ts`); what
 * was notified meanwhile is lost, so `onResync` is called once it listens again: the process drops
 * what it kept and the admin screens refetch (docs/scaling.md, "When PostgreSQL or Redis goes
 * away"). The first connection's failure is thrown.
 */
export function listenForCommandEvents(
  databaseUrl: string,
  bus: EventBus,
  onError: (error: Error) => void,
  onResync: () => void = () => {},
): Promise<() => Promise<void>> {
  return listenOnPg({
    databaseUrl,
    channel: CHANNEL,
    applicationName: APPLICATION_NAME,
    onNotification: (payload) => {
      if (payload) bus.publish(JSON.parse(payload) as DomainEvent);
    },
    onError,
    onReconnect: onResync,
  });
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
