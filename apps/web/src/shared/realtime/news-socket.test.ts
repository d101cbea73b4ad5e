import { describe, expect, it, vi } from 'vitest';
import { backoffDelay, connectNewsSocket, socketUrl, tapNewsSocket } from './news-socket';
import { createPropertyWatcher } from './property-watch';

class FakeSocket {
  static all: FakeSocket[] = [];
  readyState = 0;
  closedWith: number | undefined;
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: unknown }) => void) | null = null;
  onclose: (() => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  push(data: unknown) {
    this.onmessage?.({ data: JSON.stringify(data) });
  }
  drop() {
    this.readyState = 3;
    this.onclose?.();
  }
  sent: unknown[] = [];
  send(text: string) {
    this.sent.push(JSON.parse(text));
  }
  close(code: number) {
    this.closedWith = code;
    this.readyState = 3;
  }
}

const flush = () => new Promise((r) => setTimeout(r, 0));

function setup(ticket: () => Promise<string>) {
  FakeSocket.all = [];
  const timers: Array<{ fn: () => void; ms: number }> = [];
  const onPush = vi.fn();
  const onReconnect = vi.fn();
  const socket = connectNewsSocket({
    ticketUrl: ticket,
    onPush,
    onReconnect,
    location: { protocol: 'http:', host: 'h' },
    createSocket: (url) => new FakeSocket(url) as unknown as WebSocket,
    random: () => 0.5,
    setTimer: (fn, ms) => {
      const t = { fn, ms };
      timers.push(t);
      return t;
    },
    clearTimer: (t) => timers.splice(timers.indexOf(t as never), 1),
  });
  return { socket, timers, onPush, onReconnect };
}

describe('news socket', () => {
  it('builds ws URLs and backs off from 1 s doubling to 30 s', () => {
    expect(socketUrl('/ws?ticket=a', { protocol: 'https:', host: 'k.example' })).toBe('wss://k.example/ws?ticket=a');
    expect(socketUrl('/ws?ticket=a', { protocol: 'http:', host: 'h:3000' })).toBe('ws://h:3000/ws?ticket=a');
    expect([0, 1, 2, 5, 9].map((n) => backoffDelay(n, () => 0.5))).toEqual([1000, 2000, 4000, 30000, 30000]);
  });

  it('relays pushes, reconnects with a fresh ticket after a drop, and stops on close', async () => {
    let n = 0;
    const ticket = vi.fn(async () => `/ws?ticket=t${++n}`);
    const { socket, timers, onPush, onReconnect } = setup(ticket);
    await flush();
    const first = FakeSocket.all[0];
    expect(first.url).toBe('ws://h/ws?ticket=t1');
    first.open();
    first.push({ type: 'unread', unread: 3 });
    first.onmessage?.({ data: 'not json' });
    expect(onPush).toHaveBeenCalledTimes(1);
    expect(onPush).toHaveBeenCalledWith({ type: 'unread', unread: 3 });

    first.drop();
    expect(timers.map((t) => t.ms)).toEqual([1000]);
    timers.shift()?.fn();
    await flush();
    const second = FakeSocket.all[1];
    expect(second.url).toContain('ticket=t2');
    second.open();
    expect(onReconnect).toHaveBeenCalledTimes(1);

    socket.close();
    expect(second.closedWith).toBe(1000);
    second.drop();
    expect(timers).toEqual([]);
  });

  it('backs off while tickets fail, and wake retries at once', async () => {
    const ticket = vi.fn(async () => {
      throw new Error('offline');
    });
    const { socket, timers } = setup(ticket);
    await flush();
    expect(timers.map((t) => t.ms)).toEqual([1000]);
    timers.shift()?.fn();
    await flush();
    expect(timers.map((t) => t.ms)).toEqual([2000]);
    socket.wake();
    await flush();
    expect(ticket).toHaveBeenCalledTimes(3);
    expect(timers.map((t) => t.ms)).toEqual([1000]);
    socket.close();
    expect(timers).toEqual([]);
  });

  it('does not close a connecting socket (the browser would log an error): closes it once open', async () => {
    const { socket } = setup(async () => '/ws?ticket=x');
    await flush();
    const s = FakeSocket.all[0];
    socket.close();
    expect(s.closedWith).toBeUndefined();
    s.open();
    expect(s.closedWith).toBe(1000);
  });
});

describe('other pushes', () => {
  it('hands pushes of another type to onEvent, and the unread count to onPush', () => {
    FakeSocket.all = [];
    const onPush = vi.fn();
    const onEvent = vi.fn();
    connectNewsSocket({
      ticketUrl: async () => '/ws?ticket=t',
      onPush,
      onEvent,
      location: { protocol: 'http:', host: 'h' },
      createSocket: (url) => new FakeSocket(url) as unknown as WebSocket,
    });
    return vi.waitFor(() => {
      const socket = FakeSocket.all[0] as FakeSocket;
      socket.open();
      socket.push({ type: 'fwTask', taskId: 't1', state: 'running' });
      socket.push({ type: 'unread', unread: 2 });
      socket.push({ type: 'unread' });
      expect(onEvent).toHaveBeenCalledWith({ type: 'fwTask', taskId: 't1', state: 'running' });
      expect(onEvent).toHaveBeenCalledTimes(1);
      expect(onPush).toHaveBeenCalledWith({ type: 'unread', unread: 2 });
    });
  });
});

describe('the one socket: the topic watch rides on it', () => {
  it('sends the watch on open and after each reconnect, hands pushes on, and keeps the unread count', async () => {
    let n = 0;
    const { socket, timers, onPush } = setup(async () => `/ws?ticket=t${++n}`);
    const events: unknown[] = [];
    let untap = () => {};
    const watcher = createPropertyWatcher({
      connect: (handlers) => {
        untap = tapNewsSocket({
          ...handlers,
          onMessage: (e) => {
            events.push(e);
            handlers.onMessage(e);
          },
        });
      },
    });
    const stop = watcher.watch('P1', 'fwTask');
    await flush();
    expect(FakeSocket.all).toHaveLength(1);
    const first = FakeSocket.all[0] as FakeSocket;
    first.open();
    expect(first.sent).toEqual([{ type: 'watch', pno: 'P1', topics: ['fwTask'] }]);
    first.push({ type: 'watching', pno: 'P1', topics: ['fwTask'], refused: [] });
    expect(watcher.isLive('P1', 'fwTask')).toBe(true);
    first.push({ type: 'fwTask', taskId: 't1', state: 'running' });
    first.push({ type: 'unread', unread: 4 });
    expect(events).toContainEqual({ type: 'fwTask', taskId: 't1', state: 'running' });
    expect(onPush).toHaveBeenCalledWith({ type: 'unread', unread: 4 });

    // A drop: not live; the reconnected socket is asked again, and is still the only one open.
    first.drop();
    expect(watcher.isLive('P1', 'fwTask')).toBe(false);
    timers.shift()?.fn();
    await flush();
    expect(FakeSocket.all).toHaveLength(2);
    const second = FakeSocket.all[1] as FakeSocket;
    second.open();
    expect(second.sent).toEqual([{ type: 'watch', pno: 'P1', topics: ['fwTask'] }]);
    second.push({ type: 'unread', unread: 5 });
    expect(onPush).toHaveBeenLastCalledWith({ type: 'unread', unread: 5 });

    // Closing it (signing out) tells the watcher.
    stop();
    expect(second.sent.at(-1)).toEqual({ type: 'watch', pno: null, topics: [] });
    socket.close();
    expect(watcher.isLive('P1', 'fwTask')).toBe(false);
    untap();
  });
});
