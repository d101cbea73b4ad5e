import type { InputOf } from '@keel/contract/endpoint';
import type { EndpointPath, Endpoints } from '@keel/contract/endpoints/index';
import { platformQuery as sharedPlatformQuery } from '../../shared/api/query';

/** An operator query: sent without the `pno` header, so the operator's own selected property does not matter. */
export function platformQuery<P extends EndpointPath>(path: P, input: InputOf<Endpoints[P]>) {
  return sharedPlatformQuery(path, input, { notify: false });
}
