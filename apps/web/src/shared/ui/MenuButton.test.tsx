// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MenuButton } from './MenuButton';

afterEach(cleanup);

function setup() {
  const onSelect = vi.fn();
  render(
    <>
      <MenuButton
        data-testid="user-menu"
        onSelect={onSelect}
        items={[
          { key: 'back', label: 'Back office' },
          { key: 'home', label: 'Console' },
          { key: 'logout', label: 'Sign out', danger: true },
        ]}
      >
        Wang
      </MenuButton>
      <button type="button">elsewhere</button>
    </>,
  );
  return { button: screen.getByTestId('user-menu'), onSelect };
}

const focused = () => document.activeElement?.textContent;

describe('MenuButton', () => {
  it('opens a menu on click with the first item focused, and picks by click', () => {
    const { button, onSelect } = setup();
    expect(button.getAttribute('aria-haspopup')).toBe('menu');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    const menu = screen.getByRole('menu');
    expect(menu.getAttribute('aria-labelledby')).toBe(button.id);
    expect(screen.getAllByRole('menuitem').map((i) => i.textContent)).toEqual(['Back office', 'Console', 'Sign out']);
    expect(focused()).toBe('Back office');
    fireEvent.click(screen.getByRole('menuitem', { name: 'Sign out' }));
    expect(onSelect).toHaveBeenCalledExactlyOnceWith('logout');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it('moves with the arrow keys (wrapping), Home, End and a letter', () => {
    const { button } = setup();
    fireEvent.keyDown(button, { key: 'ArrowUp' });
    expect(focused()).toBe('Sign out');
    const menu = screen.getByRole('menu');
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowDown' });
    expect(focused()).toBe('Back office');
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowUp' });
    expect(focused()).toBe('Sign out');
    fireEvent.keyDown(menu, { key: 'Home' });
    expect(focused()).toBe('Back office');
    fireEvent.keyDown(menu, { key: 'End' });
    expect(focused()).toBe('Sign out');
    fireEvent.keyDown(menu, { key: 'c' });
    expect(focused()).toBe('Console');
    const items = screen.getAllByRole('menuitem');
    expect(items.map((i) => i.tabIndex)).toEqual([-1, 0, -1]);
  });

  it('opens on ArrowDown at the first item', () => {
    const { button } = setup();
    fireEvent.keyDown(button, { key: 'ArrowDown' });
    expect(focused()).toBe('Back office');
  });

  it('closes on Escape and returns the focus to the button', () => {
    const { button, onSelect } = setup();
    fireEvent.click(button);
    fireEvent.keyDown(document.activeElement as Element, { key: 'Escape' });
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(button);
    expect(onSelect).not.toHaveBeenCalled();
  });

  it('closes on a press outside and on a second click', () => {
    const { button } = setup();
    fireEvent.click(button);
    fireEvent.pointerDown(screen.getByText('elsewhere'));
    expect(screen.queryByRole('menu')).toBeNull();
    fireEvent.click(button);
    expect(screen.getByRole('menu')).toBeTruthy();
    fireEvent.click(button);
    expect(screen.queryByRole('menu')).toBeNull();
  });
});
