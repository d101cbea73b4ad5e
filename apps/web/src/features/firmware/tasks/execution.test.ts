import { describe, expect, it } from 'vitest';
import { defaultExecution, parseSizes, sizesProblem, toExecution, toValues } from './execution';

describe('task execution form', () => {
  it('reads group sizes typed with commas or spaces, refusing anything but whole positive numbers', () => {
    expect(parseSizes('10, 30 60')).toEqual([10, 30, 60]);
    expect(parseSizes('')).toEqual([]);
    expect(parseSizes('10, x')).toBeNull();
    expect(parseSizes('0')).toBeNull();
    expect(parseSizes('2.5')).toBeNull();
  });
  it('refuses percent groups that leave nothing for the last group, and too many groups', () => {
    expect(sizesProblem('percent', '10, 30')).toBeNull();
    expect(sizesProblem('percent', '50, 50')?.key).toBe('firmware.exec.sizesOver');
    expect(sizesProblem('count', '50, 50')).toBeNull();
    expect(sizesProblem('count', '1 2 3 4 5 6 7 8 9 10')?.key).toBe('firmware.exec.sizesTooMany');
  });
  it('round-trips the settings through the form values', () => {
    const e = {
      ...defaultExecution(),
      startMode: 'at' as const,
      startAt: new Date(2030, 0, 2, 3, 4).getTime(),
      maintenanceWindow: { start: '22:00', end: '04:00', timeZone: 'Asia/Shanghai' },
      stages: { by: 'count' as const, sizes: [5, 20] },
      retry: { attempts: 2, backoffSec: 60, backoffFactor: 3, errorCodes: ['E_NET'] },
    };
    expect(toExecution(toValues(e))).toEqual(e);
    const now = { ...defaultExecution() };
    expect(toExecution(toValues(now))).toEqual(now);
  });
});
