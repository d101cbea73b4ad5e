import MenuFoldOutlined from '@ant-design/icons/MenuFoldOutlined';
import MenuUnfoldOutlined from '@ant-design/icons/MenuUnfoldOutlined';
import { Outlet, useLocation } from '@tanstack/react-router';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useThemeVars } from '../ui/theme-vars';
import { PageFrame } from './PageFrame';
import { SideMenu } from './SideMenu';
import { useMediaQuery } from './use-media-query';
import '../ui/ui.css';
import '../ui/contrast.css';
import './shell.css';

/** antd's `lg` breakpoint: below it the side menu is a drawer. */
const NARROW = '(max-width: 991.98px)';

/**
 * The signed-in frame: a sticky head (menu toggle, brand, actions) over the side menu and the content. The toggle
 * shrinks the menu to icons on wide screens and opens it as a drawer on narrow ones (closed again by a link, the
 * backdrop or Escape). Plain elements and `ui.css` instead of antd Layout/Menu keep the console shell small.
 */
export function ConsoleLayout(props: {
  scope: 'property' | 'platform';
  dark?: boolean;
  brand: ReactNode;
  actions: ReactNode;
  /** Shown instead of the routed page (the 404 page of an unknown path). */
  content?: ReactNode;
  'data-testid'?: string;
}) {
  const { scope, dark, brand, actions, content } = props;
  const { t } = useTranslation();
  const vars = useThemeVars();
  const narrow = useMediaQuery(NARROW);
  const [collapsed, setCollapsed] = useState(false);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const { pathname } = useLocation();

  // A page change closes the drawer.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation
  useEffect(() => setDrawerOpen(false), [pathname, narrow]);
  useEffect(() => {
    if (!drawerOpen) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setDrawerOpen(false);
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [drawerOpen]);

  const menuShown = narrow ? drawerOpen : !collapsed;
  return (
    <div className={dark ? 'k-shell k-shell--dark' : 'k-shell'} style={vars} data-testid={props['data-testid']}>
      <header className="k-head" data-testid="head">
        <div className="k-head-start">
          <button
            type="button"
            className={dark ? 'k-btn k-btn--icon k-btn--on-dark' : 'k-btn k-btn--icon'}
            aria-label={menuShown ? t('shell.collapseMenu') : t('shell.expandMenu')}
            aria-expanded={menuShown}
            aria-controls="k-sider"
            data-testid="menu-toggle"
            onClick={() => (narrow ? setDrawerOpen(!drawerOpen) : setCollapsed(!collapsed))}
          >
            {menuShown ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
          </button>
          {brand}
        </div>
        <div className="k-head-end">{actions}</div>
      </header>
      <div className="k-body">
        <aside
          id="k-sider"
          className="k-sider"
          data-collapsed={!narrow && collapsed ? '' : undefined}
          data-open={narrow && drawerOpen ? '' : undefined}
        >
          <SideMenu
            scope={scope}
            dark={dark}
            collapsed={!narrow && collapsed}
            onExpand={() => setCollapsed(false)}
            onNavigate={() => setDrawerOpen(false)}
          />
        </aside>
        {narrow && drawerOpen && <div className="k-backdrop" aria-hidden onClick={() => setDrawerOpen(false)} />}
        <main className="k-content" data-testid="content">
          <PageFrame scope={scope}>{content ?? <Outlet />}</PageFrame>
        </main>
      </div>
    </div>
  );
}
