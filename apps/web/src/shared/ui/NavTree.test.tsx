// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type NavNode, NavTree, type NavTreeProps } from './NavTree';

afterEach(cleanup);

const ENTRIES: NavNode[] = [
  {
    id: 'general',
    label: 'General',
    icon: <i>G</i>,
    children: [
      { id: 'general.home', label: 'Home', route: '/home', children: [] },
      { id: 'general.messages', label: 'Messages', route: '/msg', children: [] },
    ],
  },
  {
    id: 'account',
    label: 'Administration',
    icon: <i>A</i>,
    children: [{ id: 'account.property', label: 'Properties', route: '/Account/PropertyPage', children: [] }],
  },
  { id: 'about', label: 'About', route: '/about', icon: <i>?</i>, children: [] },
];

function setup(props: Partial<NavTreeProps> = {}) {
  const onNavigate = vi.fn();
  const result = render(
    <NavTree
      entries={ENTRIES}
      activeRoute="/Account/PropertyPage"
      aria-label="Navigation"
      data-testid="side-menu"
      onNavigate={onNavigate}
      renderLink={(node, { children, onClick, ...rest }) => (
        <a
          href={node.route}
          {...rest}
          onClick={(e) => {
            e.preventDefault();
            onClick?.();
          }}
        >
          {children}
        </a>
      )}
      {...props}
    />,
  );
  return { ...result, onNavigate };
}

const group = (name: string) => screen.getByRole('button', { name });
const shut = (el: HTMLElement) => el.nextElementSibling?.hasAttribute('data-shut');

describe('NavTree', () => {
  it('renders groups as disclosure buttons and pages as links with their test ids', () => {
    setup();
    expect(screen.getByRole('navigation', { name: 'Navigation' }).dataset.testid).toBe('side-menu');
    expect(group('General').getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByTestId('menu-general.home').getAttribute('href')).toBe('/home');
    expect(screen.getByTestId('menu-general.home').textContent).toBe('Home');
    expect(screen.getByTestId('menu-about').textContent).toBe('?About');
  });

  it('marks the current page and highlights its group', () => {
    setup();
    expect(screen.getByTestId('menu-account.property').getAttribute('aria-current')).toBe('page');
    expect(screen.getByTestId('menu-general.home').hasAttribute('aria-current')).toBe(false);
    expect(group('Administration').classList.contains('is-active')).toBe(true);
    expect(group('General').classList.contains('is-active')).toBe(false);
  });

  it('opens and shuts a group on click, keeping it shut when the entries change', () => {
    const { rerender } = setup();
    const general = group('General');
    fireEvent.click(general);
    expect(general.getAttribute('aria-expanded')).toBe('false');
    expect(shut(general)).toBe(true);
    rerender(
      <NavTree
        entries={ENTRIES.slice(0, 1)}
        activeRoute="/home"
        aria-label="Navigation"
        renderLink={(_, { children, ...rest }) => <a {...rest}>{children}</a>}
      />,
    );
    expect(group('General').getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByTestId('menu-account.property')).toBeNull();
    fireEvent.click(group('General'));
    expect(group('General').getAttribute('aria-expanded')).toBe('true');
  });

  it('moves through visible items with the arrow keys and opens/shuts groups with → and ←', () => {
    setup();
    const general = group('General');
    general.focus();
    fireEvent.keyDown(general, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(screen.getByTestId('menu-general.home'));
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(general);
    fireEvent.keyDown(general, { key: 'ArrowLeft' });
    expect(general.getAttribute('aria-expanded')).toBe('false');
    // The shut group's pages are skipped.
    fireEvent.keyDown(general, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(group('Administration'));
    fireEvent.keyDown(document.activeElement as Element, { key: 'End' });
    expect(document.activeElement).toBe(screen.getByTestId('menu-about'));
    fireEvent.keyDown(document.activeElement as Element, { key: 'Home' });
    expect(document.activeElement).toBe(general);
    fireEvent.keyDown(general, { key: 'ArrowRight' });
    expect(general.getAttribute('aria-expanded')).toBe('true');
    fireEvent.keyDown(general, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(screen.getByTestId('menu-general.home'));
  });

  it('reports a followed link', () => {
    const { onNavigate } = setup();
    fireEvent.click(screen.getByTestId('menu-general.messages'));
    expect(onNavigate).toHaveBeenCalledOnce();
  });

  it('collapsed: icons only, groups shut, titles as tooltips; a group asks to expand', () => {
    const onExpand = vi.fn();
    setup({ collapsed: true, onExpand });
    const general = group('General');
    expect(general.getAttribute('aria-expanded')).toBe('false');
    expect(general.getAttribute('title')).toBe('General');
    expect(screen.getByTestId('menu-about').getAttribute('title')).toBe('About');
    fireEvent.click(general);
    expect(onExpand).toHaveBeenCalledOnce();
  });
});
