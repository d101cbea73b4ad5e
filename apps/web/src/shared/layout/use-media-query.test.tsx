// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useMediaQuery } from './use-media-query';

/** A `matchMedia` whose one query's answer the test sets, telling listeners when it changes. */
function fakeMedia(initial: boolean) {
  const listeners = new Set<() => void>();
  const list = {
    matches: initial,
    addEventListener: (_: string, fn: () => void) => listeners.add(fn),
    removeEventListener: (_: string, fn: () => void) => listeners.delete(fn),
  };
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => {
    expect(query).toBe('(prefers-reduced-motion: reduce)');
    return list as unknown as MediaQueryList;
  });
  return {
    set(value: boolean) {
      list.matches = value;
      for (const fn of listeners) fn();
    },
    listeners,
  };
}

afterEach(() => vi.restoreAllMocks());

describe('useMediaQuery', () => {
  it('answers whether the query matches and follows its changes (the reader asking for reduced motion)', () => {
    const media = fakeMedia(false);
    const { result, unmount } = renderHook(() => useMediaQuery('(prefers-reduced-motion: reduce)'));
    expect(result.current).toBe(false);
    act(() => media.set(true));
    expect(result.current).toBe(true);
    unmount();
    expect(media.listeners.size).toBe(0);
  });
});
