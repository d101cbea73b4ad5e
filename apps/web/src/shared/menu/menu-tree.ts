import type { PermissionNode } from '@keel/contract/permissions/types';
import type { Locale } from '@keel/contract/status';

export interface MenuEntry {
  id: string;
  label: string;
  route?: string;
  icon?: string;
  children: MenuEntry[];
}

export interface MenuFilter {
  scope: 'property' | 'platform';
  /** Ids the user may reach; `null` means every node of the scope (platform operators in the back office). */
  allowed: ReadonlySet<string> | null;
  /** Whether a route file exists for a path. */
  hasRoute: (path: string) => boolean;
  locale: Locale;
}

/**
 * The side menu: catalogue nodes of one scope, pages kept only when allowed and routed, menus only when
 * something below them is kept. Function nodes and pages marked `inMenu: false` never show.
 */
export function buildMenu(catalogue: readonly PermissionNode[], filter: MenuFilter): MenuEntry[] {
  const byParent = new Map<string | null, PermissionNode[]>();
  for (const node of catalogue) {
    if (node.scope !== filter.scope || node.kind === 'function') continue;
    const list = byParent.get(node.parent) ?? [];
    list.push(node);
    byParent.set(node.parent, list);
  }
  const walk = (parent: string | null): MenuEntry[] =>
    (byParent.get(parent) ?? []).flatMap((node): MenuEntry[] => {
      const children = walk(node.id);
      const entry = { id: node.id, label: node.name[filter.locale], icon: node.icon, children };
      if (node.kind === 'page') {
        const reachable =
          node.route !== undefined &&
          node.inMenu !== false &&
          filter.hasRoute(node.route) &&
          (filter.allowed?.has(node.id) ?? true);
        return reachable ? [{ ...entry, route: node.route }] : children.length ? [entry] : [];
      }
      return children.length ? [entry] : [];
    });
  return walk(null);
}

/** Every page entry of a menu, depth first. */
export function menuPages(entries: readonly MenuEntry[]): MenuEntry[] {
  return entries.flatMap((e) => [...(e.route ? [e] : []), ...menuPages(e.children)]);
}
