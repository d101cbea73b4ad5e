// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { countInFlight } from './in-flight';

const busy = () => document.documentElement.hasAttribute('data-api-busy');

/** A call that settles when told to. */
function pending() {
  let settle: (ok: boolean) => void = () => {};
  const promise = new Promise<string>((resolve, reject) => {
    settle = (ok) => (ok ? resolve('done') : reject(new Error('refused')));
  });
  return { promise, settle };
}

describe('API calls in flight', () => {
  it('marks the document busy until the last call settles, answered or failed', async () => {
    expect(busy()).toBe(false);
    const a = pending();
    const b = pending();
    const first = countInFlight(() => a.promise);
    const second = countInFlight(() => b.promise);
    expect(busy()).toBe(true);
    a.settle(true);
    await expect(first).resolves.toBe('done');
    expect(busy()).toBe(true);
    b.settle(false);
    await expect(second).rejects.toThrow('refused');
    expect(busy()).toBe(false);
  });

  it('counts a call that throws before it starts as settled', async () => {
    await expect(
      countInFlight(() => {
        throw new Error('no method');
      }),
    ).rejects.toThrow('no method');
    expect(busy()).toBe(false);
  });
});
