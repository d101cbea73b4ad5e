import { Link, useLocation } from '@tanstack/react-router';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { isLocale } from '../i18n/language';
import { withLinkIds } from '../menu/menu-links';
import { pageTrail } from '../menu/page-trail';
import { menuNodes, useMenuLoading } from '../menu/use-menu';
import { useSession } from '../session/session-store';
import { LineSkeleton } from '../ui/LineSkeleton';
import { LazyForbiddenPage } from './LazyErrorPage';
import { useDocumentTitle } from './use-document-title';

/**
 * Around every page of a console layout: the tab title and breadcrumbs from the page's place in the menu, and the
 * "no permission" page instead of a property page the selected property's menu-id list does not hold (a skeleton
 * while that list loads). Pages outside the menu (dialog routes, the 404 page) pass through untouched.
 */
export function PageFrame({ scope, children }: { scope: 'property' | 'platform'; children: ReactNode }) {
  const { t, i18n } = useTranslation();
  const locale = isLocale(i18n.language) ? i18n.language : 'zh-cn';
  const { pathname } = useLocation();
  const trail = useMemo(() => pageTrail(menuNodes, pathname, locale), [pathname, locale]);
  const pno = useSession((s) => s.selectedPropertyPno);
  const menuIdList = useSession((s) => s.menuIdList);
  const loading = useMenuLoading(scope);
  useDocumentTitle(trail ? (trail.names.at(-1) ?? null) : undefined);

  const page = trail?.page;
  const gated = scope === 'property' && page?.scope === 'property' && pno !== null && page.parent !== 'general';
  const allowed = !gated || withLinkIds(new Set(menuIdList)).has(page.id);
  let body: ReactNode = children;
  if (gated && loading) body = <LineSkeleton rows={6} label={t('shell.loading')} data-testid="page-loading" />;
  else if (!allowed) body = <LazyForbiddenPage />;

  return (
    <>
      {trail && (
        <nav aria-label={t('shell.breadcrumb')} className="k-crumbs" data-testid="breadcrumbs">
          <ol>
            <li>
              <Link to={scope === 'platform' ? '/Backend/BackendHome' : '/home'}>{t('shell.home')}</Link>
            </li>
            {trail.names.map((name, i) => (
              <li key={trail.ids[i]} aria-current={i === trail.names.length - 1 ? 'page' : undefined}>
                {name}
              </li>
            ))}
          </ol>
        </nav>
      )}
      {body}
    </>
  );
}
