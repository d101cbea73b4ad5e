import type { WatchAnswer, WatchRequest, WatchTopic } from '@keel/contract/realtime';
import { useEffect, useSyncExternalStore } from 'react';
import { useSession } from '../session/session-store';
import { type NewsSocketTap, tapNewsSocket } from './news-socket';

/**
 * Live topics of the property the console shows (packages/contract/src/realtime.ts): a page that wants them (the
 * firmware task pages: `fwTask`) calls `usePropertyWatch(topic)`, hears the pushes through `usePushEvent`, and
 * reads whether they are coming — true once the server relays the topic, false while the socket is down or the
 * server refused it, when the page reads again on a timer instead.
 *
 * Decision: the watch rides on the layout's one socket (news-socket.ts, opened by `useUnreadNews`) through its tap:
 * the request is sent when the socket opens and again after every reconnect. The pushes reach the pages through
 * the layout's `emitPush`; this watcher only reads the server's `watching` answers. Only the tap is in the first
 * bundle (at its budget); this file is loaded with the pages that watch.
 */

/** What the watcher hears of the socket: the news socket's tap (opened with `send`, messages, drops). */
export type WatchHandlers = NewsSocketTap;

export interface WatcherOptions {
  /** Rides on the console's socket (once, for good). */
  connect(handlers: WatchHandlers): void;
}

export interface PropertyWatcher {
  /** Watches `topic` of `pno` until the answer is called. */
  watch(pno: string, topic: WatchTopic): () => void;
  /** Whether the server relays `topic` of `pno` now. */
  isLive(pno: string, topic: WatchTopic): boolean;
  subscribe(listener: () => void): () => void;
}

export function createPropertyWatcher(options: WatcherOptions): PropertyWatcher {
  const entries: Array<{ pno: string; topic: WatchTopic }> = [];
  const listeners = new Set<() => void>();
  let connected = false;
  let send: ((text: string) => void) | null = null;
  let sent = '';
  let live: { pno: string | null; topics: ReadonlySet<WatchTopic> } = { pno: null, topics: new Set() };

  const setLive = (next: typeof live) => {
    live = next;
    for (const l of listeners) l();
  };

  /** What the server should relay now: the topics of the newest watcher's property. */
  const request = (): WatchRequest => {
    const last = entries.at(-1);
    if (!last) return { type: 'watch', pno: null, topics: [] };
    const topics = [...new Set(entries.filter((e) => e.pno === last.pno).map((e) => e.topic))].sort();
    return { type: 'watch', pno: last.pno, topics };
  };

  const sync = () => {
    if (!send) return;
    const text = JSON.stringify(request());
    if (text === sent) return;
    sent = text;
    send(text);
  };

  const connect = () => {
    if (connected) return;
    connected = true;
    options.connect({
      onOpen(next) {
        send = next;
        // A new socket knows nothing: ask again (unless nothing is watched and nothing was asked).
        sent = entries.length === 0 ? JSON.stringify(request()) : '';
        sync();
      },
      onMessage(event) {
        if (event.type !== 'watching') return;
        const answer = event as unknown as WatchAnswer;
        setLive({ pno: answer.pno, topics: new Set(answer.topics) });
      },
      onClose() {
        send = null;
        sent = '';
        setLive({ pno: null, topics: new Set() });
      },
    });
  };

  return {
    watch(pno, topic) {
      const entry = { pno, topic };
      entries.push(entry);
      connect();
      sync();
      return () => {
        const at = entries.indexOf(entry);
        if (at >= 0) entries.splice(at, 1);
        sync();
      };
    },
    isLive(pno, topic) {
      return live.pno === pno && live.topics.has(topic) && request().pno === pno;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

let shared: PropertyWatcher | null = null;
const watcher = () => {
  shared ??= createPropertyWatcher({
    connect: (handlers) => {
      tapNewsSocket(handlers);
    },
  });
  return shared;
};

/**
 * Watches `topic` of the selected property while mounted; answers whether its pushes are coming (else the page
 * reads again on a timer). A switch of property watches the new one.
 */
export function usePropertyWatch(topic: WatchTopic): boolean {
  const pno = useSession((s) => s.selectedPropertyPno);
  const signedIn = useSession((s) => Boolean(s.userInfo?.token));
  useEffect(() => {
    if (!pno || !signedIn) return;
    return watcher().watch(pno, topic);
  }, [pno, signedIn, topic]);
  return useSyncExternalStore(
    (l) => watcher().subscribe(l),
    () => pno !== null && watcher().isLive(pno, topic),
  );
}
