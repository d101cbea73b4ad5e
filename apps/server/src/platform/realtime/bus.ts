/**
 * Events to push to signed-in clients (architecture §7): in-process fan-out. Topics are `user:<uid>`. With REDIS_URL
 * a Redis-backed bus replaces this one behind the same interface, so an event raised on one instance reaches
 * clients connected to another.
 */
export interface EventBus {
  publish(topic: string, event: unknown): Promise<void>;
  /** Returns an unsubscribe function. */
  subscribe(topic: string, listener: (event: unknown) => void): () => void;
  close(): Promise<void>;
}

export function createLocalBus(): EventBus {
  const listeners = new Map<string, Set<(event: unknown) => void>>();
  return {
    async publish(topic, event) {
      for (const listener of listeners.get(topic) ?? []) listener(event);
    },
    subscribe(topic, listener) {
      let set = listeners.get(topic);
      if (!set) {
        set = new Set();
        listeners.set(topic, set);
      }
      set.add(listener);
      return () => {
        set.delete(listener);
        if (set.size === 0) listeners.delete(topic);
      };
    },
    async close() {
      listeners.clear();
    },
  };
}
