import { Link, useLocation } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { MenuIcon } from '../menu/menu-icon';
import type { MenuEntry } from '../menu/menu-tree';
import { useMenu, useMenuLoading } from '../menu/use-menu';
import { LineSkeleton } from '../ui/LineSkeleton';
import { type NavNode, NavTree } from '../ui/NavTree';

function toNodes(entries: readonly MenuEntry[], depth = 0): NavNode[] {
  return entries.map((entry) => ({
    id: entry.id,
    label: entry.label,
    route: entry.route,
    icon: depth === 0 ? <MenuIcon name={entry.icon} /> : undefined,
    children: toNodes(entry.children, depth + 1),
  }));
}

/**
 * The side menu of a layout, from the permission catalogue (see `useMenu`); pages are router links. While the
 * selected property's menu-id list loads it is a skeleton.
 */
export function SideMenu(props: {
  scope: 'property' | 'platform';
  dark?: boolean;
  collapsed?: boolean;
  onExpand?: () => void;
  onNavigate?: () => void;
}) {
  const { t } = useTranslation();
  const entries = useMenu(props.scope);
  const loading = useMenuLoading(props.scope);
  const { pathname } = useLocation();
  if (loading) return <LineSkeleton rows={8} label={t('shell.loading')} data-testid="side-menu-loading" />;
  return (
    <NavTree
      entries={toNodes(entries)}
      activeRoute={pathname}
      aria-label={t('shell.navigation')}
      data-testid="side-menu"
      dark={props.dark}
      collapsed={props.collapsed}
      onExpand={props.onExpand}
      onNavigate={props.onNavigate}
      renderLink={(node, linkProps) => <Link to={node.route as string} {...linkProps} />}
    />
  );
}
