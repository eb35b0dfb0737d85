import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import type { DomainEvent } from './event-bus';
import { createRedisEventBus } from './redis-event-bus';

const { REDIS_URL } = process.env;
const event = (groupId: number): DomainEvent => ({ type: 'group.changed', groupId, workspaceId: 1 });

/** Several processes share one channel; a process hears its own events at once, and once. */
describe.skipIf(!REDIS_URL)('the Redis event bus', () => {
  it('delivers an event to this process before publish returns, and to the others through Redis, once each', async () => {
    const [a, b] = await Promise.all([createRedisEventBus(REDIS_URL!), createRedisEventBus(REDIS_URL!)]);
    try {
      const heardByA: DomainEvent[] = [];
      const heardByB: DomainEvent[] = [];
      a.subscribe((e) => heardByA.push(e));
      b.subscribe((e) => heardByB.push(e));
      const id = Math.floor(Math.random() * 1e9);
      a.publish(event(id));
      // Known here before any network round trip: a cache of this process is already up to date.
      expect(heardByA).toEqual([event(id)]);
      await expect.poll(() => heardByB).toEqual([event(id)]);
      // B's own event, published after: once A has it, A's echo of its first event would have come too.
      b.publish(event(id + 1));
      await expect.poll(() => heardByA).toEqual([event(id), event(id + 1)]);
      expect(heardByB).toEqual([event(id), event(id + 1)]);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it('takes a bare event from a process of an earlier version', async () => {
    const bus = await createRedisEventBus(REDIS_URL!);
    const older = new Redis(REDIS_URL!);
    try {
      const heard: DomainEvent[] = [];
      bus.subscribe((e) => heard.push(e));
      const id = Math.floor(Math.random() * 1e9);
      await older.publish('sinalize:events', JSON.stringify(event(id)));
      await expect.poll(() => heard).toEqual([event(id)]);
    } finally {
      older.disconnect();
      await bus.close();
    }
  });
});
