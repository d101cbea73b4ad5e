import { isWatchTopic, WATCH_TOPICS, type WatchAnswer, type WatchTopic, watchBusTopic } from '@keel/contract/realtime';
import { loadPropertyContext } from '../auth/property-context';
import type { Services } from '../services';

/**
 * What one console socket watches of a property (packages/contract/src/realtime.ts): the topics of the property
 * the console shows, each relayed only while the user is a member holding the topic's permission.
 *
 * The check is made when the client asks and again before events are relayed: an event waits for a check begun
 * after it arrived (events arriving together share one), so a member removed or a permission taken away receives
 * nothing from the next event on; the topic is then dropped and the client told (`watching` with it refused). A
 * check is the property context every property call reads (one indexed query, its permission computation cached).
 * A new request replaces the last; answers and events of a replaced one are never sent.
 */
export interface PropertyWatch {
  /** A message from the client (any text): a watch request is answered, anything else ignored. */
  handle(text: string): void;
  close(): void;
}

/** The topics of `topics` the user may watch in `pno` (none when not a member). */
export async function allowedTopics(
  s: Services,
  uid: string,
  pno: string,
  topics: readonly WatchTopic[],
): Promise<WatchTopic[]> {
  const context = await loadPropertyContext(s.db, uid, pno);
  if (!context) return [];
  return topics.filter((t) => context.permissions.has(WATCH_TOPICS[t]));
}

/** A watch request from untrusted text, or null. */
export function parseWatchRequest(text: string): { pno: string | null; topics: WatchTopic[] } | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (!value || typeof value !== 'object') return null;
  const { type, pno, topics } = value as Record<string, unknown>;
  if (type !== 'watch') return null;
  if (pno !== null && (typeof pno !== 'string' || pno.length === 0 || pno.length > 64)) return null;
  if (!Array.isArray(topics) || topics.length > Object.keys(WATCH_TOPICS).length * 2) return null;
  // Unknown topics are refused in the answer, not an error: a newer console may ask for more than this server has.
  return { pno, topics: [...new Set(topics.filter((t): t is string => typeof t === 'string'))] as WatchTopic[] };
}

/** Watch requests one socket may make a minute; more are ignored (each costs a check). */
export const WATCH_REQUESTS_PER_MINUTE = 30;

export function createPropertyWatch(s: Services, uid: string, send: (message: unknown) => void): PropertyWatch {
  let windowStart = 0;
  let requests = 0;
  /** Bumped by every request and by close: work of an older one is dropped. */
  let generation = 0;
  let pno: string | null = null;
  const subscriptions = new Map<WatchTopic, () => void>();
  /** Events waiting for a check, in arrival order. */
  let waiting: Array<{ topic: WatchTopic; event: unknown }> = [];
  let checking = false;

  const unsubscribeAll = () => {
    for (const stop of subscriptions.values()) stop();
    subscriptions.clear();
    waiting = [];
  };

  /** Checks the watched topics again, then relays the events that arrived before the check began. */
  const drain = async () => {
    if (checking || waiting.length === 0 || pno === null) return;
    checking = true;
    const mine = generation;
    const batch = waiting;
    waiting = [];
    const current = pno;
    let allowed: WatchTopic[] = [];
    try {
      allowed = await allowedTopics(s, uid, current, [...subscriptions.keys()]);
    } catch (err) {
      s.log.warn({ err }, 'socket watch check failed');
    }
    checking = false;
    // Replaced meanwhile: this batch belonged to the old request; the new one's events may be waiting.
    if (mine !== generation) return void drain();
    const dropped = [...subscriptions.keys()].filter((t) => !allowed.includes(t));
    for (const topic of dropped) {
      subscriptions.get(topic)?.();
      subscriptions.delete(topic);
    }
    for (const { topic, event } of batch) if (subscriptions.has(topic)) send(event);
    if (dropped.length > 0) {
      waiting = waiting.filter((w) => subscriptions.has(w.topic));
      const answer: WatchAnswer = {
        type: 'watching',
        pno: current,
        topics: [...subscriptions.keys()],
        refused: dropped,
      };
      send(answer);
    }
    void drain();
  };

  const watch = async (request: { pno: string | null; topics: WatchTopic[] }) => {
    generation += 1;
    const mine = generation;
    unsubscribeAll();
    pno = request.pno;
    const known = request.topics.filter(isWatchTopic);
    const unknown = request.topics.filter((t) => !isWatchTopic(t));
    let allowed: WatchTopic[] = [];
    if (request.pno !== null && known.length > 0) {
      try {
        allowed = await allowedTopics(s, uid, request.pno, known);
      } catch (err) {
        s.log.warn({ err }, 'socket watch check failed');
      }
    }
    if (mine !== generation) return;
    const target = request.pno;
    if (target !== null)
      for (const topic of allowed)
        subscriptions.set(
          topic,
          s.bus.subscribe(watchBusTopic(topic, target), (event) => {
            waiting.push({ topic, event });
            void drain();
          }),
        );
    const answer: WatchAnswer = {
      type: 'watching',
      pno: request.pno,
      topics: allowed,
      refused: [...known.filter((t) => !allowed.includes(t)), ...unknown],
    };
    send(answer);
  };

  return {
    handle(text) {
      const request = parseWatchRequest(text);
      if (!request) return;
      const now = s.now();
      if (now - windowStart >= 60_000) {
        windowStart = now;
        requests = 0;
      }
      requests += 1;
      if (requests <= WATCH_REQUESTS_PER_MINUTE) void watch(request);
    },
    close() {
      generation += 1;
      pno = null;
      unsubscribeAll();
    },
  };
}
