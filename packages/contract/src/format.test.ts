import { describe, expect, it } from 'vitest';
import { formatFileSize } from './format';

describe('formatFileSize (base 1000, up to GB)', () => {
  it.each([
    [0, '0.00 B'],
    [999, '999.00 B'],
    [1000, '1.00 KB'],
    [1500, '1.50 KB'],
    [2_500_000, '2.50 MB'],
    [1.5e9, '1.50 GB'],
    [2.5e12, '2500.00 GB'],
    ['1000', '1.00 KB'],
  ])('%s → %s', (size, text) => expect(formatFileSize(size)).toBe(text));
  it('gives an empty string for an empty size', () => {
    expect(formatFileSize('')).toBe('');
    expect(formatFileSize(null)).toBe('');
    expect(formatFileSize(undefined)).toBe('');
    expect(formatFileSize('abc')).toBe('');
  });
});
