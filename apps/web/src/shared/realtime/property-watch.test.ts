import { describe, expect, it } from 'vitest';
import { createPropertyWatcher, type WatchHandlers } from './property-watch';

function setup() {
  const taps: WatchHandlers[] = [];
  const watcher = createPropertyWatcher({ connect: (handlers) => taps.push(handlers) });
  const sent: unknown[] = [];
  const open = () => {
    const tap = taps[0];
    if (!tap) throw new Error('no tap');
    tap.onOpen((text) => sent.push(JSON.parse(text)));
    return tap;
  };
  return { watcher, taps, sent, open };
}

describe('property watch', () => {
  it('asks for the topics of the property shown, follows a switch, and tells whether they are live', () => {
    const { watcher, taps, sent, open } = setup();
    let changes = 0;
    watcher.subscribe(() => {
      changes += 1;
    });
    const stop = watcher.watch('P1', 'fwTask');
    // Asked once the (one, shared) socket is open; a second watcher of the same topic asks nothing new.
    const tap = open();
    const stop2 = watcher.watch('P1', 'fwTask');
    expect(taps).toHaveLength(1);
    expect(sent).toEqual([{ type: 'watch', pno: 'P1', topics: ['fwTask'] }]);
    expect(watcher.isLive('P1', 'fwTask')).toBe(false);
    tap.onMessage({ type: 'watching', pno: 'P1', topics: ['fwTask'], refused: [] });
    expect(watcher.isLive('P1', 'fwTask')).toBe(true);
    expect(changes).toBe(1);

    // The property switched: the new one is asked for, the old one is not live any more.
    stop();
    stop2();
    const stop3 = watcher.watch('P2', 'fwTask');
    expect(sent.at(-1)).toEqual({ type: 'watch', pno: 'P2', topics: ['fwTask'] });
    expect(watcher.isLive('P1', 'fwTask')).toBe(false);
    tap.onMessage({ type: 'watching', pno: 'P2', topics: [], refused: ['fwTask'] });
    expect(watcher.isLive('P2', 'fwTask')).toBe(false);

    // A drop: not live until the reconnected socket is answered again (asked again on open).
    tap.onMessage({ type: 'watching', pno: 'P2', topics: ['fwTask'], refused: [] });
    expect(watcher.isLive('P2', 'fwTask')).toBe(true);
    tap.onClose();
    expect(watcher.isLive('P2', 'fwTask')).toBe(false);
    const before = sent.length;
    open();
    expect(sent.slice(before)).toEqual([{ type: 'watch', pno: 'P2', topics: ['fwTask'] }]);
    stop3();
    expect(sent.at(-1)).toEqual({ type: 'watch', pno: null, topics: [] });
    expect(taps).toHaveLength(1);
  });

  it('sends nothing to a new socket while nothing is watched', () => {
    const { watcher, sent, open } = setup();
    watcher.watch('P1', 'fwTask')();
    const tap = open();
    tap.onClose();
    open();
    expect(sent).toEqual([]);
  });
});
