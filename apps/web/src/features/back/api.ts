import type { InputOf } from '@keel/contract/endpoint';
import type { EndpointPath, Endpoints } from '@keel/contract/endpoints/index';
import { queryOptions } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { api } from '../../shared/api/client';

/** An operator query: sent without the `pno` header, so the operator's own selected property does not matter. */
export function platformQuery<P extends EndpointPath>(path: P, input: InputOf<Endpoints[P]>) {
  return queryOptions({
    queryKey: [path, 'platform', input] as const,
    queryFn: ({ signal }) => api(path, input, { signal, pno: null, notify: false }),
  });
}

export const formatTime = (ms: number | null | undefined) => (ms ? dayjs(ms).format('YYYY-MM-DD HH:mm:ss') : '—');
