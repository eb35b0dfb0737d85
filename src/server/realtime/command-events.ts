import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Db } from '../db/client';
import type { DomainEvent, EventBus } from './event-bus';

/** The PostgreSQL channel on which server commands (`workspace:remove`) announce what they did. */
const CHANNEL = 'sinalize_commands';

/**
 * A server command runs in a process of its own. With REDIS_URL it publishes on the Redis bus
 * like any server process; without Redis, on PostgreSQL, it sends its events with NOTIFY, and a
 * server started without Redis listens here and publishes them on its own bus: a removed
 * workspace's TVs are revoked at once (socket closed with 4001, token dropped from the caches)
 * instead of at the next restart. Events are small (one per device or playlist), far under
 * NOTIFY's 8,000-byte payload limit. Returns the function that stops listening.
 */
export async function listenForCommandEvents(
  databaseUrl: string,
  bus: EventBus,
  onError: (error: Error) => void,
): Promise<() => Promise<void>> {
  const client = new pg.Client({ connectionString: databaseUrl });
  client.on('error', onError);
  client.on('notification', (message) => {
    if (message.channel !== CHANNEL || !message.payload) return;
    try {
      bus.publish(JSON.parse(message.payload) as DomainEvent);
    } catch (error) {
      onError(error as Error);
    }
  });
  await client.connect();
  await client.query(`LISTEN ${CHANNEL}`);
  return () => client.end();
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
