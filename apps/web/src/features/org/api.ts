import type { InputOf } from '@keel/contract/endpoint';
import type { EndpointPath, Endpoints } from '@keel/contract/endpoints/index';
import type { OrgNode } from '@keel/contract/endpoints/org';
import type { CallOptions } from '../../shared/api/client';
import { scopedCall, scopedQuery } from '../../shared/api/query';

/**
 * An organisation call for the selected property, or — in the back office, `pno` given — for that property
 * without the `pno` header, the property named in the input (operators; access `orPlatform`).
 */
export function orgApi<P extends EndpointPath>(
  pno: string | undefined,
  path: P,
  input: InputOf<Endpoints[P]>,
  options: Omit<CallOptions, 'pno'> = {},
) {
  return pno === undefined
    ? scopedCall(path, input, 'property', options)
    : scopedCall(path, { ...input, pno } as InputOf<Endpoints[P]>, 'platform', options);
}

/** The query options of `orgApi`, keyed by the one scheme (`queryKeyOf`). */
export function orgQuery<P extends EndpointPath>(pno: string | undefined, path: P, input: InputOf<Endpoints[P]>) {
  return pno === undefined
    ? scopedQuery(path, input, 'property')
    : scopedQuery(path, { ...input, pno } as InputOf<Endpoints[P]>, 'platform');
}

/** The lists a change of members shows in (the unit's members, the tree's counts, the user list). */
export const ORG_MEMBER_LISTS = ['o/getOrgUserList', 'o/getMyOrgTreeList', 'u/getUserList'] as const;

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
