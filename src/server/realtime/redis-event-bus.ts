import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import type { DomainEvent, EventBus } from './event-bus';

const CHANNEL = 'sinalize:events';

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
 * clients resync on reconnect and TVs poll their manifest's ETag).
 */
export async function createRedisEventBus(url: string, onError: (error: Error) => void = () => {}): Promise<EventBus> {
  const publisher = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2 });
  const subscriber = new Redis(url, { lazyConnect: true });
  const handlers = new Set<(event: DomainEvent) => void>();
  publisher.on('error', onError);
  subscriber.on('error', onError);
  await Promise.all([publisher.connect(), subscriber.connect()]);
  await subscriber.subscribe(CHANNEL);
  const origin = randomUUID();
  const deliver = (event: DomainEvent) => {
    for (const handler of handlers) {
      try {
        handler(event);
      } catch (error) {
        onError(error as Error);
      }
    }
  };
  subscriber.on('message', (_channel: string, raw: string) => {
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
      publisher.publish(CHANNEL, JSON.stringify({ origin, event } satisfies Envelope)).catch(onError);
    },
    subscribe: (handler) => {
      handlers.add(handler);
      return () => handlers.delete(handler);
    },
    close: async () => {
      handlers.clear();
      await Promise.allSettled([subscriber.quit(), publisher.quit()]);
    },
  };
}
