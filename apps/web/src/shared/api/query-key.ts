import type { EndpointPath } from '@keel/contract/endpoints/index';
import type { QueryClient } from '@tanstack/react-query';

/**
 * Where a call works: the selected property (`pno` header) or the back office (no header; the property, where
 * there is one, is named in the input).
 */
export type Scope = 'property' | 'platform';

/**
 * The one query-key scheme: `[path, where, input]`. `where` is the selected property's pno (so switching property
 * refetches) or `'platform'`. Every key starts with its endpoint path, so `invalidatePaths` refreshes a call's
 * queries in every scope and for every input.
 */
export function queryKeyOf(path: EndpointPath, scope: Scope, selectedPno: string | null, input: unknown) {
  return [path, scope === 'platform' ? 'platform' : selectedPno, input ?? {}] as const;
}

/** Refetches every query of these calls. */
export async function invalidatePaths(queryClient: QueryClient, paths: readonly EndpointPath[]): Promise<void> {
  await Promise.all(paths.map((path) => queryClient.invalidateQueries({ queryKey: [path] })));
}
