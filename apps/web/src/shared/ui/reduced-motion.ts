import { useSyncExternalStore } from 'react';

const QUERY = '(prefers-reduced-motion: reduce)';

const media = () => (typeof window !== 'undefined' && window.matchMedia ? window.matchMedia(QUERY) : null);

function subscribe(onChange: () => void): () => void {
  const list = media();
  list?.addEventListener('change', onChange);
  return () => list?.removeEventListener('change', onChange);
}

const snapshot = () => media()?.matches ?? false;

/**
 * Whether the reader asked their system for less motion (`prefers-reduced-motion: reduce`, WCAG 2.3.3), followed as
 * it changes. The console then turns antd's motion off (theme.ts `stillTheme`), as `ui.css` does for its own parts.
 */
export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(subscribe, snapshot, () => false);
}
