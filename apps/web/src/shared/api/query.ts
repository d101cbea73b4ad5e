import type { InputOf } from '@keel/contract/endpoint';
import type { EndpointPath, Endpoints } from '@keel/contract/endpoints/index';
import { queryOptions } from '@tanstack/react-query';
import { useSession } from '../session/session-store';
import { api, type CallOptions } from './client';

/** TanStack Query options for a call; the key holds the selected property so switching it refetches. */
export function apiQuery<P extends EndpointPath>(path: P, input: InputOf<Endpoints[P]>) {
  const pno = useSession.getState().selectedPropertyPno;
  return queryOptions({
    queryKey: [path, pno, input] as const,
    queryFn: ({ signal }) => api(path, input, { signal }),
  });
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
  return queryOptions({
    queryKey: [path, 'platform', input] as const,
    queryFn: ({ signal }) => api(path, input, { ...options, signal, pno: null }),
  });
}
