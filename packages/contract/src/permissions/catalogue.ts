import { EVERY_MEMBER_PAGES, functionCatalogue } from './functions';
import { menuCatalogue } from './menus';
import type { PermissionNode } from './types';

/**
 * The permission catalogue (architecture §5): the menus and pages of `menus.ts`, each page followed by its function
 * nodes from `functions.ts` (and the personal pages marked `everyMember`). A flat list whose tree follows from `parent`; its order is the catalogue order
 * (`sortByCatalogue`, the permission tree). The console's side menu reads `menuCatalogue` alone.
 */
export const permissionCatalogue: readonly PermissionNode[] = (() => {
  const byParent = new Map<string, PermissionNode[]>();
  for (const node of functionCatalogue)
    byParent.set(node.parent ?? '', [...(byParent.get(node.parent ?? '') ?? []), node]);
  const marked = (node: PermissionNode): PermissionNode =>
    EVERY_MEMBER_PAGES.includes(node.id) ? { ...node, everyMember: true } : node;
  return menuCatalogue.flatMap((node) => [marked(node), ...(byParent.get(node.id) ?? [])]);
})();
