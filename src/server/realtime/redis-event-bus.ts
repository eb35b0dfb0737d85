import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import type { DomainEvent, EventBus } from './event-bus';

/** The events' channel is `<prefix>events` (`REDIS_PREFIX`, docs/scaling.md). */
const DEFAULT_PREFIX = 'sinalize:';

/** What goes on the channel: the event and the process that published it. */
interface Envelope {
  origin: string;
  event: DomainEvent;
}

/**
 * Redis pub/sub: every server process publishes to one channel and hears the others' events. Its
 * own are delivered to its subscribers at once, as the in-process bus does, and their echo from
 * Redis is skipped: what a request changed is known to this process's caches before its answer
 * leaves (a device list asked right after a device was created holds it). Events published while
 * Redis is unreachable are lost for the other processes (they are notifications, not state:
 * clients resync on reconnect and TVs poll their manifest's ETag). What a process keeps because the
 * bus keeps it true (device lists, manifests, token cache) would stay stale after such a gap, so
 * `onResync` is called when this process is subscribed again after losing Redis, and on every
 * other process when one of this process's publishes was lost (`resyncChannel`): each reads again what
 * it kept (docs/scaling.md, "When PostgreSQL or Redis goes away"). The caller coalesces the calls
 * that come in a burst (main.ts). ioredis reconnects and resubscribes by
 * itself; every connection has an `error` listener, so an outage is logged, never fatal.
 */
export async function createRedisEventBus(
  url: string,
  onError: (error: Error) => void = () => {},
  onResync: () => void = () => {},
  prefix = DEFAULT_PREFIX,
): Promise<EventBus> {
  const eventsChannel = `${prefix}events`;
  // A process back from a gap says so here, its id as the message. A channel of its own: a process
  // of an earlier version (a rolling deploy) never hears it as an event.
  const resyncChannel = `${prefix}resync`;
  const publisher = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2 });
  const subscriber = new Redis(url, { lazyConnect: true });
  const handlers = new Set<(event: DomainEvent) => void>();
  publisher.on('error', onError);
  subscriber.on('error', onError);
  await Promise.all([publisher.connect(), subscriber.connect()]);
  await subscriber.subscribe(eventsChannel, resyncChannel);
  const origin = randomUUID();
  let closing = false;
  const announceResync = () => publisher.publish(resyncChannel, origin).catch(onError);
  // Cut off from Redis: this process missed the others' events. Once subscribed again (the PING
  // comes back after ioredis's own SUBSCRIBE on the new connection) it resyncs itself, and only
  // itself: every other process cut off too resyncs on its own, so announcing here would make N
  // processes each resync N times after a shared Redis outage.
  let subscriberLost = false;
  subscriber.on('close', () => (subscriberLost = !closing));
  subscriber.on('ready', () => {
    if (!subscriberLost) return;
    subscriberLost = false;
    subscriber
      .ping()
      .then(() => onResync())
      .catch(onError);
  });
  // A publish that failed or was queued while away: the others missed it, whatever their subscribers saw; the only case told
  // on `resyncChannel`.
  let publishLost = false;
  // Publishes sent but not answered when the connection drops may never have reached Redis.
  let unanswered = 0;
  publisher.on('close', () => {
    if (unanswered > 0 && !closing) publishLost = true;
  });
  publisher.on('ready', () => {
    if (!publishLost) return;
    publishLost = false;
    void announceResync();
  });
  const deliver = (event: DomainEvent) => {
    for (const handler of handlers) {
      try {
        handler(event);
      } catch (error) {
        onError(error as Error);
      }
    }
  };
  subscriber.on('message', (channel: string, raw: string) => {
    if (channel === resyncChannel) {
      if (raw === origin) return;
      try {
        onResync();
      } catch (error) {
        onError(error as Error);
      }
      return;
    }
    let message: Envelope;
    try {
      message = JSON.parse(raw) as Envelope;
    } catch {
      return;
    }
    // A bare event is from a process of an earlier version (during a rolling deploy).
    if (!('origin' in message)) return deliver(message as unknown as DomainEvent);
    if (message.origin !== origin) deliver(message.event);
  });
  return {
    publish: (event) => {
      deliver(event);
      // Not connected: ioredis queues it and sends it (late, perhaps after the others resubscribed)
      // or drops it; either way the others may have missed it.
      if (publisher.status !== 'ready') publishLost = true;
      unanswered++;
      publisher
        .publish(eventsChannel, JSON.stringify({ origin, event } satisfies Envelope))
        .catch((error: Error) => {
          publishLost = true;
          onError(error);
        })
        .finally(() => unanswered--);
    },
    subscribe: (handler) => {
      handlers.add(handler);
      return () => handlers.delete(handler);
    },
    close: async () => {
      closing = true;
      handlers.clear();
      await Promise.allSettled([subscriber.quit(), publisher.quit()]);
    },
  };
}
