import type { Plugin } from 'vite';
import { endpoints } from '../../../packages/contract/src/endpoints/index';

/**
 * Compiles the contract's path → method map into the bundle as `__KEEL_ENDPOINT_METHODS__`, so that the API client
 * knows each call's method without shipping the schemas (zod) to the browser.
 */
export function endpointMethodsPlugin(): Plugin {
  const methods = Object.fromEntries(Object.values(endpoints).map((e) => [e.path, e.method]));
  return {
    name: 'keel-endpoint-methods',
    config: () => ({ define: { __KEEL_ENDPOINT_METHODS__: JSON.stringify(methods) } }),
  };
}
