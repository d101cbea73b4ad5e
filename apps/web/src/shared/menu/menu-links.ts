import type { PermissionNode } from '@keel/contract/permissions/types';

/**
 * Menu entries that are no permission of their own: a page the spec lists as a component route, opened under a
 * permission the user already holds. The organisation page (`/Account/OrgManageComponent`) is reached with
 * `account.property` (`ORG_PERMISSIONS.view`), so it sits under the property menu beside it.
 */
export interface MenuLink {
  node: PermissionNode;
  /** The catalogue node it follows in the menu. */
  after: string;
  /** The permission id that opens it. */
  permission: string;
}

export const menuLinks: readonly MenuLink[] = [
  {
    node: {
      id: 'account.org',
      parent: 'account',
      kind: 'page',
      scope: 'property',
      route: '/Account/OrgManageComponent',
      name: { 'zh-cn': '组织管理', en: 'Organisation' },
    },
    after: 'account.property',
    permission: 'account.property',
  },
];

/** The catalogue with the menu links in their places. */
export function withMenuLinks(catalogue: readonly PermissionNode[]): PermissionNode[] {
  return catalogue.flatMap((n) => [n, ...menuLinks.filter((l) => l.after === n.id).map((l) => l.node)]);
}

/** The allowed ids plus the links whose permission is among them. */
export function withLinkIds(allowed: ReadonlySet<string>): Set<string> {
  const out = new Set(allowed);
  for (const l of menuLinks) if (allowed.has(l.permission)) out.add(l.node.id);
  return out;
}
