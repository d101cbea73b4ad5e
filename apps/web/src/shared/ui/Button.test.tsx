// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Button } from './Button';

afterEach(cleanup);

describe('Button', () => {
  it('is a plain button by default and calls onClick', () => {
    const onClick = vi.fn();
    render(
      <Button data-testid="b" onClick={onClick}>
        Send code
      </Button>,
    );
    const button = screen.getByTestId('b');
    expect(button.getAttribute('type')).toBe('button');
    expect(button.className).toBe('k-button k-button--default');
    expect(button.getAttribute('aria-busy')).toBeNull();
    fireEvent.click(button);
    expect(onClick).toHaveBeenCalledOnce();
  });

  it('draws the variant and block, takes htmlType and extra classes', () => {
    render(
      <Button variant="primary" htmlType="submit" block className="x" data-testid="b">
        Sign in
      </Button>,
    );
    const button = screen.getByTestId('b');
    expect(button.getAttribute('type')).toBe('submit');
    expect(button.className).toBe('k-button k-button--primary k-button--block x');
  });

  it('while loading shows a spinner, says aria-busy and neither clicks nor submits', () => {
    const onClick = vi.fn();
    const onSubmit = vi.fn((event: Event) => event.preventDefault());
    const { rerender } = render(
      <form onSubmit={(e) => onSubmit(e.nativeEvent)}>
        <Button htmlType="submit" loading onClick={onClick} data-testid="b">
          Sign in
        </Button>
      </form>,
    );
    const button = screen.getByTestId('b') as HTMLButtonElement;
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(button.classList.contains('is-loading')).toBe(true);
    expect(button.disabled).toBe(false);
    expect(button.querySelector('.k-spinner')?.getAttribute('aria-hidden')).toBe('true');
    fireEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
    expect(onSubmit).not.toHaveBeenCalled();

    rerender(
      <form onSubmit={(e) => onSubmit(e.nativeEvent)}>
        <Button htmlType="submit" onClick={onClick} data-testid="b">
          Sign in
        </Button>
      </form>,
    );
    expect(button.getAttribute('aria-busy')).toBeNull();
    expect(button.querySelector('.k-spinner')).toBeNull();
    fireEvent.click(button);
    expect(onClick).toHaveBeenCalledOnce();
    expect(onSubmit).toHaveBeenCalledOnce();
  });

  it('is disabled with `disabled`', () => {
    const onClick = vi.fn();
    render(
      <Button disabled onClick={onClick} data-testid="b">
        Resend in 59 s
      </Button>,
    );
    const button = screen.getByTestId('b') as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    fireEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  it('spaces two Chinese characters apart without changing the text, as antd does', () => {
    render(
      <>
        <Button data-testid="two">登录</Button>
        <Button data-testid="three">验证码</Button>
        <Button variant="link" data-testid="link">
          注册
        </Button>
      </>,
    );
    expect(screen.getByTestId('two').textContent).toBe('登录');
    expect(screen.getByTestId('two').querySelector('.k-button-spaced')).not.toBeNull();
    expect(screen.getByTestId('three').querySelector('.k-button-spaced')).toBeNull();
    expect(screen.getByTestId('link').querySelector('.k-button-spaced')).toBeNull();
  });
});
