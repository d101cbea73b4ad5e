import { type CSSProperties, type KeyboardEvent, useCallback, useId, useRef, useState } from 'react';
import { CheckIcon, ChevronDownIcon } from './line-icons';
import { moveIndex, useDismiss } from './use-dismiss';
import './ui.css';

export interface SelectOption {
  value: string;
  label: string;
}

export interface SelectButtonProps {
  options: readonly SelectOption[];
  value?: string | null;
  onChange: (value: string) => void;
  placeholder?: string;
  disabled?: boolean;
  'aria-label': string;
  'data-testid'?: string;
  /** Test id of each option, from its value. */
  optionTestId?: (value: string) => string;
  style?: CSSProperties;
}

/**
 * A select-only combobox (WAI-ARIA APG): a button showing the value that opens a listbox. Focus stays on the button;
 * the active option is `aria-activedescendant`. Keys: ↓/↑/Enter/Space/Alt+↓ open; ↑/↓/Home/End move; Enter/Space
 * pick; Escape/Tab close; typing jumps to the option starting with the typed text. A click outside closes it.
 */
export function SelectButton(props: SelectButtonProps) {
  const { options, value, onChange, placeholder, disabled, optionTestId, style } = props;
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const typed = useRef({ text: '', at: 0 });
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const selectedIndex = options.findIndex((o) => o.value === value);
  const selected = selectedIndex >= 0 ? options[selectedIndex] : undefined;
  const optionId = (i: number) => `${id}-option-${i}`;

  const close = useCallback((returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) button.current?.focus();
  }, []);
  useDismiss(open, root, close);

  const show = (index: number) => {
    setActive(index);
    setOpen(true);
  };
  const pick = (index: number) => {
    const option = options[index];
    close(true);
    if (option && option.value !== value) onChange(option.value);
  };
  const typeAhead = (char: string) => {
    const now = Date.now();
    const state = typed.current;
    state.text = now - state.at > 700 ? char : state.text + char;
    state.at = now;
    const from = open ? active : selectedIndex;
    const text = state.text.toLowerCase();
    // A repeated single letter cycles through the options starting with it.
    const start = state.text.length === 1 ? from + 1 : Math.max(from, 0);
    for (let k = 0; k < options.length; k++) {
      const i = (start + k) % options.length;
      if (options[i].label.toLowerCase().startsWith(text)) return show(i);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const { key } = event;
    if (!open) {
      if (key === 'ArrowDown' || key === 'ArrowUp' || key === 'Enter' || key === ' ') {
        event.preventDefault();
        show(
          key === 'ArrowUp' ? (selectedIndex >= 0 ? selectedIndex : options.length - 1) : Math.max(selectedIndex, 0),
        );
      } else if (key === 'Home' || key === 'End') {
        event.preventDefault();
        show(key === 'Home' ? 0 : options.length - 1);
      } else if (key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey) {
        typeAhead(key);
      }
      return;
    }
    if (key === 'Enter' || (key === ' ' && Date.now() - typed.current.at > 700)) {
      event.preventDefault();
      pick(active);
    } else if (key === 'Tab') {
      close(false);
    } else if (event.altKey && key === 'ArrowUp') {
      event.preventDefault();
      pick(active);
    } else if (key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey) {
      event.preventDefault();
      typeAhead(key);
    } else {
      const next = moveIndex(key, active, options.length);
      if (next === undefined) return;
      event.preventDefault();
      setActive(next);
      document.getElementById(optionId(next))?.scrollIntoView?.({ block: 'nearest' });
    }
  };

  return (
    <div ref={root} className="k-select" style={style}>
      <button
        ref={button}
        type="button"
        role="combobox"
        className="k-select-trigger"
        aria-label={props['aria-label']}
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={`${id}-listbox`}
        aria-activedescendant={open && active >= 0 ? optionId(active) : undefined}
        data-testid={props['data-testid']}
        disabled={disabled}
        onClick={() => (open ? close(false) : show(Math.max(selectedIndex, 0)))}
        onKeyDown={onKeyDown}
      >
        <span className={selected ? 'k-select-value' : 'k-select-value k-select-placeholder'}>
          {selected ? selected.label : placeholder}
        </span>
        <ChevronDownIcon className="k-select-arrow" />
      </button>
      {open && (
        <div role="listbox" id={`${id}-listbox`} aria-label={props['aria-label']} className="k-popover k-listbox">
          {options.map((option, i) => (
            // Options are picked with the pointer here; the keyboard stays on the combobox (aria-activedescendant).
            // `ant-select-item-option` + `title`: how e2e/support/pages.ts found antd Select's options.
            // biome-ignore lint/a11y/useKeyWithClickEvents: keyboard selection is handled by the combobox
            <div
              key={option.value}
              id={optionId(i)}
              role="option"
              tabIndex={-1}
              aria-selected={i === selectedIndex}
              title={option.label}
              data-testid={optionTestId?.(option.value)}
              className={`k-option ant-select-item-option${i === active ? ' is-active' : ''}`}
              onMouseDown={(event) => event.preventDefault()}
              onMouseMove={() => i !== active && setActive(i)}
              onClick={() => pick(i)}
            >
              <span className="k-option-label">{option.label}</span>
              {i === selectedIndex && <CheckIcon className="k-option-check" />}
            </div>
          ))}
        </div>
      )}
    </div>
  );
}
