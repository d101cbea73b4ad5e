import { FIRMWARE_TASK_PERMISSIONS } from './endpoints/firmware-task';

/**
 * The console socket's property topics (architecture §7). Besides the user's own pushes (`user:<uid>`: unread count,
 * messages), a socket may watch topics of one property — the property the console is showing — by sending a
 * `WatchRequest`. The server answers with a `WatchAnswer` naming the topics it relays and those it refused: a
 * topic is relayed only to a member of the property holding its permission, checked when asked and again before
 * each event is relayed (a member removed, or a permission taken away, stops receiving at the next event, and the
 * server then sends a new answer with the topic refused). A new request replaces the last one (the property
 * switched); `pno: null` stops watching.
 */

/** Each topic a socket may watch, with the property permission it needs. */
export const WATCH_TOPICS = {
  /** Firmware tasks changing state or progress: `{ type: 'fwTask', taskId, state, counts?, currentStage? }`. */
  fwTask: FIRMWARE_TASK_PERMISSIONS.task,
} as const;

export type WatchTopic = keyof typeof WATCH_TOPICS;

export const isWatchTopic = (value: unknown): value is WatchTopic =>
  typeof value === 'string' && Object.hasOwn(WATCH_TOPICS, value);

/** Sent by the client: watch these topics of this property (null: none). */
export interface WatchRequest {
  type: 'watch';
  pno: string | null;
  topics: WatchTopic[];
}

/** Sent by the server after each request, and again when a topic was dropped (membership or permission gone). */
export interface WatchAnswer {
  type: 'watching';
  pno: string | null;
  /** Relayed now. */
  topics: WatchTopic[];
  /** Asked for but not relayed: not a member of the property, or without the topic's permission. */
  refused: WatchTopic[];
}

/** The event-bus topic a property's topic is published on (platform/realtime/bus.ts). */
export const watchBusTopic = (topic: WatchTopic, pno: string) => `${topic}:${pno}`;
