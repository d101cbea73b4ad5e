// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SelectButton } from './SelectButton';

afterEach(cleanup);

const OPTIONS = [
  { value: 'p1', label: '演示物业' },
  { value: 'p2', label: '合作物业' },
  { value: 'p3', label: 'Harbour View' },
];

function Harness(props: { initial: string | null; disabled?: boolean; onChange: (value: string) => void }) {
  const [value, setValue] = useState<string | null>(props.initial);
  return (
    <>
      <SelectButton
        aria-label="Current property"
        data-testid="switcher"
        placeholder="No property"
        options={OPTIONS}
        value={value}
        disabled={props.disabled}
        optionTestId={(v) => `option-${v}`}
        onChange={(v) => {
          props.onChange(v);
          setValue(v);
        }}
      />
      <button type="button">elsewhere</button>
    </>
  );
}

function setup(initial: string | null = 'p1', extra: { disabled?: boolean } = {}) {
  const onChange = vi.fn();
  render(<Harness initial={initial} onChange={onChange} {...extra} />);
  const combobox = screen.getByRole('combobox', { name: 'Current property' });
  return { combobox, onChange };
}

const activeOption = (combobox: HTMLElement) =>
  document.getElementById(combobox.getAttribute('aria-activedescendant') ?? '');

describe('SelectButton', () => {
  it('shows the selected label or the placeholder', () => {
    const { combobox } = setup();
    expect(combobox.textContent).toBe('演示物业');
    cleanup();
    expect(setup(null).combobox.textContent).toBe('No property');
  });

  it('opens a listbox on click with the selected option marked, and picks an option by click', () => {
    const { combobox, onChange } = setup();
    expect(combobox.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('listbox')).toBeNull();
    fireEvent.click(combobox);
    expect(combobox.getAttribute('aria-expanded')).toBe('true');
    const options = screen.getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['演示物业', '合作物业', 'Harbour View']);
    expect(options[0].getAttribute('aria-selected')).toBe('true');
    expect(options[1].getAttribute('title')).toBe('合作物业');
    fireEvent.click(screen.getByTestId('option-p2'));
    expect(onChange).toHaveBeenCalledWith('p2');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(combobox.textContent).toBe('合作物业');
  });

  it('moves with the arrow keys, Home and End, and picks with Enter', () => {
    const { combobox, onChange } = setup();
    fireEvent.keyDown(combobox, { key: 'ArrowDown' });
    expect(screen.getByRole('listbox')).toBeTruthy();
    expect(activeOption(combobox)?.textContent).toBe('演示物业');
    fireEvent.keyDown(combobox, { key: 'ArrowDown' });
    expect(activeOption(combobox)?.textContent).toBe('合作物业');
    fireEvent.keyDown(combobox, { key: 'End' });
    expect(activeOption(combobox)?.textContent).toBe('Harbour View');
    fireEvent.keyDown(combobox, { key: 'ArrowDown' });
    expect(activeOption(combobox)?.textContent).toBe('演示物业');
    fireEvent.keyDown(combobox, { key: 'ArrowUp' });
    expect(activeOption(combobox)?.textContent).toBe('Harbour View');
    fireEvent.keyDown(combobox, { key: 'Home' });
    fireEvent.keyDown(combobox, { key: 'ArrowDown' });
    fireEvent.keyDown(combobox, { key: 'Enter' });
    expect(onChange).toHaveBeenCalledExactlyOnceWith('p2');
    expect(combobox.getAttribute('aria-expanded')).toBe('false');
    expect(combobox.hasAttribute('aria-activedescendant')).toBe(false);
  });

  it('does not report picking the option already selected', () => {
    const { combobox, onChange } = setup();
    fireEvent.keyDown(combobox, { key: 'Enter' });
    fireEvent.keyDown(combobox, { key: 'Enter' });
    expect(onChange).not.toHaveBeenCalled();
    expect(combobox.getAttribute('aria-expanded')).toBe('false');
  });

  it('closes on Escape without a change and keeps the focus', () => {
    const { combobox, onChange } = setup();
    combobox.focus();
    fireEvent.keyDown(combobox, { key: 'ArrowDown' });
    fireEvent.keyDown(combobox, { key: 'ArrowDown' });
    fireEvent.keyDown(combobox, { key: 'Escape' });
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(onChange).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(combobox);
  });

  it('closes on a press outside', () => {
    const { combobox } = setup();
    fireEvent.click(combobox);
    fireEvent.pointerDown(screen.getByRole('listbox'));
    expect(screen.getByRole('listbox')).toBeTruthy();
    fireEvent.pointerDown(screen.getByText('elsewhere'));
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('jumps to the option starting with typed text', () => {
    const { combobox, onChange } = setup();
    fireEvent.keyDown(combobox, { key: 'ArrowDown' });
    fireEvent.keyDown(combobox, { key: 'h' });
    expect(activeOption(combobox)?.textContent).toBe('Harbour View');
    fireEvent.keyDown(combobox, { key: 'Enter' });
    expect(onChange).toHaveBeenCalledWith('p3');
  });

  it('cannot open when disabled', () => {
    const { combobox } = setup(null, { disabled: true });
    fireEvent.click(combobox);
    expect(screen.queryByRole('listbox')).toBeNull();
  });
});
