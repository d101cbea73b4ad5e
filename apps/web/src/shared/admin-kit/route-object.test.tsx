// @vitest-environment happy-dom
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useToasts } from '../toast/toast-store';
import { useRouteObject } from './route-object';

afterEach(() => {
  cleanup();
  act(() => useToasts.setState({ items: [] }));
});

type Query = { data: string | undefined; isError: boolean; isSuccess: boolean };
const loading: Query = { data: undefined, isError: false, isSuccess: false };
const texts = () => useToasts.getState().items.map((i) => i.text);

describe('useRouteObject', () => {
  it('answers the object once fetched, and nothing while it loads', () => {
    const onClose = vi.fn();
    const { result, rerender } = renderHook(
      (q: typeof loading | { data: string; isError: false; isSuccess: true }) =>
        useRouteObject(q, true, 'gone', onClose),
      { initialProps: loading },
    );
    expect(result.current).toBeUndefined();
    rerender({ data: 'row', isError: false, isSuccess: true });
    expect(result.current).toBe('row');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('closes with a warning when the named object is gone, and silently when the fetch failed', () => {
    const gone = vi.fn();
    renderHook(() => useRouteObject({ data: undefined, isError: false, isSuccess: true }, true, 'It is gone', gone));
    expect(gone).toHaveBeenCalledTimes(1);
    expect(texts()).toEqual(['It is gone']);
    const failed = vi.fn();
    renderHook(() => useRouteObject({ data: undefined, isError: true, isSuccess: false }, true, 'Other', failed));
    expect(failed).toHaveBeenCalledTimes(1);
    expect(texts()).toEqual(['It is gone']);
  });

  it('does nothing when the route names no object', () => {
    const onClose = vi.fn();
    const { result } = renderHook(() =>
      useRouteObject({ data: undefined, isError: false, isSuccess: true }, false, 'gone', onClose),
    );
    expect(result.current).toBeUndefined();
    expect(onClose).not.toHaveBeenCalled();
  });
});
