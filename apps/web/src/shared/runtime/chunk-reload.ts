import { CHUNK_RELOAD_GUARD_MS } from '@keel/contract/constants';

const KEY_PREFIX = 'keel:chunk-reload:';

/**
 * Reloads the page after a chunk-load failure, at most once per path within 10 s (timestamps in session storage).
 * Returns whether it reloaded.
 */
export function reloadOnChunkError(
  path: string = location.pathname,
  now: number = Date.now(),
  reload: () => void = () => location.reload(),
): boolean {
  const key = KEY_PREFIX + path;
  const last = Number(sessionStorage.getItem(key) ?? 0);
  if (last && now - last < CHUNK_RELOAD_GUARD_MS) return false;
  sessionStorage.setItem(key, String(now));
  reload();
  return true;
}

/** Whether an error is a failed dynamic import / chunk fetch. */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error ?? '');
  return /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS/i.test(
    message,
  );
}

/** Listens for Vite's preload errors and unhandled dynamic-import failures. */
export function installChunkReloadGuard(): void {
  window.addEventListener('vite:preloadError', (event) => {
    event.preventDefault();
    reloadOnChunkError();
  });
  window.addEventListener('unhandledrejection', (event) => {
    if (isChunkLoadError(event.reason)) reloadOnChunkError();
  });
}
