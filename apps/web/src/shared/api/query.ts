import type { InputOf } from '@keel/contract/endpoint';
import type { EndpointPath, Endpoints } from '@keel/contract/endpoints/index';
import { queryOptions } from '@tanstack/react-query';
import { useSession } from '../session/session-store';
import { api } from './client';

/** TanStack Query options for a call; the key holds the selected property so switching it refetches. */
export function apiQuery<P extends EndpointPath>(path: P, input: InputOf<Endpoints[P]>) {
  const pno = useSession.getState().selectedPropertyPno;
  return queryOptions({
    queryKey: [path, pno, input] as const,
    queryFn: ({ signal }) => api(path, input, { signal }),
  });
}
