// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useToasts } from '../toast/toast-store';
import { fakeFetch, installEndpointMethods } from './test-methods';
import { useApiMutation } from './use-api-mutation';

function setup() {
  const client = new QueryClient();
  const invalidate = vi.spyOn(client, 'invalidateQueries');
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return { client, invalidate, wrapper };
}

const toasts = () => useToasts.getState().items.map((t) => `${t.type}:${t.text}`);

beforeEach(() => {
  installEndpointMethods();
  useToasts.setState({ items: [] });
});
afterEach(() => vi.unstubAllGlobals());

describe('useApiMutation', () => {
  it('calls the endpoint, toasts the success, invalidates and resolves true', async () => {
    const f = fakeFetch([{ body: { status: 0, msg: '', data: { tid: 'T1' } } }]);
    vi.stubGlobal('fetch', f.fn);
    const { invalidate, wrapper } = setup();
    const onSuccess = vi.fn();
    const { result } = renderHook(
      () =>
        useApiMutation('t/addOrUpdateTitle', {
          invalidates: ['t/getTitleList'],
          success: (data, input) => `saved ${input.name} as ${data.tid}`,
          onSuccess,
        }),
      { wrapper },
    );
    await expect(result.current({ name: 'Lead', remark: '' })).resolves.toBe(true);
    expect(f.calls[0].url).toBe('/api/t/addOrUpdateTitle');
    expect(JSON.parse(String(f.calls[0].init.body))).toEqual({ name: 'Lead', remark: '' });
    expect(toasts()).toEqual(['success:saved Lead as T1']);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['t/getTitleList'] });
    expect(onSuccess).toHaveBeenCalledWith({ tid: 'T1' }, { name: 'Lead', remark: '' });
  });

  it("refetches every query with invalidates 'all'", async () => {
    vi.stubGlobal('fetch', fakeFetch([{ body: { status: 0, msg: '', data: { tid: 'T1' } } }]).fn);
    const { invalidate, wrapper } = setup();
    const { result } = renderHook(() => useApiMutation('t/addOrUpdateTitle', { invalidates: 'all' }), { wrapper });
    await expect(result.current({ name: 'Lead', remark: '' })).resolves.toBe(true);
    expect(invalidate).toHaveBeenCalledWith();
  });

  it('sends no pno header in the platform scope', async () => {
    const f = fakeFetch([{ body: { status: 0, msg: '', data: { tid: 'T1' } } }]);
    vi.stubGlobal('fetch', f.fn);
    const { wrapper } = setup();
    const { result } = renderHook(() => useApiMutation('t/addOrUpdateTitle', { scope: 'platform', invalidates: [] }), {
      wrapper,
    });
    await result.current({ name: 'Lead', remark: '', pno: 'P1' });
    expect((f.calls[0].init.headers as Record<string, string>).pno).toBeUndefined();
  });

  it('resolves false on a refusal, leaving the toast to the client and the queries alone', async () => {
    vi.stubGlobal('fetch', fakeFetch([{ body: { status: 1, msg: 'name taken', data: null } }]).fn);
    const { invalidate, wrapper } = setup();
    const { result } = renderHook(
      () => useApiMutation('t/addOrUpdateTitle', { invalidates: ['t/getTitleList'], success: () => 'saved' }),
      { wrapper },
    );
    await expect(result.current({ name: 'Lead', remark: '' })).resolves.toBe(false);
    expect(toasts()).toEqual(['warning:name taken']);
    expect(invalidate).not.toHaveBeenCalled();
  });

  it('toasts a failure the client did not report (network)', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('offline')));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { wrapper } = setup();
    const { result } = renderHook(() => useApiMutation('t/addOrUpdateTitle', { invalidates: [] }), { wrapper });
    await expect(result.current({ name: 'Lead', remark: '' })).resolves.toBe(false);
    expect(toasts()).toEqual(['error:kit.requestFailed']);
  });
});
