import { type CSSProperties, type KeyboardEvent, type ReactNode, useId, useState } from 'react';
import './ui.css';

export interface NavNode {
  id: string;
  label: string;
  /** A page: rendered as a link. Nodes with children are groups. */
  route?: string;
  icon?: ReactNode;
  children: readonly NavNode[];
}

/** What a page link gets: render an `<a>` (a router link) with these props. */
export interface NavLinkProps {
  className: string;
  'aria-current'?: 'page';
  'data-testid': string;
  'data-nav-item': string;
  title?: string;
  children: ReactNode;
  onClick?: () => void;
}

export interface NavTreeProps {
  entries: readonly NavNode[];
  /** The current route; its link is marked `aria-current="page"` and its group highlighted. */
  activeRoute: string;
  renderLink: (node: NavNode, props: NavLinkProps) => ReactNode;
  /** Icons only, groups shut; a group's button asks to expand (`onExpand`) with the group open. */
  collapsed?: boolean;
  onExpand?: () => void;
  /** Called after a link is followed (e.g. to close a drawer). */
  onNavigate?: () => void;
  dark?: boolean;
  'aria-label': string;
  'data-testid'?: string;
}

function containsRoute(node: NavNode, route: string): boolean {
  return node.route === route || node.children.some((c) => containsRoute(c, route));
}

/**
 * The side navigation: a disclosure tree (groups are buttons with `aria-expanded`, pages are links). All groups
 * start open; a group the user shuts stays shut while the menu changes. Tab moves through the visible items; ↑/↓
 * and Home/End move too, → opens a group or enters it, ← shuts it or goes up to it.
 */
export function NavTree(props: NavTreeProps) {
  const { entries, activeRoute, renderLink, collapsed, onExpand, onNavigate, dark } = props;
  const id = useId();
  const [shut, setShut] = useState<ReadonlySet<string>>(() => new Set());
  const isOpen = (node: NavNode) => !collapsed && !shut.has(node.id);
  const setGroup = (groupId: string, open: boolean) =>
    setShut((prev) => {
      if (prev.has(groupId) !== open) return prev;
      const next = new Set(prev);
      if (open) next.delete(groupId);
      else next.add(groupId);
      return next;
    });

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const current = (event.target as HTMLElement).closest<HTMLElement>('[data-nav-item]');
    if (!current) return;
    const items = [...event.currentTarget.querySelectorAll<HTMLElement>('[data-nav-item]')].filter(
      (el) => !el.closest('[data-shut]'),
    );
    const index = items.indexOf(current);
    const groupId = current.dataset.group;
    const focus = (el: HTMLElement | null | undefined) => {
      if (!el) return;
      event.preventDefault();
      el.focus();
    };
    switch (event.key) {
      case 'ArrowDown':
        return focus(items[index + 1]);
      case 'ArrowUp':
        return focus(items[index - 1]);
      case 'Home':
        return focus(items[0]);
      case 'End':
        return focus(items[items.length - 1]);
      case 'ArrowRight':
        if (!groupId) return;
        event.preventDefault();
        if (current.getAttribute('aria-expanded') === 'true') return focus(items[index + 1]);
        if (collapsed) onExpand?.();
        return setGroup(groupId, true);
      case 'ArrowLeft': {
        if (groupId && current.getAttribute('aria-expanded') === 'true') {
          event.preventDefault();
          return setGroup(groupId, false);
        }
        const parent = current.closest('[data-group-list]')?.previousElementSibling as HTMLElement | null;
        return focus(parent);
      }
    }
  };

  const renderNodes = (nodes: readonly NavNode[], depth: number): ReactNode =>
    nodes.map((node) => {
      const indent = { '--k-nav-depth': depth } as CSSProperties;
      const icon = node.icon ? (
        <span className="k-nav-icon" aria-hidden>
          {node.icon}
        </span>
      ) : null;
      const label = <span className="k-nav-label">{node.label}</span>;
      if (node.route && node.children.length === 0) {
        return (
          <li key={node.id} style={indent}>
            {renderLink(node, {
              className: 'k-nav-item',
              'aria-current': node.route === activeRoute ? 'page' : undefined,
              'data-testid': `menu-${node.id}`,
              'data-nav-item': '',
              title: collapsed ? node.label : undefined,
              onClick: onNavigate,
              children: (
                <>
                  {icon}
                  {label}
                </>
              ),
            })}
          </li>
        );
      }
      const open = isOpen(node);
      const listId = `${id}-${node.id}`;
      const activeInside = containsRoute(node, activeRoute);
      return (
        <li key={node.id} style={indent}>
          <button
            type="button"
            className={activeInside ? 'k-nav-item k-nav-group is-active' : 'k-nav-item k-nav-group'}
            aria-expanded={open}
            aria-controls={listId}
            title={collapsed ? node.label : undefined}
            data-nav-item=""
            data-group={node.id}
            data-testid={`menu-group-${node.id}`}
            onClick={() => {
              if (collapsed) {
                setGroup(node.id, true);
                onExpand?.();
              } else setGroup(node.id, !open);
            }}
          >
            {icon}
            {label}
            <span className="k-nav-arrow" aria-hidden />
          </button>
          <div className="k-nav-sub" data-group-list="" data-shut={open ? undefined : ''}>
            <ul id={listId} className="k-nav-list">
              {renderNodes(node.children, depth + 1)}
            </ul>
          </div>
        </li>
      );
    });

  return (
    <nav
      aria-label={props['aria-label']}
      data-testid={props['data-testid']}
      className={`k-nav${dark ? ' k-nav--dark' : ''}${collapsed ? ' k-nav--collapsed' : ''}`}
      onKeyDown={onKeyDown}
    >
      <ul className="k-nav-list">{renderNodes(entries, 0)}</ul>
    </nav>
  );
}
