import { type KeyboardEvent, type ReactNode, useCallback, useEffect, useId, useRef, useState } from 'react';
import { moveIndex, useDismiss } from './use-dismiss';
import './ui.css';

export interface MenuButtonItem {
  key: string;
  label: string;
  icon?: ReactNode;
  danger?: boolean;
}

export interface MenuButtonProps {
  items: readonly MenuButtonItem[];
  onSelect: (key: string) => void;
  /** The button's content. */
  children: ReactNode;
  icon?: ReactNode;
  /** Which edge of the button the menu lines up with. */
  align?: 'start' | 'end';
  /** For a dark head. */
  onDark?: boolean;
  'data-testid'?: string;
  'aria-label'?: string;
}

/**
 * A menu button (WAI-ARIA APG): the button opens a `menu` and focuses its first item (↑ opens on the last). In the
 * menu ↑/↓ wrap, Home/End jump, Enter/Space pick, Escape closes and returns focus, Tab closes; typing a letter moves
 * to the next item starting with it. A click outside closes it.
 */
export function MenuButton(props: MenuButtonProps) {
  const { items, onSelect, children, icon, align = 'end', onDark } = props;
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const itemRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const [open, setOpen] = useState(false);
  const [focusIndex, setFocusIndex] = useState(0);

  const close = useCallback((returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) button.current?.focus();
  }, []);
  useDismiss(open, root, close);

  useEffect(() => {
    if (open) itemRefs.current[focusIndex]?.focus();
  }, [open, focusIndex]);

  const show = (index: number) => {
    setFocusIndex(index);
    setOpen(true);
  };
  const pick = (key: string) => {
    close(true);
    onSelect(key);
  };

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      show(event.key === 'ArrowUp' ? items.length - 1 : 0);
    }
  };
  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Tab') return close(false);
    const next = moveIndex(event.key, focusIndex, items.length);
    if (next !== undefined) {
      event.preventDefault();
      return setFocusIndex(next);
    }
    if (event.key.length === 1 && /\S/.test(event.key)) {
      const letter = event.key.toLowerCase();
      for (let k = 1; k <= items.length; k++) {
        const i = (focusIndex + k) % items.length;
        if (items[i].label.toLowerCase().startsWith(letter)) return setFocusIndex(i);
      }
    }
  };

  return (
    <div ref={root} className="k-menu-button">
      <button
        ref={button}
        id={`${id}-button`}
        type="button"
        className={onDark ? 'k-btn k-btn--on-dark' : 'k-btn'}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? `${id}-menu` : undefined}
        aria-label={props['aria-label']}
        data-testid={props['data-testid']}
        onClick={() => (open ? close(false) : show(0))}
        onKeyDown={onButtonKeyDown}
      >
        {icon && (
          <span className="k-btn-icon" aria-hidden>
            {icon}
          </span>
        )}
        {children}
      </button>
      {open && (
        <div
          role="menu"
          id={`${id}-menu`}
          aria-labelledby={`${id}-button`}
          className={`k-popover k-menu k-popover--${align}`}
          onKeyDown={onMenuKeyDown}
        >
          {items.map((item, i) => (
            <button
              key={item.key}
              ref={(el) => {
                itemRefs.current[i] = el;
              }}
              type="button"
              role="menuitem"
              tabIndex={i === focusIndex ? 0 : -1}
              className={item.danger ? 'k-menu-item k-menu-item--danger' : 'k-menu-item'}
              onMouseMove={() => i !== focusIndex && setFocusIndex(i)}
              onClick={() => pick(item.key)}
            >
              {item.icon && (
                <span className="k-menu-item-icon" aria-hidden>
                  {item.icon}
                </span>
              )}
              {item.label}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
