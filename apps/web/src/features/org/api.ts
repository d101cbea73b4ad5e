import type { InputOf } from '@keel/contract/endpoint';
import type { EndpointPath, Endpoints } from '@keel/contract/endpoints/index';
import type { OrgNode } from '@keel/contract/endpoints/org';
import { queryOptions } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { api, type CallOptions } from '../../shared/api/client';
import { useSession } from '../../shared/session/session-store';

/**
 * An organisation call for the selected property, or — in the back office, `pno` given — for that property
 * without the `pno` header, the property named in the input (operators; access `orPlatform`).
 */
export function orgApi<P extends EndpointPath>(
  pno: string | undefined,
  path: P,
  input: InputOf<Endpoints[P]>,
  options: CallOptions = {},
) {
  return pno === undefined
    ? api(path, input, options)
    : api(path, { ...input, pno } as InputOf<Endpoints[P]>, { ...options, pno: null });
}

/** The query options of `orgApi`. */
export function orgQuery<P extends EndpointPath>(pno: string | undefined, path: P, input: InputOf<Endpoints[P]>) {
  // Keyed as apiQuery / platformQuery key them.
  const scope = pno === undefined ? useSession.getState().selectedPropertyPno : 'platform';
  return queryOptions({
    queryKey: [path, scope, pno === undefined ? input : { ...input, pno }] as const,
    queryFn: ({ signal }) => orgApi(pno, path, input, { signal }),
  });
}

export const formatTime = (ms: number | null | undefined) => (ms ? dayjs(ms).format('YYYY-MM-DD HH:mm') : '—');

/** Every node of a tree by id. */
export function indexTree(nodes: readonly OrgNode[], into = new Map<string, OrgNode>()): Map<string, OrgNode> {
  for (const node of nodes) {
    into.set(node.oid, node);
    indexTree(node.children ?? [], into);
  }
  return into;
}

/** The tree without `oid` and everything below it: the places a node can move to without a cycle. */
export function withoutSubtree(nodes: readonly OrgNode[], oid: string): OrgNode[] {
  return nodes.filter((n) => n.oid !== oid).map((n) => ({ ...n, children: withoutSubtree(n.children ?? [], oid) }));
}
