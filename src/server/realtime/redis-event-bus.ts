import { Redis } from 'ioredis';
import type { DomainEvent, EventBus } from './event-bus';

const CHANNEL = 'sinalize:events';

/**
 * Redis pub/sub: every server process publishes to one channel and hears every event, its own
 * included, so local delivery has one path whatever the number of processes. Events published
 * while Redis is unreachable are lost (they are notifications, not state: clients resync on
 * reconnect and TVs poll their manifest's ETag).
 */
export async function createRedisEventBus(url: string, onError: (error: Error) => void = () => {}): Promise<EventBus> {
  const publisher = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2 });
  const subscriber = new Redis(url, { lazyConnect: true });
  const handlers = new Set<(event: DomainEvent) => void>();
  publisher.on('error', onError);
  subscriber.on('error', onError);
  await Promise.all([publisher.connect(), subscriber.connect()]);
  await subscriber.subscribe(CHANNEL);
  subscriber.on('message', (_channel: string, raw: string) => {
    let event: DomainEvent;
    try {
      event = JSON.parse(raw) as DomainEvent;
    } catch {
      return;
    }
    for (const handler of handlers) handler(event);
  });
  return {
    publish: (event) => {
      publisher.publish(CHANNEL, JSON.stringify(event)).catch(onError);
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
