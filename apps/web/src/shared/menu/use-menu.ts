import { menuCatalogue } from '@keel/contract/permissions/menus';
import { useRouter } from '@tanstack/react-router';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { isLocale } from '../i18n/language';
import { useSession } from '../session/session-store';
import { buildMenu, type MenuEntry } from './menu-tree';

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
    return buildMenu(menuCatalogue, {
      scope,
      allowed: scope === 'platform' ? null : new Set(menuIdList),
      hasRoute: (path) => path in routes,
      locale,
    });
  }, [router, menuIdList, isOperator, locale, scope]);
}
