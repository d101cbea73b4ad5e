import type { PermissionNode } from '@keel/contract/permissions/types';
import type { Locale } from '@keel/contract/status';

/** Where a page sits in the menu: its node and the names from the top menu down to the page. */
export interface PageTrail {
  page: PermissionNode;
  /** Top menu first, the page last. */
  ids: string[];
  names: string[];
}

/** The menu page a router path opens (case-insensitive, one trailing slash ignored), with its trail in `locale`. */
export function pageTrail(nodes: readonly PermissionNode[], pathname: string, locale: Locale): PageTrail | null {
  const path = (pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname).toLowerCase();
  const page = nodes.find((n) => n.kind === 'page' && n.route?.toLowerCase() === path);
  if (!page) return null;
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const ids: string[] = [];
  const names: string[] = [];
  for (let n: PermissionNode | undefined = page; n; n = n.parent === null ? undefined : byId.get(n.parent)) {
    if (ids.length > 8) break;
    ids.unshift(n.id);
    names.unshift(n.name[locale]);
  }
  return { page, ids, names };
}

/** The browser tab's title: the page, then the product. */
export function documentTitle(page: string | null, product: string): string {
  return page ? `${page} - ${product}` : product;
}
