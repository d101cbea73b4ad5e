import { Redis } from 'ioredis';
import type { EventBus } from './bus';
import { createLocalBus } from './bus';

const CHANNEL = 'keel:events';

/**
 * The event bus across instances: every publish goes through one Redis channel and each instance hands what
 * arrives to its own local listeners (including the publisher's, so there is one path for every event).
 */
export async function createRedisBus(url: string): Promise<EventBus> {
  const local = createLocalBus();
  const publisher = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 3 });
  const subscriber = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 3 });
  await Promise.all([publisher.connect(), subscriber.connect()]);
  await subscriber.subscribe(CHANNEL);
  subscriber.on('message', (_channel, message) => {
    try {
      const { topic, event } = JSON.parse(message) as { topic: string; event: unknown };
      void local.publish(topic, event);
    } catch {
      // Not ours: ignore.
    }
  });
  return {
    async publish(topic, event) {
      await publisher.publish(CHANNEL, JSON.stringify({ topic, event }));
    },
    subscribe: (topic, listener) => local.subscribe(topic, listener),
    async close() {
      await local.close();
      subscriber.disconnect();
      publisher.disconnect();
    },
  };
}
