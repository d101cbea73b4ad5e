/**
 * How many API calls are on their way, shown on the document as `data-api-busy` on `<html>` while any is. What the
 * end-to-end tests wait on before they read a page (e2e/support/open-route.ts), instead of half a second of network
 * silence per page; every call goes through `api` (client.ts), which counts it here.
 */
let inFlight = 0;

function show() {
  if (typeof document !== 'undefined') document.documentElement.toggleAttribute('data-api-busy', inFlight > 0);
}

/** Counts `call` as in flight until it settles; answers what it answers. */
export async function countInFlight<T>(call: () => Promise<T>): Promise<T> {
  inFlight += 1;
  show();
  try {
    return await call();
  } finally {
    inFlight -= 1;
    show();
  }
}
