import { describe, expect, it } from 'vitest';
import { contribution, Extensions, extensionPoint, indexBy } from './extension-points';

describe('extension points', () => {
  const counters = extensionPoint<{ kind: string; n: number }>('test.counters');
  const checks = extensionPoint<() => string>('test.checks');

  it('gives each point its contributions in the modules’ order, and none to a point nobody contributes to', () => {
    const first = () => 'first';
    const second = () => 'second';
    const ext = new Extensions([
      contribution(checks, first),
      contribution(counters, { kind: 'a', n: 1 }),
      contribution(checks, second),
    ]);
    expect(ext.all(checks)).toEqual([first, second]);
    expect(ext.all(counters)).toEqual([{ kind: 'a', n: 1 }]);
    expect(ext.all(extensionPoint<number>('test.empty'))).toEqual([]);
  });

  it('derives an index once, and refuses a key contributed twice', () => {
    const ext = new Extensions([
      contribution(counters, { kind: 'a', n: 1 }),
      contribution(counters, { kind: 'b', n: 2 }),
    ]);
    let runs = 0;
    const byKind = () =>
      ext.derive(counters, 'byKind', (all) => {
        runs += 1;
        return indexBy(counters, all, (c) => c.kind);
      });
    expect(byKind().get('b')?.n).toBe(2);
    expect(byKind()).toBe(byKind());
    expect(runs).toBe(1);
    const twice = new Extensions([
      contribution(counters, { kind: 'a', n: 1 }),
      contribution(counters, { kind: 'a', n: 2 }),
    ]);
    expect(() => indexBy(counters, twice.all(counters), (c) => c.kind)).toThrow(
      'test.counters: a is contributed twice',
    );
  });
});
