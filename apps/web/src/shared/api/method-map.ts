import type { Method } from '@keel/contract/endpoint';

/**
 * The contract's path → method map (compiled in by vite-plugins/endpoint-methods; tests set it on globalThis). A
 * module of its own that `methods.ts` imports dynamically: the map grows with every endpoint, the console shell
 * does not.
 */
export function methodMap(): Record<string, Method> | undefined {
  return typeof __KEEL_ENDPOINT_METHODS__ === 'undefined'
    ? (globalThis as { __KEEL_ENDPOINT_METHODS__?: Record<string, Method> }).__KEEL_ENDPOINT_METHODS__
    : __KEEL_ENDPOINT_METHODS__;
}
