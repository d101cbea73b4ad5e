import type { InputOf } from '@keel/contract/endpoint';
import type { EndpointPath, Endpoints } from '@keel/contract/endpoints/index';
import { api } from '../../shared/api/client';

/** A back-office call (no `pno` header). */
export function platformCall<P extends EndpointPath>(path: P, input: InputOf<Endpoints[P]>) {
  return api(path, input, { pno: null });
}
