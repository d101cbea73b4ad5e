// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { PasswordInput, TextInput } from './TextInput';

afterEach(cleanup);

function Controlled(props: { error?: boolean }) {
  const [value, setValue] = useState('');
  return (
    <>
      <label htmlFor="account">Account</label>
      <TextInput
        id="account"
        value={value}
        onChange={(e) => setValue(e.target.value)}
        prefix={<i data-testid="icon" />}
        placeholder="Your account"
        data-testid="account"
        {...(props.error ? { status: 'error' as const, 'aria-invalid': true, 'aria-describedby': 'account_help' } : {})}
      />
    </>
  );
}

describe('TextInput', () => {
  it('puts the input props on the input, labelled by its id, and stays controlled', () => {
    render(<Controlled />);
    const input = screen.getByLabelText('Account') as HTMLInputElement;
    expect(input).toBe(screen.getByTestId('account'));
    expect(input.placeholder).toBe('Your account');
    fireEvent.change(input, { target: { value: '13800000000' } });
    expect(input.value).toBe('13800000000');
    const frame = input.parentElement as HTMLElement;
    expect(frame.className).toBe('k-input');
    expect(screen.getByTestId('icon').parentElement?.getAttribute('aria-hidden')).toBe('true');
  });

  it('shows the error status on the frame with aria-invalid on the input', () => {
    render(<Controlled error />);
    const input = screen.getByTestId('account');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toBe('account_help');
    expect(input.parentElement?.className).toBe('k-input k-input--error');
  });

  it('focuses the input on a press on its frame or prefix', () => {
    render(<Controlled />);
    fireEvent.mouseDown(screen.getByTestId('icon'));
    expect(document.activeElement).toBe(screen.getByTestId('account'));
  });

  it('is disabled with `disabled`', () => {
    render(<TextInput disabled data-testid="x" />);
    const input = screen.getByTestId('x') as HTMLInputElement;
    expect(input.disabled).toBe(true);
    expect(input.parentElement?.classList.contains('is-disabled')).toBe(true);
  });
});

describe('PasswordInput', () => {
  it('hides the text until its labelled toggle button is pressed', () => {
    render(<PasswordInput toggleLabel="Show password" defaultValue="Secret123" data-testid="password" />);
    const input = screen.getByTestId('password') as HTMLInputElement;
    const toggle = screen.getByRole('button', { name: 'Show password' });
    expect(input.type).toBe('password');
    expect(toggle.getAttribute('type')).toBe('button');
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(toggle);
    expect(input.type).toBe('text');
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    expect(input.value).toBe('Secret123');
    fireEvent.click(toggle);
    expect(input.type).toBe('password');
  });

  it('does not submit its form with the toggle, and a press on it does not move the focus to the input', () => {
    let submitted = 0;
    render(
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submitted++;
        }}
      >
        <PasswordInput toggleLabel="显示密码" data-testid="password" />
      </form>,
    );
    const toggle = screen.getByRole('button', { name: '显示密码' });
    fireEvent.mouseDown(toggle);
    expect(document.activeElement).not.toBe(screen.getByTestId('password'));
    fireEvent.click(toggle);
    expect(submitted).toBe(0);
  });
});
