import type { Method } from '@keel/contract/endpoint';

type MethodMap = Record<string, Method>;

/** The HTTP method the contract declares for a path (compiled into the bundle; tests set it on globalThis). */
export function endpointMethod(path: string): Method | undefined {
  const map: MethodMap | undefined =
    typeof __KEEL_ENDPOINT_METHODS__ === 'undefined'
      ? (globalThis as { __KEEL_ENDPOINT_METHODS__?: MethodMap }).__KEEL_ENDPOINT_METHODS__
      : __KEEL_ENDPOINT_METHODS__;
  return map?.[path];
}
