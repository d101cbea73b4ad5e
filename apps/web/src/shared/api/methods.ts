import type { Method } from '@keel/contract/endpoint';

/**
 * The method map's chunk (method-map.ts), asked for as soon as the client loads (in parallel with the rest of the
 * first load), so that the first call rarely waits for it.
 */
let chunk: Promise<typeof import('./method-map')> | undefined;
const load = () => {
  chunk ??= import('./method-map');
  return chunk;
};
if (typeof window !== 'undefined') void load().catch(() => undefined);

/** The HTTP method the contract declares for a path (compiled into the bundle; tests set it on globalThis). */
export async function endpointMethod(path: string): Promise<Method | undefined> {
  return (await load()).methodMap()?.[path];
}
