import type { NewsPush } from '@keel/contract/endpoints/news';

/** The server closes with this code when the ticket is forged, expired or the account is disabled. */
export const TICKET_REFUSED = 4401;
const BACKOFF_MIN_MS = 1_000;
const BACKOFF_MAX_MS = 30_000;

export interface NewsSocketOptions {
  /** A fresh socket URL (path with a one-minute ticket) for each attempt; throws when none can be had. */
  ticketUrl: () => Promise<string>;
  onPush: (push: NewsPush) => void;
  /** Any other push with a `type` (a firmware task's progress, say). */
  onEvent?: (event: { type: string; [key: string]: unknown }) => void;
  /** Called after a reconnect (not the first connect): pushes may have been missed meanwhile. */
  onReconnect?: () => void;
  /** Test seams. */
  location?: Pick<Location, 'protocol' | 'host'>;
  createSocket?: (url: string) => WebSocket;
  random?: () => number;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
}

export interface NewsSocket {
  /** Retries at once (e.g. when the browser comes back online) if not connected. */
  wake(): void;
  close(): void;
}

/** `ws(s)://host/ws?ticket=…` from the path the server hands out. */
export function socketUrl(path: string, location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  if (/^wss?:\/\//.test(path)) return path;
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${path}`;
}

/** The delay before attempt `n` (0-based): 1 s doubling up to 30 s, with ±20 % jitter so tabs do not stampede. */
export function backoffDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(BACKOFF_MAX_MS, BACKOFF_MIN_MS * 2 ** attempt);
  return Math.round(base * (0.8 + 0.4 * random()));
}

function parseMessage(data: unknown): { type: string; [key: string]: unknown } | null {
  if (typeof data !== 'string') return null;
  try {
    const value = JSON.parse(data) as { type?: unknown };
    return value && typeof value.type === 'string' ? (value as { type: string }) : null;
  } catch {
    return null;
  }
}

/**
 * A listener riding on the open news socket (the firmware pages' topic watch, property-watch.ts): told when a socket
 * opens (with `send`, to (re)send its request), of every push that is not the unread count, and of each drop.
 * Kept here, tiny, so the watcher itself stays out of the first bundle.
 */
export interface NewsSocketTap {
  onOpen(send: (text: string) => void): void;
  onMessage(event: { type: string; [key: string]: unknown }): void;
  onClose(): void;
}

const taps = new Set<NewsSocketTap>();
let openSend: ((text: string) => void) | null = null;

/** Rides on the console's one socket until the answer is called; told at once if it is open now. */
export function tapNewsSocket(tap: NewsSocketTap): () => void {
  taps.add(tap);
  if (openSend) tap.onOpen(openSend);
  return () => {
    taps.delete(tap);
  };
}

const isUnread = (value: { type: string; unread?: unknown }): value is NewsPush =>
  value.type === 'unread' && typeof value.unread === 'number';

/**
 * The console's one WebSocket (architecture §7), opened by the layout (`useUnreadNews`): connects with a fresh ticket,
 * hands every push to `onPush` / `onEvent` and the taps (`tapNewsSocket`: the firmware pages' topic watch sends its
 * request through it), and after a drop reconnects with backoff, each attempt with a new ticket. `close()` stops it
 * for good.
 */
export function connectNewsSocket(options: NewsSocketOptions): NewsSocket {
  const createSocket = options.createSocket ?? ((url: string) => new WebSocket(url));
  const setTimer = options.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
  const clearTimer = options.clearTimer ?? ((timer) => clearTimeout(timer as ReturnType<typeof setTimeout>));
  let socket: WebSocket | null = null;
  let timer: unknown = null;
  let attempt = 0;
  let connectedOnce = false;
  let connecting = false;
  let closed = false;
  /** `send` of this connection's socket while it is open (and the taps' `openSend`). */
  let mySend: ((text: string) => void) | null = null;

  /** The open socket went away: the taps hear of it (once). */
  const dropped = () => {
    if (!mySend) return;
    if (openSend === mySend) openSend = null;
    mySend = null;
    for (const tap of taps) tap.onClose();
  };

  const schedule = () => {
    if (closed || timer !== null) return;
    const delay = backoffDelay(attempt, options.random);
    attempt += 1;
    timer = setTimer(() => {
      timer = null;
      void open();
    }, delay);
  };

  const open = async () => {
    if (closed || connecting || socket) return;
    connecting = true;
    let url: string;
    try {
      url = socketUrl(await options.ticketUrl(), options.location);
    } catch {
      connecting = false;
      schedule();
      return;
    }
    connecting = false;
    if (closed) return;
    const ws = createSocket(url);
    socket = ws;
    const send = (text: string) => {
      if (ws.readyState === 1) ws.send(text);
    };
    ws.onopen = () => {
      if (connectedOnce) options.onReconnect?.();
      mySend = send;
      openSend = send;
      for (const tap of taps) tap.onOpen(send);
    };
    ws.onmessage = (event) => {
      const push = parseMessage(event.data);
      if (!push) return;
      // A push means the ticket was accepted: the next drop starts the backoff afresh.
      attempt = 0;
      connectedOnce = true;
      if (isUnread(push)) options.onPush(push);
      else if (push.type !== 'unread') {
        options.onEvent?.(push);
        for (const tap of taps) tap.onMessage(push);
      }
    };
    ws.onclose = () => {
      if (socket === ws) socket = null;
      dropped();
      schedule();
    };
    ws.onerror = () => {
      // onclose follows and schedules the retry.
    };
  };

  void open();
  return {
    wake() {
      if (closed || socket || connecting) return;
      if (timer !== null) clearTimer(timer);
      timer = null;
      attempt = 0;
      void open();
    },
    close() {
      closed = true;
      if (timer !== null) clearTimer(timer);
      timer = null;
      const ws = socket;
      socket = null;
      if (!ws) return;
      dropped();
      ws.onmessage = null;
      ws.onclose = null;
      ws.onerror = null;
      // Closing a socket that is still connecting makes the browser log an error: let it open, then close it.
      if (ws.readyState === 0) ws.onopen = () => ws.close(1000);
      else if (ws.readyState === 1) ws.close(1000);
    },
  };
}
