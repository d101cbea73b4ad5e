// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadLocale, localeBackend } from './locale-loader';

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('locale loading', () => {
  it('fetches /_i18n/{locale}/messages.json and caches it for 24 h', async () => {
    const fetchFn = vi.fn(async () => new Response(JSON.stringify({ a: 'b' })));
    vi.stubGlobal('fetch', fetchFn);
    const t0 = 1_000_000;
    expect(await loadLocale('en', t0)).toEqual({ a: 'b' });
    expect(fetchFn).toHaveBeenCalledWith('/_i18n/en/messages.json');
    await loadLocale('en', t0 + 23 * 3600_000);
    expect(fetchFn).toHaveBeenCalledTimes(1);
    await loadLocale('en', t0 + 25 * 3600_000);
    expect(fetchFn).toHaveBeenCalledTimes(2);
  });

  it("logs 'Failed loading locale' when the file cannot be loaded", async () => {
    vi.stubGlobal('fetch', async () => new Response('nope', { status: 500 }));
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const result = await new Promise<unknown>((resolve) =>
      localeBackend.read('zh-cn', 'translation', (error) => resolve(error)),
    );
    expect(result).toBeInstanceOf(Error);
    expect(log.mock.calls[0][0]).toBe('Failed loading locale');
    log.mockRestore();
  });
});
