import type { Business } from '../constants';
import type { PermissionNode } from './types';

export interface PermissionTreeNode extends PermissionNode {
  children: PermissionTreeNode[];
}

/** Builds the tree (roots in list order, children in list order) from a flat list. Orphans become roots. */
export function buildTree(nodes: readonly PermissionNode[]): PermissionTreeNode[] {
  const byId = new Map<string, PermissionTreeNode>();
  for (const n of nodes) byId.set(n.id, { ...n, children: [] });
  const roots: PermissionTreeNode[] = [];
  for (const n of nodes) {
    const node = byId.get(n.id) as PermissionTreeNode;
    const parent = n.parent === null ? undefined : byId.get(n.parent);
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}

/** The page node that opens a route, if any. */
export function findByRoute(nodes: readonly PermissionNode[], route: string): PermissionNode | undefined {
  return nodes.find((n) => n.route === route);
}

/** The ancestors of a node, nearest first (stops on an unknown parent or a cycle). */
export function ancestorsOf(nodes: readonly PermissionNode[], id: string): PermissionNode[] {
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const out: PermissionNode[] = [];
  const seen = new Set<string>([id]);
  let parent = byId.get(id)?.parent ?? null;
  while (parent !== null && !seen.has(parent)) {
    const node = byId.get(parent);
    if (!node) break;
    out.push(node);
    seen.add(parent);
    parent = node.parent;
  }
  return out;
}

/** Keeps the allowed nodes plus every ancestor of an allowed node, in list order. */
export function filterByIds(nodes: readonly PermissionNode[], allowed: Iterable<string>): PermissionNode[] {
  const keep = new Set<string>();
  const known = new Set(nodes.map((n) => n.id));
  for (const id of allowed) {
    if (!known.has(id)) continue;
    keep.add(id);
    for (const a of ancestorsOf(nodes, id)) keep.add(a.id);
  }
  return nodes.filter((n) => keep.has(n.id));
}

/**
 * Ids of the nodes available to a property with these businesses: nodes without a business or with an
 * enabled one, minus menus whose children are all unavailable.
 */
export function idsForBusinesses(nodes: readonly PermissionNode[], enabled: Iterable<Business>): string[] {
  const on = new Set<Business>(enabled);
  const ok = new Set(nodes.filter((n) => n.business === undefined || on.has(n.business)).map((n) => n.id));
  for (const n of nodes) {
    if (n.kind !== 'menu') continue;
    const children = nodes.filter((c) => c.parent === n.id);
    if (children.length > 0 && !children.some((c) => ok.has(c.id))) ok.delete(n.id);
  }
  return nodes.filter((n) => ok.has(n.id)).map((n) => n.id);
}
