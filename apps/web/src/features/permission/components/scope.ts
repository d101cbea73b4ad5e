import type { OrgNode } from '@keel/contract/endpoints/org';

/** Organisation names by id (the root's name is the property's). */
export function orgNames(nodes: readonly OrgNode[] | undefined, into = new Map<string, string>()): Map<string, string> {
  for (const node of nodes ?? []) {
    into.set(node.oid, node.name);
    orgNames(node.children ?? [], into);
  }
  return into;
}

/** Whether two id lists (order aside) or "the whole property" (`null`) are the same scope. */
export function sameScope(a: readonly string[] | null, b: readonly string[] | null): boolean {
  if (a === null || b === null) return a === b;
  if (a.length !== b.length) return false;
  const set = new Set(a);
  return b.every((x) => set.has(x));
}
