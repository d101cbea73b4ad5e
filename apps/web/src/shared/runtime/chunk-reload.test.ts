// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { isChunkLoadError, reloadOnChunkError } from './chunk-reload';

beforeEach(() => sessionStorage.clear());

describe('chunk-load reload guard', () => {
  it('reloads at most once per path within 10 s', () => {
    const reload = vi.fn();
    expect(reloadOnChunkError('/home', 1_000, reload)).toBe(true);
    expect(reloadOnChunkError('/home', 5_000, reload)).toBe(false);
    expect(reloadOnChunkError('/other', 5_000, reload)).toBe(true);
    expect(reloadOnChunkError('/home', 11_001, reload)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(3);
  });
  it('recognises dynamic-import failures', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))).toBe(true);
    expect(isChunkLoadError(new Error('Unable to preload CSS for /assets/a.css'))).toBe(true);
    expect(isChunkLoadError(new Error('boom'))).toBe(false);
  });
});
