import { describe, expect, it } from 'vitest';
import { formatDuration, parseDuration } from './duration';

describe('polling intervals as the console takes them', () => {
  it('reads HH:MM:SS, MM:SS and seconds, blank as none and anything else as not a duration', () => {
    expect(parseDuration('00:05:00')).toBe(300);
    expect(parseDuration(' 1:02:03 ')).toBe(3723);
    expect(parseDuration('24:00:00')).toBe(86_400);
    expect(parseDuration('5:30')).toBe(330);
    expect(parseDuration('45')).toBe(45);
    expect(parseDuration('')).toBeNull();
    expect(parseDuration(undefined)).toBeNull();
    for (const bad of ['1:60:00', '00:00:61', 'ten', '1.5', '-5', '1::2']) expect(parseDuration(bad)).toBeNaN();
  });

  it('writes seconds as HH:MM:SS, as devices are told', () => {
    expect(formatDuration(10)).toBe('00:00:10');
    expect(formatDuration(3723)).toBe('01:02:03');
    expect(formatDuration(86_400)).toBe('24:00:00');
    expect(parseDuration(formatDuration(4321))).toBe(4321);
  });
});
