import type { WatchAnswer, WatchRequest, WatchTopic } from '@keel/contract/realtime';
import { useEffect, useSyncExternalStore } from 'react';
import { api } from '../api/client';
import { useSession } from '../session/session-store';
import { connectNewsSocket } from './news-socket';
import { emitPush, type PushEvent } from './push-events';

/**
 * Live topics of the property the console shows (packages/contract/src/realtime.ts): a page that wants them (the
 * firmware task pages: `fwTask`) calls `usePropertyWatch(topic)`, hears the pushes through `usePushEvent`, and
 * reads whether they are coming — true once the server relays the topic, false while the socket is down or the
 * server refused it, when the page reads again on a timer instead.
 *
 * Decision: the watching socket is a second one, opened only while such a page is open (and kept `LINGER_MS` after,
 * for the next page), rather than the layout's unread-count socket: the layout's code is in the first bundle, which
 * is at its budget, and most pages watch nothing. It is the same server socket (platform/realtime/socket.ts);
 * this one ignores the unread pushes the layout's socket already handles.
 */

/** How long the socket stays open after the last watcher left (moving between the firmware pages keeps it). */
export const LINGER_MS = 15_000;

/** One connection (reconnecting by itself) as the watcher sees it. */
export interface WatchConnection {
  close(): void;
}

export interface WatchHandlers {
  /** The socket (re)opened: `send` writes to it. */
  onOpen(send: (text: string) => void): void;
  onMessage(event: PushEvent): void;
  /** The socket dropped (it reconnects by itself). */
  onClose(): void;
}

export interface WatcherOptions {
  connect(token: string, handlers: WatchHandlers): WatchConnection;
  emit(event: PushEvent): void;
  setTimer(fn: () => void, ms: number): unknown;
  clearTimer(timer: unknown): void;
}

export interface PropertyWatcher {
  /** Watches `topic` of `pno` as `token`'s user until the answer is called. */
  watch(token: string, pno: string, topic: WatchTopic): () => void;
  /** Whether the server relays `topic` of `pno` now. */
  isLive(pno: string, topic: WatchTopic): boolean;
  subscribe(listener: () => void): () => void;
}

export function createPropertyWatcher(options: WatcherOptions): PropertyWatcher {
  const entries: Array<{ token: string; pno: string; topic: WatchTopic }> = [];
  const listeners = new Set<() => void>();
  let conn: { token: string; connection: WatchConnection; send: ((text: string) => void) | null } | null = null;
  let linger: unknown = null;
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
    if (!conn?.send) return;
    const text = JSON.stringify(request());
    if (text === sent) return;
    sent = text;
    conn.send(text);
  };

  const close = () => {
    if (linger !== null) options.clearTimer(linger);
    linger = null;
    conn?.connection.close();
    conn = null;
    sent = '';
    setLive({ pno: null, topics: new Set() });
  };

  const open = (token: string) => {
    const mine: NonNullable<typeof conn> = { token, send: null, connection: { close() {} } };
    conn = mine;
    mine.connection = options.connect(token, {
      onOpen(send) {
        if (conn !== mine) return;
        mine.send = send;
        sent = '';
        sync();
      },
      onMessage(event) {
        if (conn !== mine) return;
        if (event.type !== 'watching') {
          options.emit(event);
          return;
        }
        const answer = event as unknown as WatchAnswer;
        setLive({ pno: answer.pno, topics: new Set(answer.topics) });
      },
      onClose() {
        if (conn !== mine) return;
        mine.send = null;
        sent = '';
        setLive({ pno: null, topics: new Set() });
      },
    });
  };

  return {
    watch(token, pno, topic) {
      const entry = { token, pno, topic };
      entries.push(entry);
      if (linger !== null) options.clearTimer(linger);
      linger = null;
      // Another user (signed in again): their own socket.
      if (conn && conn.token !== token) close();
      if (!conn) open(token);
      sync();
      return () => {
        const at = entries.indexOf(entry);
        if (at >= 0) entries.splice(at, 1);
        sync();
        if (entries.length === 0 && linger === null) {
          linger = options.setTimer(() => {
            linger = null;
            if (entries.length === 0) close();
          }, LINGER_MS);
        }
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

/** The console's connection: the server socket with a fresh ticket per attempt, reconnecting with backoff. */
function connectWatchSocket(_token: string, handlers: WatchHandlers): WatchConnection {
  return connectNewsSocket({
    ticketUrl: async () => (await api('rb/getWebSocketUrl', {}, { notify: false })).url,
    // The layout's socket keeps the unread count.
    onPush: () => undefined,
    onEvent: handlers.onMessage,
    createSocket: (url) => {
      const ws = new WebSocket(url);
      ws.addEventListener('open', () => handlers.onOpen((text) => ws.readyState === WebSocket.OPEN && ws.send(text)));
      ws.addEventListener('close', () => handlers.onClose());
      return ws;
    },
  });
}

let shared: PropertyWatcher | null = null;
const watcher = () => {
  shared ??= createPropertyWatcher({
    connect: connectWatchSocket,
    emit: emitPush,
    setTimer: (fn, ms) => setTimeout(fn, ms),
    clearTimer: (t) => clearTimeout(t as ReturnType<typeof setTimeout>),
  });
  return shared;
};

/**
 * Watches `topic` of the selected property while mounted; answers whether its pushes are coming (else the page
 * reads again on a timer). A switch of property watches the new one.
 */
export function usePropertyWatch(topic: WatchTopic): boolean {
  const pno = useSession((s) => s.selectedPropertyPno);
  const token = useSession((s) => s.userInfo?.token);
  useEffect(() => {
    if (!pno || !token) return;
    return watcher().watch(token, pno, topic);
  }, [pno, token, topic]);
  return useSyncExternalStore(
    (l) => watcher().subscribe(l),
    () => pno !== null && watcher().isLive(pno, topic),
  );
}
