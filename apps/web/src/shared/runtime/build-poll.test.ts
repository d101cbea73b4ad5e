import { afterEach, describe, expect, it, vi } from 'vitest';
import { BUILD_ID, checkForNewBuild } from './build-poll';

afterEach(() => vi.unstubAllGlobals());

const serve = (body: unknown, ok = true) => {
  const fn = vi.fn(async (_url: string) => ({ ok, json: async () => body }));
  vi.stubGlobal('fetch', fn);
  return fn;
};

describe('build-id polling', () => {
  it('asks for /builds/latest.json with a timestamp and reloads when the id differs', async () => {
    const fetchFn = serve({ buildId: 'newer' });
    const reload = vi.fn();
    expect(await checkForNewBuild(reload)).toBe(true);
    expect(reload).toHaveBeenCalledOnce();
    expect(fetchFn.mock.calls[0][0]).toMatch(/^\/builds\/latest\.json\?t=\d+$/);
  });

  it('does nothing when the id is the same or cannot be read', async () => {
    const reload = vi.fn();
    serve({ buildId: BUILD_ID });
    expect(await checkForNewBuild(reload)).toBe(false);
    serve({}, false);
    expect(await checkForNewBuild(reload)).toBe(false);
    vi.stubGlobal('fetch', () => Promise.reject(new Error('offline')));
    expect(await checkForNewBuild(reload)).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });
});
