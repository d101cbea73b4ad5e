import type { AnyRouter } from '@tanstack/react-router';

/**
 * Writes the path of the URL the router last finished loading on `<html data-route>`, after every navigation (a
 * page load, a link, the browser's back and forward). What the end-to-end tests wait on before they read a page
 * opened inside the console (e2e/support/open-route.ts): the address bar changes before the router has drawn the
 * page it names.
 */
export function markResolvedRoute(router: AnyRouter): () => void {
  return router.subscribe('onResolved', () => {
    document.documentElement.setAttribute('data-route', window.location.pathname);
  });
}
