import { menuCatalogue } from '@keel/contract/permissions/menus';
import type { PermissionNode } from '@keel/contract/permissions/types';
import { useRouter } from '@tanstack/react-router';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { isLocale } from '../i18n/language';
import { useSession } from '../session/session-store';
import { withLinkIds, withMenuLinks } from './menu-links';
import { buildMenu, type MenuEntry } from './menu-tree';

/** The side menu's nodes: the catalogue's menus and pages with the menu links in their places. */
export const menuNodes: readonly PermissionNode[] = withMenuLinks(menuCatalogue);

/** Whether the menu-id list of the selected property is still being fetched. */
export function useMenuLoading(scope: 'property' | 'platform'): boolean {
  return useSession(
    (s) => scope === 'property' && s.selectedPropertyPno !== null && s.menuIdsFor !== s.selectedPropertyPno,
  );
}

/** The menu for a layout: property menus filtered by the menu-id list, or the back office's for operators. */
export function useMenu(scope: 'property' | 'platform'): MenuEntry[] {
  const router = useRouter();
  const menuIdList = useSession((s) => s.menuIdList);
  const isOperator = useSession((s) => s.userInfo?.isOperator === 1);
  const { i18n } = useTranslation();
  const locale = isLocale(i18n.language) ? i18n.language : 'zh-cn';
  return useMemo(() => {
    if (scope === 'platform' && !isOperator) return [];
    const routes = router.routesByPath as unknown as Record<string, unknown>;
    return buildMenu(menuNodes, {
      scope,
      allowed: scope === 'platform' ? null : withLinkIds(new Set(menuIdList)),
      hasRoute: (path) => path in routes,
      locale,
    });
  }, [router, menuIdList, isOperator, locale, scope]);
}
