import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { maxLengthOf, stringLimits } from './zod-limits';

describe('stringLimits', () => {
  it('reads min and max through optional, default and trim', () => {
    expect(stringLimits(z.string().trim().min(1).max(50))).toEqual({ min: 1, max: 50 });
    expect(stringLimits(z.string().max(200).default(''))).toEqual({ min: undefined, max: 200 });
    expect(stringLimits(z.string().min(2).max(9).optional())).toEqual({ min: 2, max: 9 });
    expect(stringLimits(z.string().max(7).nullable().optional())).toEqual({ min: undefined, max: 7 });
  });

  it('reads a field of an object schema and refuses one without a max', () => {
    const input = z.object({ name: z.string().max(12), free: z.string() });
    expect(maxLengthOf(input, 'name')).toBe(12);
    expect(() => maxLengthOf(input, 'free')).toThrow(/free/);
  });
});
