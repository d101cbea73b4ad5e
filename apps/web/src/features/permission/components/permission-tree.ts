import type { PermissionTreeItem } from '@keel/contract/endpoints/permission';
import type { PermissionNode } from '@keel/contract/permissions/types';

/** The menu every member holds (README: ordinary members hold the general pages); sets need not grant it. */
export const EVERYONE_MENU = 'general';

/** Why a node cannot be ticked: held by everyone anyway, or not grantable by the caller in this property. */
export type Locked = 'everyone' | 'unavailable' | null;

/** One node of the set editor's tree: the whole property catalogue, marked with what the caller may grant. */
export interface PermNode {
  id: string;
  name: string;
  kind: PermissionNode['kind'];
  business?: string;
  locked: Locked;
  /** Lower-case name, for the search box. */
  search: string;
  children: PermNode[];
}

/** The ids of a `ps/getPerTreeList` answer (the caller's grantable ids in the selected property). */
export function flattenTreeIds(items: readonly PermissionTreeItem[]): Set<string> {
  const out = new Set<string>();
  const walk = (list: readonly PermissionTreeItem[]) => {
    for (const item of list) {
      out.add(item.id);
      walk(item.children);
    }
  };
  walk(items);
  return out;
}

/**
 * The property catalogue as a tree in `locale`. Nodes missing from `grantable` (their business is off, or the
 * caller does not hold them) are locked; the general menu is locked as held by every member.
 */
export function buildPermTree(
  catalogue: readonly PermissionNode[],
  locale: 'zh-cn' | 'en',
  grantable: ReadonlySet<string>,
): PermNode[] {
  const nodes = catalogue.filter((n) => n.scope === 'property');
  const byParent = new Map<string | null, PermissionNode[]>();
  const known = new Set(nodes.map((n) => n.id));
  for (const n of nodes) {
    const parent = n.parent !== null && known.has(n.parent) ? n.parent : null;
    byParent.set(parent, [...(byParent.get(parent) ?? []), n]);
  }
  const make = (n: PermissionNode, inherited: Locked): PermNode => {
    const locked: Locked =
      inherited === 'everyone' || n.id === EVERYONE_MENU ? 'everyone' : grantable.has(n.id) ? null : 'unavailable';
    const name = n.name[locale];
    return {
      id: n.id,
      name,
      kind: n.kind,
      ...(n.business ? { business: n.business } : {}),
      locked,
      search: name.toLowerCase(),
      children: (byParent.get(n.id) ?? []).map((c) => make(c, locked === 'everyone' ? 'everyone' : null)),
    };
  };
  return (byParent.get(null) ?? []).map((n) => make(n, null));
}

function index(tree: readonly PermNode[]) {
  const byId = new Map<string, PermNode>();
  const parent = new Map<string, string | null>();
  const walk = (list: readonly PermNode[], pid: string | null) => {
    for (const n of list) {
      byId.set(n.id, n);
      parent.set(n.id, pid);
      walk(n.children, n.id);
    }
  };
  walk(tree, null);
  return { byId, parent };
}

function descendants(node: PermNode): PermNode[] {
  return node.children.flatMap((c) => [c, ...descendants(c)]);
}

/**
 * Ticks or unticks a node; returns the new set of chosen ids. Menus are never stored (holding a page implies its
 * menu): ticking one ticks every grantable page and function below it. Ticking a page also ticks its functions
 * (untick a function afterwards to leave it out); ticking a function ticks its page, which it implies anyway.
 * Unticking a page unticks its functions. Locked nodes never change.
 */
export function toggle(tree: readonly PermNode[], chosen: ReadonlySet<string>, id: string, on: boolean): Set<string> {
  const { byId, parent } = index(tree);
  const node = byId.get(id);
  const next = new Set(chosen);
  if (!node || node.locked) return next;
  const below = descendants(node).filter((n) => !n.locked && n.kind !== 'menu');
  if (on) {
    if (node.kind !== 'menu') next.add(node.id);
    for (const n of below) next.add(n.id);
    if (node.kind === 'function') {
      for (let p = parent.get(id) ?? null; p !== null; p = parent.get(p) ?? null) {
        const up = byId.get(p);
        if (up && up.kind !== 'menu' && !up.locked) next.add(up.id);
      }
    }
  } else {
    next.delete(node.id);
    for (const n of below) next.delete(n.id);
  }
  return next;
}

/**
 * What the tree shows for `chosen`: a page or function is ticked when chosen; a menu is ticked when every
 * grantable node below it is, half-ticked when some are. Locked nodes show as ticked when everyone holds them
 * or the set keeps them (a switched-off business's ids stay in the set).
 */
export function checkState(
  tree: readonly PermNode[],
  chosen: ReadonlySet<string>,
): { checked: string[]; halfChecked: string[] } {
  const checked: string[] = [];
  const halfChecked: string[] = [];
  const walk = (list: readonly PermNode[]) => {
    for (const n of list) {
      walk(n.children);
      if (n.locked === 'everyone') {
        checked.push(n.id);
        continue;
      }
      if (n.kind !== 'menu') {
        if (chosen.has(n.id)) checked.push(n.id);
        continue;
      }
      const below = descendants(n).filter((d) => d.kind !== 'menu' && !d.locked);
      const held = below.filter((d) => chosen.has(d.id)).length;
      const dormant = descendants(n).some((d) => d.locked === 'unavailable' && chosen.has(d.id));
      if (below.length > 0 && held === below.length) checked.push(n.id);
      else if (held > 0 || dormant) halfChecked.push(n.id);
    }
  };
  walk(tree);
  return { checked, halfChecked };
}

/** The ids to save: chosen pages and functions the caller may grant (the server keeps a set's dormant ids). */
export function idsToSave(tree: readonly PermNode[], chosen: ReadonlySet<string>): string[] {
  const out: string[] = [];
  const walk = (list: readonly PermNode[]) => {
    for (const n of list) {
      if (!n.locked && n.kind !== 'menu' && chosen.has(n.id)) out.push(n.id);
      walk(n.children);
    }
  };
  walk(tree);
  return out;
}

/** Keeps nodes whose name holds `text` (with their ancestors, and all of a hit's children); with `hideLocked`, what the caller cannot grant drops. */
export function filterPermTree(
  tree: readonly PermNode[],
  text: string,
  hideLocked: boolean,
): { nodes: PermNode[]; expanded: string[] } {
  const needle = text.trim().toLowerCase();
  const expanded: string[] = [];
  const walk = (list: readonly PermNode[], parentHit: boolean): PermNode[] =>
    list.flatMap((n) => {
      if (hideLocked && n.locked === 'unavailable') return [];
      const hit = parentHit || needle === '' || n.search.includes(needle);
      const children = walk(n.children, hit);
      if (!hit && children.length === 0) return [];
      if (hideLocked && n.kind === 'menu' && children.length === 0 && n.children.length > 0) return [];
      if (children.length > 0) expanded.push(n.id);
      return [{ ...n, children }];
    });
  return { nodes: walk(tree, false), expanded };
}

/** How many chosen ids the caller may grant, out of how many grantable pages and functions. */
export function countGrantable(tree: readonly PermNode[], chosen: ReadonlySet<string>): { chosen: number; of: number } {
  let of = 0;
  let n = 0;
  const walk = (list: readonly PermNode[]) => {
    for (const node of list) {
      if (!node.locked && node.kind !== 'menu') {
        of += 1;
        if (chosen.has(node.id)) n += 1;
      }
      walk(node.children);
    }
  };
  walk(tree);
  return { chosen: n, of };
}
