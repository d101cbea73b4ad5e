import type { InputOf } from '@keel/contract/endpoint';
import type { EndpointPath, Endpoints } from '@keel/contract/endpoints/index';
import type { OrgNode } from '@keel/contract/endpoints/org';
import { queryOptions } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { api } from '../../shared/api/client';

/** A back-office (operator) query, sent without the `pno` header (the property is named in the input). */
export function platformQuery<P extends EndpointPath>(path: P, input: InputOf<Endpoints[P]>) {
  return queryOptions({
    queryKey: [path, 'platform', input] as const,
    queryFn: ({ signal }) => api(path, input, { signal, pno: null }),
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
