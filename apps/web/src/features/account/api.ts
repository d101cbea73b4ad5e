import type { InputOf } from '@keel/contract/endpoint';
import type { EndpointPath, Endpoints } from '@keel/contract/endpoints/index';
import { queryOptions } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { api } from '../../shared/api/client';

/**
 * A back-office (operator) query: sent without the `pno` header, the property is named in the input, so the
 * operator's own selected property does not get in the way.
 */
export function platformQuery<P extends EndpointPath>(path: P, input: InputOf<Endpoints[P]>) {
  return queryOptions({
    queryKey: [path, 'platform', input] as const,
    queryFn: ({ signal }) => api(path, input, { signal, pno: null }),
  });
}

/** A back-office call (no `pno` header). */
export function platformCall<P extends EndpointPath>(path: P, input: InputOf<Endpoints[P]>) {
  return api(path, input, { pno: null });
}

export const formatTime = (ms: number | null | undefined) => (ms ? dayjs(ms).format('YYYY-MM-DD HH:mm') : '—');
