import { describe, expect, it } from 'vitest';
import { createPropertyWatcher, LINGER_MS, type WatchHandlers } from './property-watch';

function setup() {
  const connections: Array<{ token: string; handlers: WatchHandlers; sent: unknown[]; closed: boolean }> = [];
  const emitted: unknown[] = [];
  const timers: Array<{ fn: () => void; ms: number }> = [];
  const watcher = createPropertyWatcher({
    connect(token, handlers) {
      const c = { token, handlers, sent: [] as unknown[], closed: false };
      connections.push(c);
      return {
        close() {
          c.closed = true;
        },
      };
    },
    emit: (e) => emitted.push(e),
    setTimer(fn, ms) {
      const t = { fn, ms };
      timers.push(t);
      return t;
    },
    clearTimer: (t) => {
      const at = timers.indexOf(t as never);
      if (at >= 0) timers.splice(at, 1);
    },
  });
  const open = (i = connections.length - 1) => {
    const c = connections[i];
    if (!c) throw new Error('no connection');
    c.handlers.onOpen((text) => c.sent.push(JSON.parse(text)));
    return c;
  };
  return { watcher, connections, emitted, timers, open };
}

describe('property watch', () => {
  it('asks for the topics of the property shown, follows a switch, and tells whether they are live', () => {
    const { watcher, connections, emitted, open } = setup();
    let changes = 0;
    watcher.subscribe(() => {
      changes += 1;
    });
    const stop = watcher.watch('tok', 'P1', 'fwTask');
    expect(connections).toHaveLength(1);
    // Asked once open; a second watcher of the same topic asks nothing new.
    const c = open();
    const stop2 = watcher.watch('tok', 'P1', 'fwTask');
    expect(c.sent).toEqual([{ type: 'watch', pno: 'P1', topics: ['fwTask'] }]);
    expect(watcher.isLive('P1', 'fwTask')).toBe(false);
    c.handlers.onMessage({ type: 'watching', pno: 'P1', topics: ['fwTask'], refused: [] });
    expect(watcher.isLive('P1', 'fwTask')).toBe(true);
    expect(changes).toBe(1);
    // Pushes go to the pages; answers do not.
    c.handlers.onMessage({ type: 'fwTask', taskId: 't', state: 'running' });
    expect(emitted).toEqual([{ type: 'fwTask', taskId: 't', state: 'running' }]);

    // The property switched: the new one is asked for, the old one is not live any more.
    stop();
    stop2();
    const stop3 = watcher.watch('tok', 'P2', 'fwTask');
    expect(c.sent.at(-1)).toEqual({ type: 'watch', pno: 'P2', topics: ['fwTask'] });
    expect(watcher.isLive('P1', 'fwTask')).toBe(false);
    c.handlers.onMessage({ type: 'watching', pno: 'P2', topics: [], refused: ['fwTask'] });
    expect(watcher.isLive('P2', 'fwTask')).toBe(false);

    // A drop: not live until the reconnected socket is answered again (asked again on open).
    c.handlers.onMessage({ type: 'watching', pno: 'P2', topics: ['fwTask'], refused: [] });
    expect(watcher.isLive('P2', 'fwTask')).toBe(true);
    c.handlers.onClose();
    expect(watcher.isLive('P2', 'fwTask')).toBe(false);
    const before = c.sent.length;
    open(0);
    expect(c.sent.slice(before)).toEqual([{ type: 'watch', pno: 'P2', topics: ['fwTask'] }]);
    stop3();
  });

  it('lingers after the last watcher, then closes; another user gets a socket of their own', () => {
    const { watcher, connections, timers, open } = setup();
    const stop = watcher.watch('tok', 'P1', 'fwTask');
    const c = open();
    stop();
    expect(c.sent.at(-1)).toEqual({ type: 'watch', pno: null, topics: [] });
    expect(timers.map((t) => t.ms)).toEqual([LINGER_MS]);
    // Back within the linger: the same socket.
    const again = watcher.watch('tok', 'P1', 'fwTask');
    expect(timers).toEqual([]);
    expect(connections).toHaveLength(1);
    again();
    timers[0]?.fn();
    expect(c.closed).toBe(true);

    const first = watcher.watch('tok', 'P1', 'fwTask');
    expect(connections).toHaveLength(2);
    const other = watcher.watch('tok2', 'P1', 'fwTask');
    expect(connections).toHaveLength(3);
    expect(connections[1]?.closed).toBe(true);
    expect(connections[2]?.token).toBe('tok2');
    first();
    other();
  });
});
