import { describe, expect, it } from 'vitest';
import { memoryQuota } from './quota';

describe('memory quota', () => {
  it('holds, commits and releases by key', async () => {
    const q = memoryQuota(100, 10);
    await q.reserve('a', 50);
    await q.reserve('a', 50);
    expect({ used: q.used, held: q.held }).toEqual({ used: 10, held: 50 });
    await expect(q.reserve('b', 41)).rejects.toMatchObject({ key: 'tooLarge' });
    await q.commit('a');
    expect({ used: q.used, held: q.held }).toEqual({ used: 60, held: 0 });
    await q.reserve('c', 40);
    await q.release('c');
    await q.release('c');
    await q.commit('missing');
    expect({ used: q.used, held: q.held }).toEqual({ used: 60, held: 0 });
  });

  it('never lets concurrent reservations together pass the limit', async () => {
    const q = memoryQuota(1000);
    const results = await Promise.allSettled(Array.from({ length: 100 }, (_, i) => q.reserve(`k${i}`, 30)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(33);
    expect(q.held).toBe(990);
  });
});
