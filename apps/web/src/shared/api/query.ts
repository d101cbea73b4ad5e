import type { InputOf } from '@keel/contract/endpoint';
import type { EndpointPath, Endpoints } from '@keel/contract/endpoints/index';
import { queryOptions } from '@tanstack/react-query';
import { useSession } from '../session/session-store';
import { api, type CallOptions } from './client';
import { queryKeyOf, type Scope } from './query-key';

export type { Scope } from './query-key';

/** A call in a scope: the back office sends no `pno` header, so the operator's own selection does not interfere. */
export function scopedCall<P extends EndpointPath>(
  path: P,
  input: InputOf<Endpoints[P]>,
  scope: Scope,
  options: Omit<CallOptions, 'pno'> = {},
) {
  return api(path, input, scope === 'platform' ? { ...options, pno: null } : options);
}

/** TanStack Query options for a call in a scope, keyed by `queryKeyOf`. */
export function scopedQuery<P extends EndpointPath>(
  path: P,
  input: InputOf<Endpoints[P]>,
  scope: Scope,
  options: Pick<CallOptions, 'notify'> = {},
) {
  return queryOptions({
    queryKey: queryKeyOf(path, scope, useSession.getState().selectedPropertyPno, input),
    queryFn: ({ signal }) => scopedCall(path, input, scope, { ...options, signal }),
  });
}

/** TanStack Query options for a call for the selected property. */
export function apiQuery<P extends EndpointPath>(path: P, input: InputOf<Endpoints[P]>) {
  return scopedQuery(path, input, 'property');
}

/**
 * TanStack Query options for a back-office (operator) call: sent without the `pno` header (the property, where there
 * is one, is named in the input), so the operator's own selected property does not get in the way.
 */
export function platformQuery<P extends EndpointPath>(
  path: P,
  input: InputOf<Endpoints[P]>,
  options: Pick<CallOptions, 'notify'> = {},
) {
  return scopedQuery(path, input, 'platform', options);
}
