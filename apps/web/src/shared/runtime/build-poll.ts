import { BUILD_POLL_INTERVAL_MS } from '@keel/contract/constants';

/** The id this page was built with. */
export const BUILD_ID: string = typeof __KEEL_BUILD_ID__ === 'undefined' ? 'dev' : __KEEL_BUILD_ID__;

/** Fetches `/builds/latest.json?t=<now>`; resolves the id, or null when it cannot be read. */
export async function fetchLatestBuildId(now: number = Date.now()): Promise<string | null> {
  try {
    const response = await fetch(`/builds/latest.json?t=${now}`, { cache: 'no-store' });
    if (!response.ok) return null;
    const body = (await response.json()) as { buildId?: unknown };
    return typeof body.buildId === 'string' ? body.buildId : null;
  } catch {
    return null;
  }
}

/** Checks once: reloads when the deployed build differs from this page's. */
export async function checkForNewBuild(reload: () => void = () => location.reload()): Promise<boolean> {
  const latest = await fetchLatestBuildId();
  if (latest && latest !== BUILD_ID) {
    reload();
    return true;
  }
  return false;
}

/** Polls every BUILD_POLL_INTERVAL_MS (not in dev, where there is no build). Returns a stop function. */
export function startBuildPolling(): () => void {
  if (BUILD_ID === 'dev') return () => {};
  const timer = setInterval(() => void checkForNewBuild(), BUILD_POLL_INTERVAL_MS);
  return () => clearInterval(timer);
}
